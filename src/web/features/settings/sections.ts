import './i18n';
import { plural, t } from '@lingui/core/macro';
import { formatMoney, formatRate } from '../../../contract/format';
import type { CompanySettings, UpdateSettingsInput } from '../../../contract/settings';

/*
 * The four sections of Company settings as their forms hold them (amounts in dollars, the tax as a percentage) and
 * back to what the API takes (cents, a rate). Pure, so the conversions are unit-tested.
 */

export type PaymentValues = {
  bank_name: string;
  account_name: string;
  account_number: string;
  branch: string;
  account_type: string;
  counter: string;
  online_url: string;
  overdue: string;
};
export type PointsValues = {
  earn_dollars: number | string;
  prealert_bonus: number | string;
  point_dollars: number | string;
};
export type InvoiceValues = {
  tax_percent: number | string;
  tax_label: string;
  terms: string;
  due_days: number | string;
};
export type TimeZoneValues = { time_zone: string };

export const paymentValues = (s: CompanySettings): PaymentValues => ({
  ...s.payment.bank_transfer,
  counter: s.payment.counter,
  online_url: s.payment.online_url,
  overdue: s.payment.overdue,
});

export const paymentBody = (v: PaymentValues): UpdateSettingsInput => ({
  payment: {
    bank_transfer: {
      bank_name: v.bank_name.trim(),
      account_name: v.account_name.trim(),
      account_number: v.account_number.trim(),
      branch: v.branch.trim(),
      account_type: v.account_type.trim(),
    },
    counter: v.counter.trim(),
    online_url: v.online_url.trim(),
    overdue: v.overdue.trim(),
  },
});

const num = (v: number | string) => (typeof v === 'number' ? v : v.trim() === '' ? Number.NaN : Number(v));
const cents = (dollars: number | string) => Math.round(num(dollars) * 100);

export const pointsValues = (s: CompanySettings): PointsValues => ({
  earn_dollars: s.points.cents_per_point / 100,
  prealert_bonus: s.points.prealert_bonus,
  point_dollars: s.points.point_value_cents / 100,
});

export const pointsBody = (v: PointsValues): UpdateSettingsInput => ({
  points: {
    cents_per_point: cents(v.earn_dollars),
    prealert_bonus: num(v.prealert_bonus),
    point_value_cents: cents(v.point_dollars),
  },
});

/** "0.15" → 15 (a percentage with up to four decimals). */
export const percentOf = (rate: string) => Math.round(Number(rate) * 1_000_000) / 10_000;
/** 15 → "0.15"; 0 → "0"; 100 → "1". */
export const rateOf = (percent: number | string) => String(Math.round(num(percent) * 10_000) / 1_000_000);

export const invoiceValues = (s: CompanySettings): InvoiceValues => ({
  tax_percent: percentOf(s.invoice.tax_rate),
  tax_label: s.invoice.tax_label,
  terms: s.invoice.terms,
  due_days: s.invoice.due_days,
});

export const invoiceBody = (v: InvoiceValues): UpdateSettingsInput => ({
  invoice: {
    tax_rate: rateOf(v.tax_percent),
    tax_label: v.tax_label.trim(),
    terms: v.terms.trim(),
    due_days: num(v.due_days),
  },
});

export const timeZoneValues = (s: CompanySettings): TimeZoneValues => ({ time_zone: s.time_zone });
export const timeZoneBody = (v: TimeZoneValues): UpdateSettingsInput => ({ time_zone: v.time_zone });

/** A server (or schema) error path → the form field it belongs to: "points.cents_per_point" → "earn_dollars". */
const FIELD_OF: Record<string, string> = {
  cents_per_point: 'earn_dollars',
  point_value_cents: 'point_dollars',
  tax_rate: 'tax_percent',
};
export function fieldOf(path: string): string {
  const last =
    path
      .replace(/^body\./, '')
      .split('.')
      .at(-1) ?? path;
  return FIELD_OF[last] ?? last;
}

/** Checks the form can hold: whole numbers, bounds, a percentage; the server checks the rest the same way. */
export function checkPoints(v: PointsValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!(num(v.earn_dollars) >= 0.01)) errors.earn_dollars = t`At least 0.01`;
  if (!Number.isInteger(num(v.prealert_bonus)) || num(v.prealert_bonus) < 0)
    errors.prealert_bonus = t`A whole number of points, 0 or more`;
  if (!(num(v.point_dollars) >= 0.01)) errors.point_dollars = t`At least 0.01`;
  return errors;
}

export function checkInvoice(v: InvoiceValues): Record<string, string> {
  const errors: Record<string, string> = {};
  const p = num(v.tax_percent);
  if (!(p >= 0 && p <= 100)) errors.tax_percent = t`Between 0 and 100 %`;
  if (!v.tax_label.trim()) errors.tax_label = t`Required`;
  const d = num(v.due_days);
  if (!Number.isInteger(d) || d < 0 || d > 365) errors.due_days = t`Whole days, from 0 to 365`;
  return errors;
}

export function checkPayment(v: PaymentValues): Record<string, string> {
  const url = v.online_url.trim();
  if (url && !/^https?:\/\/[^\s/]+\.[^\s]+$/i.test(url)) {
    return { online_url: t`A web address starting with https://` };
  }
  return {};
}

/** What the points page will say, or "—" while the section holds a value the server would refuse. */
export function pointsPreview(v: PointsValues, currency: string): string {
  if (Object.keys(checkPoints(v)).length > 0) return '—';
  const bonus = num(v.prealert_bonus);
  const earn = formatMoney(cents(v.earn_dollars), currency);
  const worth = formatMoney(cents(v.point_dollars), currency);
  const parts = [
    t`1 point per ${earn} paid`,
    t`1 point = ${worth}`,
    ...(bonus > 0
      ? [
          plural(bonus, {
            one: '# point for a pre-alert sent with its invoice file',
            other: '# points for a pre-alert sent with its invoice file',
          }),
        ]
      : []),
  ];
  return `${parts.join('; ')}.`;
}

/** What a new invoice will say of its tax and due date, or "—" while the section holds a refused value. */
export function invoicePreview(v: InvoiceValues): string {
  if (Object.keys(checkInvoice(v)).length > 0) return '—';
  const rate = rateOf(v.tax_percent);
  const label = v.tax_label.trim();
  const percent = formatRate(rate);
  const tax = Number(rate) === 0 ? t`No tax on services` : t`${label} ${percent} on services`;
  const days = num(v.due_days);
  return days === 0
    ? t`${tax}; due on the day it is issued.`
    : plural(days, {
        one: `${tax}; due # day after it is issued.`,
        other: `${tax}; due # days after it is issued.`,
      });
}
