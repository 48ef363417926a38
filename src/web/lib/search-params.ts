/*
 * Readers for the router's search params, shared by the list screens' parsers. Plain code, no zod: validateSearch
 * runs in the router, which lives in the entry bundle. Each returns undefined for anything malformed, so the caller
 * falls back to its default and a hand-edited or outdated link still opens a sensible view.
 */

/** A URL may hold a number where a string was meant (`?q=123` parses as 123): accept both. */
export function searchText(v: unknown): string | undefined {
  if (typeof v !== 'string' && typeof v !== 'number') return undefined;
  return String(v).trim().slice(0, 100) || undefined;
}

/** A whole number from min to max, given as a number or as a string. */
export function searchInt(v: unknown, min: number, max: number): number | undefined {
  const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() ? Number(v) : Number.NaN;
  return Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

/** One of the list's values. */
export function searchOneOf<T extends string>(list: readonly T[], v: unknown): T | undefined {
  return typeof v === 'string' && (list as readonly string[]).includes(v) ? (v as T) : undefined;
}
