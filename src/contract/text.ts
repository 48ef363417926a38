import { z } from 'zod';

/**
 * Shared rules for what a client may send, so a mistake is a field error (400) and never reaches the database as
 * something it refuses (a 500).
 */

/** PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"). */
export const NUL_MESSAGE = 'Remove the NUL character (\\u0000): it is not allowed in text';

export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

/**
 * A string from a client: `z.string()` that refuses NUL. Use it for every request field (not replies); chain
 * `.trim()`, `.min()`, `.regex()`… as on `z.string()`.
 */
export const text = (params?: Parameters<typeof z.string>[0]) =>
  z.string(params).refine((v) => !hasNul(v), NUL_MESSAGE);

/** The bounds of an `integer` (int4) column: anything past them is "out of range" to PostgreSQL. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** An integer that fits an int4 column (`z.number().int()` alone allows up to 2^53). */
export const int32 = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).int().min(INT32_MIN).max(INT32_MAX);
