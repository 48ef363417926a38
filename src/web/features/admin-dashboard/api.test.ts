import { describe, expect, it } from 'vitest';
import { localDay } from './api';

describe('localDay', () => {
  it('starts the clerk’s day at their local midnight and names that date', () => {
    const late = new Date(2026, 10, 23, 23, 59, 30);
    const day = localDay(late);
    expect(day.date).toBe('2026-11-23');
    expect(new Date(day.since).getTime()).toBe(new Date(2026, 10, 23).getTime());
    expect(localDay(new Date(2026, 0, 5, 0, 0, 1)).date).toBe('2026-01-05');
  });
});
