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

let source: I18nSource = {
  locale: () => DEFAULT_LOCALE,
  translate: (message) => message.message ?? message.id,
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
