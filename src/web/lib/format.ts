import { t } from '@lingui/core/macro';
/** Display formats of the screens, over the shared formatters of src/contract/format.ts. */
import {
  formatDate as formatDateShared,
  formatDateTime as formatDateTimeShared,
  formatMoney as formatMoneyShared,
  formatWeight as formatWeightShared,
} from '../../contract/format';

/** "US$1,234.50", "J$22,599.40": the shared formatter; `locale` is kept for older callers and ignored. */
export function formatMoney(minorUnits: number, currency = 'USD', _locale?: string): string {
  return formatMoneyShared(minorUnits, currency);
}

/** "Nov 21, 2026" in the company's time zone (a "2026-11-21" calendar date is that day). */
export const formatDate = (value: string | Date) => formatDateShared(value);
/** "Nov 21, 2026, 3:05 PM" in the company's time zone. */
export const formatDateTime = (value: string | Date) => formatDateTimeShared(value);

/** Decimal strings from the API ("12.50") without trailing zeros ("12.5"). */
export function trimDecimal(value: string | number): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) return String(value);
  return String(Math.round(n * 100) / 100);
}

export const formatWeight = formatWeightShared;

/** Length × width × height in inches, or null when nobody measured the parcel. */
export function formatDimensions(length: string, width: string, height: string): string | null {
  const values = [length, width, height].map((v) => Number.parseFloat(v) || 0);
  if (values.every((v) => v === 0)) return null;
  return `${values.map(trimDecimal).join(' × ')} in`;
}

/**
 * A declared value, or `none` when nobody declared one: a parcel's value of 0 means "not given" (the label or the
 * pre-alert did not say), and "US$0.00" would read as a parcel worth nothing.
 */
export function formatDeclared(cents: number, currency = 'USD', none?: string): string {
  return cents > 0 ? formatMoney(cents, currency) : (none ?? t`Not given`);
}
