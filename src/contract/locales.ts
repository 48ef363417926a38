/**
 * The languages the portal speaks, and how a person's language is chosen. English is the source language; a company
 * offers a subset (Company settings) with one of them as its default.
 */
export const LOCALES = ['en', 'es', 'fr', 'ar'] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'en';

/** Each language in its own words: what the language menu lists (never translated). */
export const LOCALE_NAMES: Record<Locale, string> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  ar: 'العربية',
};

/** The spec's locale cookie: a year, same-site lax, path /. */
export const LOCALE_COOKIE = 'locale';
export const LOCALE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/**
 * A development-only locale: English accented and made 30 % longer, to find clipped text and words left out of the
 * catalogs. Never offered in a menu; the PWA speaks it when the cookie says so.
 */
export const PSEUDO_LOCALE = 'pseudo';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export const isRtl = (locale: string) => locale === 'ar';
export const directionOf = (locale: string): 'rtl' | 'ltr' => (isRtl(locale) ? 'rtl' : 'ltr');

/**
 * The Intl locale numbers and dates are written in. Arabic keeps Latin digits: amounts, tracking numbers and invoice
 * numbers then read the same on a parcel label, an invoice and the screen.
 */
export function intlLocale(locale: string): string {
  if (locale === 'ar') return 'ar-u-nu-latn';
  return isLocale(locale) ? locale : DEFAULT_LOCALE;
}

/** The first of the candidates ("es-DO", "fr", …) that the company offers, by language; else its default. */
export function pickLocale(
  candidates: readonly (string | null | undefined)[],
  offered: readonly string[] = LOCALES,
  fallback: string = DEFAULT_LOCALE,
): Locale {
  for (const c of candidates) {
    const lang = c?.trim().toLowerCase().split(/[-_;]/)[0];
    if (lang && isLocale(lang) && offered.includes(lang)) return lang;
  }
  return isLocale(fallback) && offered.includes(fallback)
    ? fallback
    : (offered.find(isLocale) ?? DEFAULT_LOCALE);
}

/** The languages of an Accept-Language header, most preferred first ("es-DO,es;q=0.9,en;q=0.5" → es-DO, es, en). */
export function acceptedLanguages(header: string | null | undefined): string[] {
  if (!header) return [];
  return header
    .split(',')
    .slice(0, 20)
    .map((part, i) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find(Boolean);
      return { tag: tag.trim(), q: q === undefined ? 1 : Number(q), i };
    })
    .filter((l) => l.tag && l.q > 0)
    .sort((a, b) => b.q - a.q || a.i - b.i)
    .map((l) => l.tag);
}
