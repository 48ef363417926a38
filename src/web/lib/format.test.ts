import { describe, expect, it } from 'vitest';
import { formatDeclared, formatDimensions } from './format';

describe('what nobody gave reads as not given, never as 0', () => {
  it('a declared value of 0', () => {
    expect(formatDeclared(0)).toBe('Not given');
    expect(formatDeclared(0, 'USD', '—')).toBe('—');
    expect(formatDeclared(2550)).toBe('US$25.50');
  });

  it('a parcel nobody measured', () => {
    expect(formatDimensions('0', '0.00', '0')).toBeNull();
    expect(formatDimensions('12', '9.5', '4')).toBe('12 × 9.5 × 4 in');
  });
});
