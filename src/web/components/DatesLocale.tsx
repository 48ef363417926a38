import { DatesProvider } from '@mantine/dates';
import dayjs from 'dayjs';
import { type ReactNode, use } from 'react';
import { currentLocale } from '../lib/i18n/catalogs';

/*
 * Month and weekday names of the calendars in the current language. Imported only by the date components (themselves
 * fetched lazily), so dayjs and its locales stay out of the screens without a calendar. Arabic keeps Latin digits:
 * dayjs writes Arabic-Indic ones only with its preParsePostFormat plugin, which is not used.
 */
const loaders: Record<string, () => Promise<unknown>> = {
  es: () => import('dayjs/locale/es'),
  fr: () => import('dayjs/locale/fr'),
  ar: () => import('dayjs/locale/ar'),
};
const loading = new Map<string, Promise<string>>();

/** The dayjs locale of `locale`, loaded once ('en' for English and the pseudo-locale). */
function dayjsLocale(locale: string): Promise<string> {
  let promise = loading.get(locale);
  if (!promise) {
    const load = loaders[locale];
    promise = load ? load().then(() => locale) : Promise.resolve('en');
    loading.set(locale, promise);
  }
  return promise;
}

/** "Dec 5, 2026" as the date fields write it, in the current language (their placeholder's example). */
export function exampleDate(locale: string): string {
  return dayjs('2026-12-05').locale(locale).format('MMM D, YYYY');
}

/** The calendars inside speak the current language (suspends the first time a language's names are fetched). */
export function DatesLocale({ children }: { children: (locale: string) => ReactNode }) {
  const locale = use(dayjsLocale(currentLocale()));
  return <DatesProvider settings={{ locale }}>{children(locale)}</DatesProvider>;
}
