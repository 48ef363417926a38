import { msg, plural } from '@lingui/core/runtime-macro';
import { dayIn, formatMoney } from './format';
import { activeLocale, tr } from './i18n';
import { intlLocale } from './locales';
import type { StorageCountdown } from './storage-schemas';

// The answers' shapes live apart (storage-schemas.ts): the screens that draw a countdown load no zod with it.
export type { StorageCountdown, StorageEndingSoon } from './storage-schemas';

/*
 * The storage rule, its one owner: a parcel ready for pickup is kept free for the company's free days, then costs
 * the daily fee. Days are calendar days in the company's time zone, counted from the day it became ready (day 0):
 * with 5 free days, a parcel ready on Nov 28 is free until Dec 3 (its last free day) and Dec 4 is the first charged
 * day. The invoice's storage line, the countdown on the customer's screens, the dashboard's "ends soon" list and the
 * reminders all compute here, so what the countdown said is what the invoice charges.
 */

/** Days charged at most (a parcel forgotten for years is not billed past this; the invoice line's quantity cap). */
export const MAX_STORAGE_DAYS = 1000;

/** The company's storage rule (its rates' `storage`). */
export type StorageRule = { free_days: number; per_day_cents: number };

const DAY_MS = 86_400_000;
const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / DAY_MS;
const dayString = (n: number) => new Date(n * DAY_MS).toISOString().slice(0, 10);

/**
 * A parcel's storage at `now`: null when the company charges no storage (no daily fee). `readySince` is when it last
 * became ready for pickup; the caller decides that it still is.
 */
export function storageCountdown(input: {
  readySince: Date;
  now: Date;
  rule: StorageRule;
  currency: string;
  timeZone: string;
}): StorageCountdown | null {
  const { rule } = input;
  if (rule.per_day_cents <= 0) return null;
  const readyDay = dayNumber(dayIn(input.readySince, input.timeZone));
  // A clock a little behind the stored time (another instance) reads as "ready today", never a negative age.
  const elapsed = Math.max(0, dayNumber(dayIn(input.now, input.timeZone)) - readyDay);
  const charged = Math.min(Math.max(0, elapsed - rule.free_days), MAX_STORAGE_DAYS);
  return {
    ready_since: input.readySince.toISOString(),
    free_until: dayString(readyDay + rule.free_days),
    free_days: rule.free_days,
    free_days_left: Math.max(0, rule.free_days - elapsed),
    per_day_cents: rule.per_day_cents,
    currency: input.currency,
    days_charged: charged,
    fee_so_far_cents: charged * rule.per_day_cents,
  };
}

/** Free days end within this many days: the dashboard lists the parcel and the first reminder goes out. */
export const STORAGE_SOON_DAYS = 2;

/** Still free, and the free days end today or within STORAGE_SOON_DAYS. */
export const endsSoon = (c: StorageCountdown) =>
  c.days_charged === 0 && c.free_days_left <= STORAGE_SOON_DAYS;

/**
 * The countdown again at `now` from what an answer carried (the PWA, showing saved data offline a day later, counts
 * the days that passed since with the same rule).
 */
export function countdownAt(c: StorageCountdown, now: Date, timeZone: string): StorageCountdown {
  return (
    storageCountdown({
      readySince: new Date(c.ready_since),
      now,
      rule: { free_days: c.free_days, per_day_cents: c.per_day_cents },
      currency: c.currency,
      timeZone,
    }) ?? c
  );
}

/** "1 day", "2 days", "0 days" (the language's plural rule, not a bare "s"). */
export const daysWord = (n: number) => tr(msg`${plural({ count: n }, { one: '# day', other: '# days' })}`);

const shortDays = new Map<string, Intl.DateTimeFormat>();
/** A calendar day (YYYY-MM-DD) as "Dec 3" (in the reader's language). */
export const formatShortDay = (day: string) => {
  const locale = intlLocale(activeLocale());
  let format = shortDays.get(locale);
  if (!format) {
    format = new Intl.DateTimeFormat(locale, { month: 'short', day: 'numeric', timeZone: 'UTC' });
    shortDays.set(locale, format);
  }
  return format.format(new Date(`${day}T00:00:00Z`));
};

/** How the portal and the notices word a countdown. */
export function storageWords(c: StorageCountdown): { terms: string; soFar: string | null } {
  const perDay = formatMoney(c.per_day_cents, c.currency);
  const until = formatShortDay(c.free_until);
  return {
    terms: tr(msg`Free until ${{ until }}, then ${{ perDay }} a day`),
    soFar:
      c.days_charged > 0
        ? tr(
            msg`${{ fee: formatMoney(c.fee_so_far_cents, c.currency) }} so far (${plural(
              { count: c.days_charged },
              { one: '# day', other: '# days' },
            )})`,
          )
        : null,
  };
}
