import { describe, expect, it } from 'vitest';
import { localDay } from './api';

describe('localDay', () => {
  it('starts the company’s day at midnight in its time zone and names that date', () => {
    // 23:59:30 on Nov 23 in Kingston (UTC−5) is already Nov 24 in UTC.
    const late = new Date('2026-11-24T04:59:30Z');
    const day = localDay(late, 'America/Jamaica');
    expect(day.date).toBe('2026-11-23');
    expect(day.since).toBe('2026-11-23T05:00:00.000Z');
    expect(localDay(new Date('2026-01-05T05:00:01Z'), 'America/Jamaica').date).toBe('2026-01-05');
    // The same moment in London is the next day, begun at its own midnight.
    expect(localDay(late, 'Europe/London')).toEqual({
      date: '2026-11-24',
      since: '2026-11-24T00:00:00.000Z',
    });
    // Daylight saving: New York's midnight on Jul 4 is 04:00 UTC.
    expect(localDay(new Date('2026-07-04T15:00:00Z'), 'America/New_York').since).toBe(
      '2026-07-04T04:00:00.000Z',
    );
  });
});
