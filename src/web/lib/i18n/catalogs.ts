import { i18n, type Messages } from '@lingui/core';
import { setI18nSource } from '../../../contract/i18n';
import { intlLocale, PSEUDO_LOCALE } from '../../../contract/locales';

/**
 * The PWA's catalogs. Each feature folder has its own (`locales/<locale>.po`), registered by the feature's
 * `i18n.ts` when its code loads: English comes inside the feature's chunk (no extra request for the source
 * language), every other language is its own small chunk, fetched the first time that feature shows in it and
 * precached by the service worker for offline use.
 */
type Loaders = Record<string, () => Promise<Messages>>;
type Catalog = { en: Messages; loaders: Loaders };

const catalogs: Catalog[] = [];
const loaded = new Map<Catalog, Set<string>>();
let current = 'en';
/** The language being switched to (the current one when no switch is under way). */
let target = 'en';

// The contract's words (statuses, validation) follow this instance's language.
setI18nSource({ locale: () => current, translate: (message) => i18n._(message) });
i18n.load('en', {});
i18n.activate('en', [intlLocale('en')]);

/** The language the PWA speaks now. */
export const currentLocale = () => current;

async function loadInto(locale: string, catalog: Catalog): Promise<void> {
  const done = loaded.get(catalog) ?? new Set<string>();
  loaded.set(catalog, done);
  if (done.has(locale)) return;
  if (locale === 'en') i18n.load('en', catalog.en);
  else if (locale === PSEUDO_LOCALE) {
    const { pseudolocalize } = await import('./pseudo');
    i18n.load(PSEUDO_LOCALE, pseudolocalize(catalog.en));
  } else {
    const load = Object.entries(catalog.loaders).find(([path]) => path.endsWith(`/${locale}.po`))?.[1];
    if (load) i18n.load(locale, await load());
  }
  done.add(locale);
}

/**
 * A feature's catalog: `await registerCatalog(messages, import.meta.glob('./locales/*.po', { import: 'messages' }))`
 * at the top of its `i18n.ts`, so the feature's modules render only once their words are there.
 */
export async function registerCatalog(en: Messages, loaders: Loaders): Promise<void> {
  const catalog = { en, loaders };
  catalogs.push(catalog);
  await loadInto('en', catalog);
  // A feature that loads while a switch is under way is loaded in the language being switched to as well.
  await Promise.all(
    [...new Set([current, target])].filter((l) => l !== 'en').map((l) => loadInto(l, catalog)),
  );
}

/** Speaks `locale` from now on: every catalog registered so far is loaded in it first (one chunk each). */
export async function activateLocale(locale: string): Promise<void> {
  target = locale;
  // Until every registered catalog has it: a feature may register while the others load.
  for (;;) {
    const missing = catalogs.filter((c) => !loaded.get(c)?.has(locale));
    if (missing.length === 0) break;
    await Promise.all(missing.map((c) => loadInto(locale, c)));
  }
  if (target !== locale) return; // a later choice won
  current = locale;
  i18n.activate(locale, [intlLocale(locale === PSEUDO_LOCALE ? 'en' : locale)]);
}
