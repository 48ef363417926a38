import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { tr } from './i18n';

/**
 * Shared rules for what a client may send, so a mistake is a field error (400) and never reaches the database as
 * something it refuses (a 500).
 */

/** PostgreSQL text cannot hold U+0000 ("invalid byte sequence for encoding UTF8: 0x00"). */
export const NUL_MESSAGE = 'Remove the NUL character (\\u0000): it is not allowed in text';

/**
 * Half of a UTF-16 surrogate pair is not a character: jsonb refuses it ("Unicode low surrogate must follow a high
 * surrogate", a 500 from an audit entry) and a text column would quietly store U+FFFD instead.
 */
export const SURROGATE_MESSAGE =
  'Use only valid characters: remove the broken one (a lone surrogate, \\uD800–\\uDFFF)';

// Lingui decodes any "\uXXXX" in a translated result (values included) into the character itself, so the codes go in
// after translation: the message carries a control character in their place (never in a translation).
const NUL_CODE = '\u0001';
const RANGE = '\u0002';
const nulText = () =>
  tr(msg`Remove the NUL character (${{ code: NUL_CODE }}): it is not allowed in text`).replace(
    NUL_CODE,
    '\\u0000',
  );
const surrogateText = () =>
  tr(msg`Use only valid characters: remove the broken one (a lone surrogate, ${{ range: RANGE }})`).replace(
    RANGE,
    '\\uD800–\\uDFFF',
  );

export function hasNul(value: string): boolean {
  return value.includes('\u0000');
}

// A high surrogate with no low one after it, or a low one with no high one before it: what ES2024's
// String.prototype.isWellFormed looks for, written without lookbehind so browsers that lack either can still parse it.
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?:^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Whether `value` is well-formed Unicode (no lone surrogate), as `String.prototype.isWellFormed` says. */
export function isWellFormed(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/** Why the database would refuse `value` from a client (the message a field error shows), or undefined. */
export function textProblem(value: string): string | undefined {
  if (hasNul(value)) return nulText();
  if (!isWellFormed(value)) return surrogateText();
  return undefined;
}

/** The text rules on any string schema (`z.url()`, `z.email()`…): no NUL, no lone surrogate. */
export const textRules = <S extends z.ZodType<string>>(schema: S): S =>
  schema.refine((v) => !hasNul(v), { error: nulText }).refine(isWellFormed, { error: surrogateText });

/**
 * A string from a client: `z.string()` with the text rules. Use it for every request field (not replies); chain
 * `.trim()`, `.min()`, `.regex()`… as on `z.string()`.
 */
export const text = (params?: Parameters<typeof z.string>[0]) => textRules(z.string(params));

/** The bounds of an `integer` (int4) column: anything past them is "out of range" to PostgreSQL. */
export const INT32_MIN = -2_147_483_648;
export const INT32_MAX = 2_147_483_647;

/** An integer that fits an int4 column (`z.number().int()` alone allows up to 2^53). */
export const int32 = (params?: Parameters<typeof z.number>[0]) =>
  z.number(params).int().min(INT32_MIN).max(INT32_MAX);
