/**
 * The one way money, rates, weights, dates and times are written, shared by the PWA, the mails and the invoice PDF.
 * Intl only (no zod, no dependencies) so the PWA bundle stays small.
 *
 * Money is integer minor units of an ISO currency and always says which dollar it is: "US$1,234.50", "J$22,599.40",
 * "CA$5.00", "€3.00"; never a bare "$" and never "$… JMD".
 */

import { msg } from '@lingui/core/runtime-macro';
import { activeLocale, tr } from './i18n';
import { intlLocale, isRtl } from './locales';

/** A company's time zone until its admin picks another (Company settings): the demo companies are in Jamaica. */
export const DEFAULT_TIME_ZONE = 'America/Jamaica';
/** Numbers and dates follow the language words are being written in (the reader's: see i18n.ts). */
const numbersLocale = () => intlLocale(activeLocale());
/**
 * Amounts and weights inside right-to-left text stay one left-to-right unit ("J$1,234.50", not "$J 1,234.50"):
 * wrapped in Unicode's left-to-right isolate when the language reads right to left.
 */
const isolated = (text: string) => (isRtl(activeLocale()) ? `\u2066${text}\u2069` : text);

/** True for a time zone name Intl knows ("America/Jamaica", "UTC"); false for anything else. */
export function isTimeZone(value: string): boolean {
  if (!value || value.length > 64) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

/** Every time zone Intl lists (for a picker), with the default first when the runtime lists none. */
export function timeZoneNames(): string[] {
  const supported = (Intl as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf;
  const names = supported ? supported('timeZone') : [];
  return names.includes(DEFAULT_TIME_ZONE) ? names : [DEFAULT_TIME_ZONE, ...names];
}

let displayZone = DEFAULT_TIME_ZONE;

/**
 * The zone the formatters below use when none is passed. The PWA shows one company, so it sets it once from that
 * company (boot block, `GET /v1/companies/me`) and every screen formats in it without threading it through. The
 * server serves many companies and never calls this: it passes the company's zone to each call.
 */
export function setDisplayTimeZone(zone: string | null | undefined): void {
  displayZone = zone && isTimeZone(zone) ? zone : DEFAULT_TIME_ZONE;
}

/** The zone dates are shown in when no zone is passed (see setDisplayTimeZone). */
export const displayTimeZone = () => displayZone;

const dayFormats = new Map<string, Intl.DateTimeFormat>();
function dayParts(at: Date, timeZone: string) {
  let f = dayFormats.get(timeZone);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', {
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
      hour: 'numeric',
      minute: 'numeric',
      second: 'numeric',
      hourCycle: 'h23',
      timeZone,
    });
    dayFormats.set(timeZone, f);
  }
  const n = (type: string) => Number(f.formatToParts(at).find((p) => p.type === type)?.value ?? 0);
  return { y: n('year'), m: n('month'), d: n('day'), h: n('hour'), min: n('minute'), s: n('second') };
}

/** The calendar day (YYYY-MM-DD) it is at `at` in the zone. */
export function dayIn(at: Date = new Date(), timeZone = displayZone): string {
  const p = dayParts(at, timeZone);
  const pad = (v: number) => String(v).padStart(2, '0');
  return `${p.y}-${pad(p.m)}-${pad(p.d)}`;
}

/** The moment that day began (midnight) in the zone. */
export function startOfDayIn(at: Date = new Date(), timeZone = displayZone): Date {
  const p = dayParts(at, timeZone);
  // The zone's offset at this moment: its wall clock read as UTC, minus the moment itself (whole seconds).
  const offset = Date.UTC(p.y, p.m - 1, p.d, p.h, p.min, p.s) - Math.floor(at.getTime() / 1000) * 1000;
  return new Date(Date.UTC(p.y, p.m - 1, p.d) - offset);
}

/** Dollars are told apart by their country prefix, the way Caribbean invoices write them. */
const DOLLAR_PREFIX: Record<string, string> = {
  USD: 'US$',
  JMD: 'J$',
  CAD: 'CA$',
  AUD: 'A$',
  NZD: 'NZ$',
  TTD: 'TT$',
  BBD: 'Bds$',
  BSD: 'B$',
  BZD: 'BZ$',
  KYD: 'CI$',
  XCD: 'EC$',
  GYD: 'GY$',
  HKD: 'HK$',
  SGD: 'S$',
  MXN: 'MX$',
};

