import { describe, expect, it } from 'vitest';
import {
  currencySymbol,
  formatDate,
  formatDateTime,
  formatDecimal,
  formatExchangeRate,
  formatMoney,
  formatRate,
  formatRelative,
  formatTime,
  formatWeight,
  isTimeZone,
  setDisplayTimeZone,
  timeZoneNames,
} from './format';

describe('formatMoney', () => {
  it('always says which dollar it is', () => {
    expect(formatMoney(123450, 'USD')).toBe('US$1,234.50');
    expect(formatMoney(2259940, 'JMD')).toBe('J$22,599.40');
    expect(formatMoney(13928881, 'JMD')).toBe('J$139,288.81');
    expect(formatMoney(500, 'CAD')).toBe('CA$5.00');
    expect(formatMoney(1000, 'ttd')).toBe('TT$10.00');
    for (const currency of ['USD', 'JMD', 'CAD', 'TTD', 'XCD', 'BBD']) {
      expect(formatMoney(100, currency)).not.toMatch(/^-?\$/);
      expect(formatMoney(100, currency)).not.toContain(currency);
    }
  });

  it('uses the currency sign of other currencies, or the code when there is none', () => {
    expect(formatMoney(300, 'EUR')).toBe('€3.00');
    expect(formatMoney(1999, 'GBP')).toBe('£19.99');
    expect(formatMoney(1000, 'CHF')).toBe('CHF\u00a010.00');
    expect(currencySymbol('CNY')).toBe('CN¥');
  });

  it('knows currencies without cents', () => {
    expect(formatMoney(1235, 'JPY')).toBe('¥1,235');
  });

  it('writes zero, negatives and stray fractions of a cent', () => {
    expect(formatMoney(0, 'JMD')).toBe('J$0.00');
    expect(formatMoney(5, 'JMD')).toBe('J$0.05');
    expect(formatMoney(-38000, 'JMD')).toBe('-J$380.00');
    expect(formatMoney(-1, 'USD')).toBe('-US$0.01');
    expect(formatMoney(12.5, 'JMD')).toBe('J$0.13');
    expect(formatMoney(99_999_999_999, 'JMD')).toBe('J$999,999,999.99');
  });

  it('defaults to Jamaican dollars', () => {
    expect(formatMoney(100)).toBe('J$1.00');
  });
});

describe('rates, exchange rates and weights', () => {
  it('writes rates as people read them', () => {
    expect(formatRate('0.2000')).toBe('20\u00a0%');
    expect(formatRate('0.003')).toBe('0.3\u00a0%');
    expect(formatRate('0.165')).toBe('16.5\u00a0%');
    expect(formatRate('0')).toBe('0\u00a0%');
    expect(formatRate(null)).toBe('—');
  });

  it('drops trailing zeros', () => {
    expect(formatDecimal('157.2500')).toBe('157.25');
    expect(formatDecimal('2.40')).toBe('2.4');
    expect(formatDecimal('1500')).toBe('1,500');
  });

  it('names both currencies of an exchange rate', () => {
    expect(formatExchangeRate('157.2500', 'JMD')).toBe('US$1 = J$157.25');
    expect(formatExchangeRate('1.3600', 'CAD')).toBe('US$1 = CA$1.36');
  });

  it('writes a weight with one unit', () => {
    expect(formatWeight('4.00')).toBe('4 lb');
    expect(formatWeight(2.4)).toBe('2.4 lb');
  });
});

describe('dates and times', () => {
  it('reads a calendar date as that day', () => {
    expect(formatDate('2026-12-06')).toBe('Dec 6, 2026');
    expect(formatDateTime('2026-12-06')).toBe('Dec 6, 2026');
    expect(formatDate('not a date')).toBe('not a date');
  });

  it('reads a moment in the company time zone (Jamaica, UTC−5, no daylight saving)', () => {
    // 03:30 UTC on the 24th is still the evening of the 23rd in Kingston.
    expect(formatDate('2026-11-24T03:30:00Z')).toBe('Nov 23, 2026');
    expect(formatDate('2026-11-24T05:00:00Z')).toBe('Nov 24, 2026');
    expect(formatDateTime('2026-11-23T19:46:48Z')).toBe('Nov 23, 2026, 2:46 PM');
    expect(formatDateTime('2026-07-01T12:00:00Z')).toBe('Jul 1, 2026, 7:00 AM');
    expect(formatTime('2026-11-23T19:46:48Z')).toBe('2:46 PM');
  });

  it('uses another time zone when asked', () => {
    expect(formatDateTime('2026-11-23T19:46:48Z', 'UTC')).toBe('Nov 23, 2026, 7:46 PM');
    expect(formatDate('2026-11-24T03:30:00Z', 'Europe/London')).toBe('Nov 24, 2026');
  });

  it('shows a moment near midnight as the day it is in the company’s zone', () => {
    // 23:30 on Nov 30 in Kingston is 04:30 on Dec 1 in London.
    const lateEvening = '2026-12-01T04:30:00Z';
    expect(formatDate(lateEvening, 'America/Jamaica')).toBe('Nov 30, 2026');
    expect(formatDateTime(lateEvening, 'America/Jamaica')).toBe('Nov 30, 2026, 11:30 PM');
    expect(formatDate(lateEvening, 'Europe/London')).toBe('Dec 1, 2026');
    expect(formatDateTime(lateEvening, 'Europe/London')).toBe('Dec 1, 2026, 4:30 AM');
  });

  it('formats in the zone the PWA set for its company when none is passed, and falls back on a bad one', () => {
    const lateEvening = '2026-12-01T04:30:00Z';
    try {
      setDisplayTimeZone('Europe/London');
      expect(formatDate(lateEvening)).toBe('Dec 1, 2026');
      expect(formatTime(lateEvening)).toBe('4:30 AM');
      expect(formatRelative(lateEvening, new Date('2026-12-20T00:00:00Z'))).toBe('Dec 1, 2026');
      // A calendar date is that day in every zone.
      expect(formatDate('2026-12-06')).toBe('Dec 6, 2026');
      setDisplayTimeZone('Not/AZone');
      expect(formatDate(lateEvening)).toBe('Nov 30, 2026');
    } finally {
      setDisplayTimeZone(null);
    }
    expect(formatDate(lateEvening)).toBe('Nov 30, 2026');
  });

  it('knows time zone names', () => {
    expect(isTimeZone('America/Jamaica')).toBe(true);
    expect(isTimeZone('UTC')).toBe(true);
    expect(isTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isTimeZone('')).toBe(false);
    expect(timeZoneNames()).toContain('America/Jamaica');
    expect(timeZoneNames().length).toBeGreaterThan(100);
  });

  it('says how long ago, then the date', () => {
    const now = new Date('2026-11-26T12:00:00Z');
    const ago = (seconds: number) => formatRelative(new Date(now.getTime() - seconds * 1000), now);
    expect(ago(10)).toBe('just now');
    expect(ago(120)).toBe('2 minutes ago');
    expect(ago(2 * 3600)).toBe('2 hours ago');
    expect(ago(26 * 3600)).toBe('yesterday');
    expect(ago(3 * 86400)).toBe('3 days ago');
    expect(ago(-3 * 86400)).toBe('in 3 days');
    expect(ago(50 * 60)).toBe('1 hour ago');
    expect(ago(10 * 86400)).toBe('Nov 16, 2026');
    expect(ago(40 * 86400)).toBe('Oct 17, 2026');
    expect(formatRelative('2026-11-26T10:00:00.000Z', now)).toBe('2 hours ago');
  });
});
