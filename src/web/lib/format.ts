/** Display formats shared by the screens. Money arrives as integer minor units, never floats. */

const moneyFormats = new Map<string, Intl.NumberFormat>();

export function formatMoney(minorUnits: number, currency = 'USD', locale?: string): string {
  const key = `${locale ?? ''}:${currency}`;
  let format = moneyFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale ?? 'en-US', { style: 'currency', currency });
    moneyFormats.set(key, format);
  }
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  return format.format(minorUnits / 10 ** digits);
}

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'short', day: 'numeric' });
const dateTimeFormat = new Intl.DateTimeFormat('en-US', {
  year: 'numeric',
  month: 'short',
  day: 'numeric',
  hour: 'numeric',
  minute: '2-digit',
});

const toDate = (value: string | Date) => (value instanceof Date ? value : new Date(value));

/** "Nov 21, 2026" */
export const formatDate = (value: string | Date) => dateFormat.format(toDate(value));
/** "Nov 21, 2026, 3:05 PM" */
export const formatDateTime = (value: string | Date) => dateTimeFormat.format(toDate(value));

/** Decimal strings from the API ("12.50") without trailing zeros ("12.5"). */
export function trimDecimal(value: string | number): string {
  const n = typeof value === 'number' ? value : Number.parseFloat(value);
  if (!Number.isFinite(n)) return String(value);
  return String(Math.round(n * 100) / 100);
}

export const formatWeight = (pounds: string | number) => `${trimDecimal(pounds)} lb`;

/** Length × width × height in inches, or null when nobody measured the parcel. */
export function formatDimensions(length: string, width: string, height: string): string | null {
  const values = [length, width, height].map((v) => Number.parseFloat(v) || 0);
  if (values.every((v) => v === 0)) return null;
  return `${values.map(trimDecimal).join(' × ')} in`;
}
