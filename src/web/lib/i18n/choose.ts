import {
  DEFAULT_LOCALE,
  LOCALE_COOKIE,
  LOCALE_COOKIE_MAX_AGE,
  PSEUDO_LOCALE,
  pickLocale,
} from '../../../contract/locales';

type Offer = { languages?: readonly string[]; default_language?: string } | null | undefined;

/** The locale cookie's value, if any. */
export function readLocaleCookie(): string | null {
  const match = document.cookie.match(new RegExp(`(?:^|; )${LOCALE_COOKIE}=([^;]*)`));
  return match?.[1] ? decodeURIComponent(match[1]) : null;
}

/** The spec's locale cookie: a year, same-site lax, path / (the server reads it for the page and the API's words). */
export function writeLocaleCookie(locale: string): void {
  const secure = location.protocol === 'https:' ? '; secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser we serve (Safari, Firefox)
  document.cookie = `${LOCALE_COOKIE}=${encodeURIComponent(locale)}; max-age=${LOCALE_COOKIE_MAX_AGE}; path=/; samesite=lax${secure}`;
}

/**
 * The language to start in: the cookie (this browser's last choice), then the browser's own languages, among those
 * the company offers; else the company's default. A signed-in user's saved choice is applied once it is known
 * (app/locale.tsx).
 */
export function chooseLocale(company: Offer): string {
  const cookie = readLocaleCookie();
  if (cookie === PSEUDO_LOCALE) return PSEUDO_LOCALE;
  return pickLocale(
    [cookie, ...(navigator.languages ?? [navigator.language])],
    company?.languages ?? undefined,
    company?.default_language ?? DEFAULT_LOCALE,
  );
}
