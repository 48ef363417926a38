/* A pickup pass's code and scanned link, as plain functions (no zod): the counter's screen reads them too. */

/** The letters of a pass code: no 0/O, 1/I/L or U, so a code read aloud or typed is not mistaken. */
export const PASS_CODE_ALPHABET = '23456789ABCDEFGHJKMNPQRSTVWXYZ';
/** Characters in a pass code (shown as two groups of four: 7KQM-3XHP). */
export const PASS_CODE_LENGTH = 8;

/** A pass code as typed: case, spaces and dashes aside; null when it cannot be one. */
export function normalizePassCode(raw: string): string | null {
  const plain = raw.replace(/[\s-]/g, '').toUpperCase();
  if (plain.length !== PASS_CODE_LENGTH) return null;
  for (const c of plain) if (!PASS_CODE_ALPHABET.includes(c)) return null;
  return plain;
}

/** The code as people read it: two groups of four. */
export const formatPassCode = (code: string) => `${code.slice(0, 4)}-${code.slice(4)}`;

/** The share link's token in a scanned pass URL (…/pass/<token>), or null. */
export function passTokenIn(scanned: string): string | null {
  const m = /\/pass\/([A-Za-z0-9_-]{20,100})\/?(?:[?#].*)?$/.exec(scanned.trim());
  return m?.[1] ?? null;
}
