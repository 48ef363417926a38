import type { MessageDescriptor } from '@lingui/core';
import { DEFAULT_LOCALE } from './locales';

/**
 * How the contract's shared words (statuses, reasons, validation messages) reach the language of whoever reads them.
 * The contract writes them with `msg` (from `@lingui/core/runtime-macro`) and turns them into text with `tr` at the
 * moment they are shown. The PWA installs its Lingui instance at start (its one reader's language); the server
 * installs a per-request one (the caller's language, or a mail's recipient's: src/server/i18n).
 */
export type I18nSource = {
  locale: () => string;
  translate: (message: MessageDescriptor) => string;
};

const englishPlural = new Intl.PluralRules('en');

/** The closing brace matching the one at `open`. */
function closing(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    if (text[i] === '{') depth++;
    else if (text[i] === '}' && --depth === 0) return i;
  }
  return text.length;
}

/**
 * The English words with their values, before any Lingui instance is installed (a contract unit test, a script):
 * `{name}` and `{count, plural, one {# day} other {# days}}` are all the contract writes.
 */
export function english(message: string, values: Record<string, unknown> = {}): string {
  let out = '';
  let i = 0;
  while (i < message.length) {
    const open = message.indexOf('{', i);
    if (open < 0) break;
    out += message.slice(i, open);
    const end = closing(message, open);
    const body = message.slice(open + 1, end);
    const [name = '', kind, ...rest] = body.split(',');
    const value = values[name.trim()];
    if (kind?.trim() === 'plural') {
      const options = rest.join(',');
      const n = Number(value);
      const pick = (key: string) => {
        const at = options.search(new RegExp(`(^|\\s)${key}\\s*\\{`));
        if (at < 0) return undefined;
        const start = options.indexOf('{', at);
        return options.slice(start + 1, closing(options, start));
      };
      const chosen = pick(`=${n}`) ?? pick(englishPlural.select(n)) ?? pick('other') ?? '';
      out += english(chosen.replaceAll('#', String(n)), values);
    } else out += String(value ?? '');
    i = end + 1;
  }
  return out + message.slice(i);
}

let source: I18nSource = {
  locale: () => DEFAULT_LOCALE,
  translate: (message) => english(message.message ?? message.id, message.values),
};

export function setI18nSource(next: I18nSource): void {
  source = next;
}

/** The language words are being written in right now. */
export const activeLocale = () => source.locale();

/** A message in the active language. */
export const tr = (message: MessageDescriptor) => source.translate(message);

/**
 * A validation message in the reader's language, for zod: `.min(1, say(msg`Enter your first name`))`. zod calls it
 * when the check fails, so the words are those of whoever is being answered (the PWA's user, the API's caller).
 */
export const say = (message: MessageDescriptor) => ({ error: () => tr(message) });
