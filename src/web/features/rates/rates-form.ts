import './i18n';
import { t } from '@lingui/core/macro';
import type { RateSet } from '../../../contract/rates';

/*
 * The "New rates" form's values (amounts in the company's currency, as typed) and the rate set they stand for
 * (integer cents), both ways; the checks the server also makes, so most mistakes show before a round trip.
 */

export type Amount = number | '';
export type BracketRow = { max_lb: Amount; charge: Amount };
export type ScheduleValues = { brackets: BracketRow[]; excess: Amount };
export type FreightValues = ScheduleValues & { minimum: Amount };

export type RatesFormValues = {
  air: FreightValues;
  sea: FreightValues;
  handling: ScheduleValues;
  free_days: Amount;
  storage_per_day: Amount;
  exchange_rate: string;
  /** "YYYY-MM-DD" and "HH:MM" in the browser's time; left as they opened, they mean "when I press Save". */
  date: string;
  time: string;
};

const toCents = (v: Amount) => Math.round(Number(v) * 100);
const toAmount = (cents: number) => cents / 100;
const pad = (n: number) => String(n).padStart(2, '0');

/** Today's date and the current minute, in the browser's time, as the form's fields hold them. */
export function nowFields(now = new Date()): { date: string; time: string } {
  return {
    date: `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`,
    time: `${pad(now.getHours())}:${pad(now.getMinutes())}`,
  };
}

const scheduleValues = (s: {
  brackets: { max_lb: number; charge_cents: number }[];
  excess_per_lb_cents: number;
}) => ({
  brackets: s.brackets.map((b) => ({ max_lb: b.max_lb, charge: toAmount(b.charge_cents) })),
  excess: toAmount(s.excess_per_lb_cents),
});

/** The form, filled with a version's rates (the one in force) and "now". */
export function ratesValues(r: RateSet, now = new Date()): RatesFormValues {
  return {
    air: { ...scheduleValues(r.freight.air), minimum: toAmount(r.freight.air.minimum_cents) },
    sea: { ...scheduleValues(r.freight.sea), minimum: toAmount(r.freight.sea.minimum_cents) },
    handling: scheduleValues(r.handling),
    free_days: r.storage.free_days,
    storage_per_day: toAmount(r.storage.per_day_cents),
    exchange_rate: r.exchange_rate,
    ...nowFields(now),
  };
}

const schedule = (v: ScheduleValues) => ({
  brackets: v.brackets.map((b) => ({ max_lb: Number(b.max_lb), charge_cents: toCents(b.charge) })),
  excess_per_lb_cents: toCents(v.excess),
});

/** The rate set the values stand for (the preview's draft, and what "Save rates" sends). */
export function toRateSet(v: RatesFormValues): RateSet {
  return {
    freight: {
      air: { ...schedule(v.air), minimum_cents: toCents(v.air.minimum) },
      sea: { ...schedule(v.sea), minimum_cents: toCents(v.sea.minimum) },
    },
    handling: schedule(v.handling),
    storage: { free_days: Number(v.free_days), per_day_cents: toCents(v.storage_per_day) },
    exchange_rate: v.exchange_rate.trim(),
  };
}

/** When the version starts: the chosen date and time, or the moment of saving when they were left at "now". */
export function effectiveFrom(
  v: RatesFormValues,
  opened: { date: string; time: string },
  now = new Date(),
): string {
  if (v.date === opened.date && v.time === opened.time) return now.toISOString();
  return new Date(`${v.date}T${v.time || '00:00'}`).toISOString();
}

const blank = (v: Amount) => v === '' || Number.isNaN(Number(v));

function checkSchedule(prefix: string, v: ScheduleValues, errors: Record<string, string>) {
  if (v.brackets.length === 0) errors[`${prefix}.brackets`] = t`Add at least one bracket`;
  v.brackets.forEach((b, i) => {
    const prev = v.brackets[i - 1];
    const row = i + 1;
    if (blank(b.max_lb) || Number(b.max_lb) < 1 || !Number.isInteger(Number(b.max_lb))) {
      errors[`${prefix}.brackets.${i}.max_lb`] = t`Row ${row}: whole pounds, at least 1`;
    } else if (prev && !blank(prev.max_lb) && Number(b.max_lb) <= Number(prev.max_lb)) {
      const before = i;
      const max = prev.max_lb;
      errors[`${prefix}.brackets.${i}.max_lb`] =
        t`Row ${row}: the max weight must be more than row ${before}'s ${max} lb (brackets may not overlap)`;
    }
    if (blank(b.charge) || Number(b.charge) < 0) {
      errors[`${prefix}.brackets.${i}.charge`] = t`Row ${row}: a charge of 0 or more`;
    }
  });
  if (blank(v.excess) || Number(v.excess) < 0) errors[`${prefix}.excess`] = t`Enter 0 or more`;
}

/** The form's own checks (the server makes the same): field → message. */
export function checkRates(v: RatesFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  checkSchedule('air', v.air, errors);
  checkSchedule('sea', v.sea, errors);
  checkSchedule('handling', v.handling, errors);
  for (const mode of ['air', 'sea'] as const) {
    if (blank(v[mode].minimum) || Number(v[mode].minimum) < 0) errors[`${mode}.minimum`] = t`Enter 0 or more`;
  }
  if (blank(v.free_days) || Number(v.free_days) < 0) errors.free_days = t`Enter 0 or more days`;
  if (blank(v.storage_per_day) || Number(v.storage_per_day) < 0) errors.storage_per_day = t`Enter 0 or more`;
  if (!/^\d{1,8}(\.\d{1,4})?$/.test(v.exchange_rate.trim()) || Number(v.exchange_rate) <= 0) {
    errors.exchange_rate = t`A number more than 0, like 157.25 (at most 4 decimals)`;
  }
  if (!v.date) errors.date = t`Choose the date`;
  return errors;
}

/**
 * The form's field for a field the server named ("rates.freight.air.brackets.2.charge_cents" →
 * "air.brackets.2.charge"); null for one the form does not have.
 */
export function formFieldOf(serverField: string): string | null {
  const f = serverField.replace(/^body\./, '');
  if (f === 'effective_from') return 'date';
  const m =
    /^rates\.(?:freight\.(air|sea)|(handling))\.(?:brackets\.(\d+)\.(max_lb|charge_cents)|(excess_per_lb_cents|minimum_cents)|(brackets))$/.exec(
      f,
    );
  if (m) {
    const prefix = m[1] ?? m[2];
    if (m[3] !== undefined)
      return `${prefix}.brackets.${m[3]}.${m[4] === 'charge_cents' ? 'charge' : 'max_lb'}`;
    if (m[5]) return `${prefix}.${m[5] === 'minimum_cents' ? 'minimum' : 'excess'}`;
    return `${prefix}.brackets`;
  }
  const flat: Record<string, string> = {
    'rates.storage.free_days': 'free_days',
    'rates.storage.per_day_cents': 'storage_per_day',
    'rates.exchange_rate': 'exchange_rate',
  };
  return flat[f] ?? null;
}

/** A rate as a percent for a field ("0.165" → 16.5), and back as the exact decimal the server takes. */
export const percentOf = (rate: string): number => Math.round(Number(rate) * 1_000_000) / 10_000;
export function rateOf(percent: Amount): string {
  const s = (Number(percent) / 100).toFixed(6).replace(/0+$/, '').replace(/\.$/, '');
  return s === '' ? '0' : s;
}
