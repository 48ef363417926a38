import { formatMoney } from '../format';

/**
 * Amounts from the account API: integer minor units of the company currency, shown the Jamaican way
 * ("$1,234.50" for J$1,234.50). The currency comes from each reply, never from the code.
 */
export const formatAmount = (cents: number, currency = 'JMD') => formatMoney(cents, currency, 'en-JM');

/** A decimal rate string ("0.2000", "0.003") as a percentage ("20%", "0.3%"); never through a float sum. */
export function formatRate(rate: string | null | undefined): string {
  if (rate === null || rate === undefined || rate === '') return '—';
  const n = Number(rate);
  if (!Number.isFinite(n)) return rate;
  // Four decimals of a percentage cover every rate the settings allow (six decimals of a fraction).
  return `${String(Math.round(n * 1_000_000) / 10_000)}%`;
}

/** US dollars from US cents: "US$150.00". */
export const formatUsd = (cents: number) => `US${formatMoney(cents, 'USD', 'en-US')}`;

/** A calendar date ("2026-11-20") as "Nov 20, 2026", read as that day wherever the browser is. */
export function formatDay(value: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  const date = m ? new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3])) : new Date(value);
  if (Number.isNaN(date.getTime())) return value;
  return date.toLocaleDateString('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
}
