import { describe, expect, it } from 'vitest';
import { countdownAt, daysWord, endsSoon, storageCountdown, storageWords } from './storage';

const RULE = { free_days: 5, per_day_cents: 15_000 };
const JAMAICA = 'America/Jamaica'; // UTC-5 all year
const at = (iso: string) => new Date(iso);
const countdown = (readySince: string, now: string, rule = RULE, timeZone = JAMAICA) =>
  storageCountdown({ readySince: at(readySince), now: at(now), rule, currency: 'JMD', timeZone });

describe('the storage rule', () => {
  it('is free on the day the parcel became ready, and says its last free day', () => {
    const c = countdown('2026-11-28T15:00:00Z', '2026-11-28T20:00:00Z');
    expect(c).toMatchObject({
      free_until: '2026-12-03',
      free_days_left: 5,
      days_charged: 0,
      fee_so_far_cents: 0,
    });
  });

  it('charges nothing on the last free day (exactly the free days), one day the day after', () => {
    expect(countdown('2026-11-28T15:00:00Z', '2026-12-03T23:00:00Z')).toMatchObject({
      free_days_left: 0,
      days_charged: 0,
    });
    expect(countdown('2026-11-28T15:00:00Z', '2026-12-04T15:00:00Z')).toMatchObject({
      days_charged: 1,
      fee_so_far_cents: 15_000,
    });
    expect(countdown('2026-11-28T15:00:00Z', '2026-12-08T15:00:00Z')).toMatchObject({
      days_charged: 5,
      fee_so_far_cents: 75_000,
    });
  });

  it('counts calendar days in the company’s time zone, not 24-hour periods nor UTC days', () => {
    // Ready at 11:30 PM in Jamaica on Nov 28 (04:30 UTC Nov 29): Nov 28 is day 0 there.
    const late = countdown('2026-11-29T04:30:00Z', '2026-12-04T05:30:00Z');
    expect(late).toMatchObject({ free_until: '2026-12-03', days_charged: 1 });
    // One minute before midnight in Jamaica it is still the last free day; a minute after, the fee runs.
    expect(countdown('2026-11-29T04:30:00Z', '2026-12-04T04:59:00Z')?.days_charged).toBe(0);
    expect(countdown('2026-11-29T04:30:00Z', '2026-12-04T05:01:00Z')?.days_charged).toBe(1);
    // The same moments in UTC are a day later.
    expect(countdown('2026-11-29T04:30:00Z', '2026-12-04T05:30:00Z', RULE, 'UTC')).toMatchObject({
      free_until: '2026-12-04',
      days_charged: 0,
    });
  });

  it('has no countdown when storage is free, and never a negative age', () => {
    expect(
      countdown('2026-11-28T15:00:00Z', '2026-12-20T15:00:00Z', { free_days: 5, per_day_cents: 0 }),
    ).toBeNull();
    expect(countdown('2026-11-28T15:00:00Z', '2026-11-27T15:00:00Z')).toMatchObject({
      days_charged: 0,
      free_days_left: 5,
    });
  });

  it('counts again later from what an answer carried (saved data shown offline)', () => {
    const saved = countdown('2026-11-28T15:00:00Z', '2026-12-01T15:00:00Z');
    if (!saved) throw new Error('no countdown');
    expect(countdownAt(saved, at('2026-12-05T15:00:00Z'), JAMAICA)).toMatchObject({ days_charged: 2 });
  });

  it('ends soon within 2 days while still free', () => {
    const on = (now: string) => {
      const c = countdown('2026-11-28T15:00:00Z', now);
      return c ? endsSoon(c) : null;
    };
    expect([on('2026-11-30T15:00:00Z'), on('2026-12-01T15:00:00Z'), on('2026-12-03T15:00:00Z')]).toEqual([
      false,
      true,
      true,
    ]);
    expect(on('2026-12-04T15:00:00Z')).toBe(false);
  });

  it('is worded with the house money and a real plural', () => {
    const one = countdown('2026-11-28T15:00:00Z', '2026-12-04T15:00:00Z');
    const two = countdown('2026-11-28T15:00:00Z', '2026-12-05T15:00:00Z');
    if (!one || !two) throw new Error('no countdown');
    expect(storageWords(one)).toEqual({
      terms: 'Free until Dec 3, then J$150.00 a day',
      soFar: 'J$150.00 so far (1 day)',
    });
    expect(storageWords(two).soFar).toBe('J$300.00 so far (2 days)');
    expect([daysWord(0), daysWord(1), daysWord(2)]).toEqual(['0 days', '1 day', '2 days']);
  });
});
