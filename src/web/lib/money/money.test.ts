import { describe, expect, it } from 'vitest';
import { formatAmount, formatDay, formatRate, formatUsd } from './money';

describe('money formatting', () => {
  it('shows integer cents as Jamaican dollars, naming them', () => {
    expect(formatAmount(1216231)).toBe('J$12,162.31');
    expect(formatAmount(0)).toBe('J$0.00');
    expect(formatAmount(5)).toBe('J$0.05');
    expect(formatAmount(-38000)).toBe('-J$380.00');
  });

  it('shows US cents with the US prefix', () => {
    expect(formatUsd(10000)).toBe('US$100.00');
    expect(formatAmount(10000, 'USD')).toBe('US$100.00');
  });

  it('turns decimal rate strings into percentages', () => {
    expect(formatRate('0.2000')).toBe('20\u00a0%');
    expect(formatRate('0.015')).toBe('1.5\u00a0%');
    expect(formatRate(null)).toBe('—');
  });

  it('reads a calendar date as that day', () => {
    expect(formatDay('2026-11-22')).toBe('Nov 22, 2026');
    expect(formatDay('not a date')).toBe('not a date');
  });
});
