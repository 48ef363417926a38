import { AsyncLocalStorage } from 'node:async_hooks';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type I18n, type MessageDescriptor, setupI18n } from '@lingui/core';
import { formatter } from '@lingui/format-po';
import { compileMessage } from '@lingui/message-utils/compileMessage';
import { setI18nSource } from '../../contract/i18n';
import { DEFAULT_LOCALE, intlLocale, isLocale, LOCALES, type Locale } from '../../contract/locales';

/**
 * The server's words in each language: its own catalog (mails, bell notices, push, the invoice PDF, API errors)
 * and the contract's (statuses, reasons, validation), read from the `.po` files at start (no build step: the
 * server runs from source), one Lingui instance per language.
 *
 * Whose language: a request's caller (src/server/i18n/request.ts puts it in `localeStore` for the request's
 * duration), or a mail's or a notice's recipient (`withLocale`). `t` translates in whichever is current, so a
 * service throwing an error and a template writing a mail use the same call.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const CATALOG_DIRS = [join(root, 'server/locales'), join(root, 'contract/locales')];
const po = formatter();

function readCatalog(locale: Locale): Record<string, string> {
  const messages: Record<string, string> = {};
  for (const dir of CATALOG_DIRS) {
    const file = join(dir, `${locale}.po`);
    if (!existsSync(file)) continue;
    const catalog = po.parse(readFileSync(file, 'utf8'), {
      locale,
      sourceLocale: 'en',
      filename: file,
    }) as Record<string, { message?: string; translation?: string; obsolete?: boolean }>;
    for (const [id, entry] of Object.entries(catalog)) {
      if (entry.obsolete) continue;
      const text = entry.translation || entry.message;
      if (text) messages[id] = text;
    }
  }
  return messages;
}

const instances = new Map<Locale, I18n>();
function instanceFor(locale: Locale): I18n {
  let i18n = instances.get(locale);
  if (!i18n) {
    i18n = setupI18n();
    // Catalogs are read as written (not compiled ahead): each message is compiled on first use.
    i18n.setMessagesCompiler(compileMessage);
    i18n.load(locale, readCatalog(locale));
    i18n.activate(locale, [intlLocale(locale)]);
    instances.set(locale, i18n);
  }
  return i18n;
}

/** The language of the request or job being served (English outside any). */
export const localeStore = new AsyncLocalStorage<Locale>();
export const currentLocale = (): Locale => localeStore.getStore() ?? DEFAULT_LOCALE;

/** A message in the current language (the caller's, or the recipient's inside `withLocale`). */
export const t = (message: MessageDescriptor): string => instanceFor(currentLocale())._(message);

/** Runs `fn` writing in `locale` (a mail's or a notice's recipient's language): text, numbers and dates. */
export function withLocale<T>(locale: string | null | undefined, fn: () => T): T {
  return localeStore.run(isLocale(locale) ? locale : DEFAULT_LOCALE, fn);
}

/** Reads every catalog now (at start), so a broken one stops the server before it serves anyone. */
export function loadCatalogs(): void {
  for (const locale of LOCALES) instanceFor(locale);
}

setI18nSource({ locale: currentLocale, translate: t });
