import type { Messages } from '@lingui/core';

/**
 * The pseudo-locale (development and journeys only): every letter accented and each text about 30 % longer, so
 * a word left out of the catalogs stands out (it stays plain) and a label too tight for longer languages clips.
 */
const ACCENTED: Record<string, string> = {
  a: 'á',
  e: 'é',
  i: 'í',
  o: 'ó',
  u: 'ú',
  y: 'ý',
  c: 'ç',
  n: 'ñ',
  s: 'š',
  z: 'ž',
  A: 'Á',
  E: 'É',
  I: 'Í',
  O: 'Ó',
  U: 'Ú',
  Y: 'Ý',
  C: 'Ç',
  N: 'Ñ',
  S: 'Š',
  Z: 'Ž',
};

function stretch(text: string): string {
  const accented = text.replace(/[a-zA-Z]/g, (ch) => ACCENTED[ch] ?? ch);
  const letters = text.replace(/[^a-zA-Z]/g, '').length;
  if (letters === 0) return accented;
  return `${accented}${'~'.repeat(Math.max(1, Math.round(letters * 0.3)))}`;
}

type Compiled = string | readonly unknown[];

function walk(message: unknown, depth = 0): unknown {
  if (typeof message === 'string') return depth === 0 ? stretch(message) : message;
  if (!Array.isArray(message)) return message;
  // A compiled message is text and placeholders ([name] or [name, format, options]); only the text is stretched.
  return message.map((part) => (typeof part === 'string' ? stretch(part) : walkPlaceholder(part)));
}

function walkPlaceholder(part: unknown): unknown {
  if (!Array.isArray(part) || part.length < 3 || typeof part[2] !== 'object' || part[2] === null) return part;
  const options = Object.fromEntries(
    Object.entries(part[2] as Record<string, Compiled>).map(([k, v]) => [k, walk(v, 0)]),
  );
  return [part[0], part[1], options];
}

export function pseudolocalize(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, walk(m) as Messages[string]]));
}