const moneyFormats = new Map<string, Intl.NumberFormat>();
function moneyFormat(currency: string, locale = 'en-US'): Intl.NumberFormat {
  const key = `${locale}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol' });
    moneyFormats.set(key, format);
  }
  return format;
}

/** How many minor units the currency has (2 for JMD and USD, 0 for JPY). */
export function currencyDigits(currency: string): number {
  return moneyFormat(currency.toUpperCase()).resolvedOptions().maximumFractionDigits ?? 2;
}

/** The sign that names the currency: "J$", "US$", "€", or the code ("TTD") when Intl has no unambiguous one. */
export function currencySymbol(currency: string): string {
  const code = currency.toUpperCase();
  const prefix = DOLLAR_PREFIX[code];
  if (prefix) return prefix;
  const part = moneyFormat(code)
    .formatToParts(1)
    .find((p) => p.type === 'currency')?.value;
  return !part || part === '$' ? code : part;
}

/**
 * Integer minor units → "J$1,234.50", "-US$5.00", "¥1,235", "TTD 10.00" in English; the language decides the
 * digits' grouping and where the sign goes ("1 234,50 J$" in French), the currency keeps its own sign.
 */
export function formatMoney(minorUnits: number, currency = 'JMD'): string {
  const code = (currency || 'JMD').toUpperCase();
  const digits = currencyDigits(code);
  const units = Math.round(minorUnits);
  const symbol = currencySymbol(code);
  const spaced = /^[A-Z]{3}$/.test(symbol) ? `${symbol}\u00a0` : symbol;
  const locale = numbersLocale();
  const parts = moneyFormat(code, locale).formatToParts(Math.abs(units) / 10 ** digits);
  const number = parts
    .filter((p) => p.type !== 'currency' && p.type !== 'literal')
    .map((p) => p.value)
    .join('');
  const sign = units < 0 ? '-' : '';
  // Where the language writes the sign after the number (French, Spanish), so do we, with its space.
  const at = parts.findIndex((p) => p.type === 'currency');
  const after = at > 0 && parts.slice(0, at).some((p) => p.type === 'integer');
  return isolated(after ? `${sign}${number}\u00a0${symbol}` : `${sign}${spaced}${number}`);
}

/** "157.2500" → "157.25"; "2.40" → "2.4"; at most `maxDigits` decimals, thousands grouped. */
export function formatDecimal(value: string | number, maxDigits = 2): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) return String(value);
  return new Intl.NumberFormat(numbersLocale(), { maximumFractionDigits: maxDigits }).format(n);
}

/** A decimal rate string ("0.2000", "0.003") as people read it: "20 %", "0.3 %"; "—" when there is none. */
export function formatRate(rate: string | number | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return '—';
  const n = Number(rate);
  if (!Number.isFinite(n)) return String(rate);
  // Four decimals of a percentage cover every rate the settings allow (six decimals of a fraction).
  return `${formatDecimal(Math.round(n * 1_000_000) / 10_000, 4)}\u00a0%`;
}

/** "US$1 = J$157.25": what one unit of `from` costs in `to`. */
export function formatExchangeRate(rate: string | number, to = 'JMD', from = 'USD'): string {
  return isolated(`${currencySymbol(from)}1 = ${currencySymbol(to)}${formatDecimal(rate, 4)}`);
}

/** Pounds with one unit: "4 lb", "2.4 lb". */
export const formatWeight = (pounds: string | number) => isolated(`${formatDecimal(pounds)} lb`);

type DateInput = string | Date | number;
const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

const dateFormats = new Map<string, Intl.DateTimeFormat>();
function dateFormat(kind: 'date' | 'dateTime' | 'time', timeZone: string): Intl.DateTimeFormat {
  const locale = numbersLocale();
  const key = `${locale}:${kind}:${timeZone}`;
  let format = dateFormats.get(key);
  if (!format) {
    const day = { year: 'numeric', month: 'short', day: 'numeric' } as const;
    const time = { hour: 'numeric', minute: '2-digit' } as const;
    format = new Intl.DateTimeFormat(locale, {
      ...(kind !== 'time' ? day : {}),
      ...(kind !== 'date' ? time : {}),
      timeZone,
    });
    dateFormats.set(key, format);
  }
  return format;
}

/** A calendar date ("2026-12-06") is that day everywhere; an instant is read in the company's zone. */
function toInstant(value: DateInput): { date: Date; calendar: boolean } | null {
  if (typeof value === 'string') {
    const m = CALENDAR_DAY.exec(value);
    if (m) return { date: new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]))), calendar: true };
  }
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : { date, calendar: false };
}

/** "Nov 23, 2026" (a timestamp as the day it was in the company's time zone). */
export function formatDate(value: DateInput, timeZone = displayZone): string {
  const t = toInstant(value);
  if (!t) return String(value);
  return dateFormat('date', t.calendar ? 'UTC' : timeZone).format(t.date);
}

/** "Nov 23, 2026, 2:46 PM" in the company's time zone; a calendar date has no time. */
export function formatDateTime(value: DateInput, timeZone = displayZone): string {
  const t = toInstant(value);
  if (!t) return String(value);
  if (t.calendar) return formatDate(value);
  return dateFormat('dateTime', timeZone).format(t.date);
}

/** "2:46 PM" in the company's time zone. */
export function formatTime(value: DateInput, timeZone = displayZone): string {
  const t = toInstant(value);
  return t ? dateFormat('time', timeZone).format(t.date) : String(value);
}

const relativeFormats = new Map<string, Intl.RelativeTimeFormat>();
function relativeFormat(): Intl.RelativeTimeFormat {
  const locale = numbersLocale();
  let format = relativeFormats.get(locale);
  if (!format) {
    format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
    relativeFormats.set(locale, format);
  }
  return format;
}
const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * "just now", "5 minutes ago", "3 hours ago", "yesterday", "4 days ago", "in 3 days"; from a week on, the date
 * itself. Show the exact time (formatDateTime) beside it or in a title.
 */
export function formatRelative(
  value: DateInput,
  now: Date | number = Date.now(),
  timeZone = displayZone,
): string {
  const t = toInstant(value);
  if (!t) return String(value);
  const seconds = Math.round((t.date.getTime() - (typeof now === 'number' ? now : now.getTime())) / 1000);
  const abs = Math.abs(seconds);
  if (abs < 45) return tr(msg`just now`);
  if (abs < 45 * MINUTE) return relativeFormat().format(Math.round(seconds / MINUTE), 'minute');
  if (abs < 22 * HOUR) return relativeFormat().format(Math.round(seconds / HOUR), 'hour');
  if (abs < 7 * DAY) return relativeFormat().format(Math.round(seconds / DAY), 'day');
  return formatDate(value, timeZone);
}
