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

const accent = (text: string) => text.replace(/[a-zA-Z]/g, (ch) => ACCENTED[ch] ?? ch);
const letters = (text: string) => text.replace(/[^a-zA-Z]/g, '').length;
/** 30 % more, as words of four (a line can still break between them, as in a real language). */
const padding = (count: number) => {
  if (count === 0) return '';
  const extra = Math.max(1, Math.round(count * 0.3));
  return ` ${'~~~~ '.repeat(Math.floor(extra / 4))}${'~'.repeat(extra % 4)}`.trimEnd();
};

/**
 * A compiled message is text, or a list of texts and placeholders ([name] or [name, format, options]): the texts
 * are accented, the padding goes once at the end, and a plural's or select's options are done the same way.
 */
function walk(message: unknown): unknown {
  if (typeof message === 'string') return `${accent(message)}${padding(letters(message))}`;
  if (!Array.isArray(message)) return message;
  let count = 0;
  const parts = message.map((part) => {
    if (typeof part === 'string') {
      count += letters(part);
      return accent(part);
    }
    return walkPlaceholder(part);
  });
  const pad = padding(count);
  return pad ? [...parts, pad] : parts;
}

function walkPlaceholder(part: unknown): unknown {
  if (!Array.isArray(part) || part.length < 3 || typeof part[2] !== 'object' || part[2] === null) return part;
  const options = Object.fromEntries(
    Object.entries(part[2] as Record<string, unknown>).map(([k, v]) => [k, walk(v)]),
  );
  return [part[0], part[1], options];
}

export function pseudolocalize(messages: Messages): Messages {
  return Object.fromEntries(Object.entries(messages).map(([id, m]) => [id, walk(m) as Messages[string]]));
}
