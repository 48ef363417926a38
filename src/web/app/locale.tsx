import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { DirectionProvider } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { directionOf, PSEUDO_LOCALE } from '../../contract/locales';
import { meQueryOptions } from '../features/auth/api';
import { companyQueryOptions } from '../features/tenant/api';
import { currentLocale } from '../lib/i18n/catalogs';
import { followUserLocale } from '../lib/i18n/change';
import { useSession } from '../lib/session/use-session';

/** `<html lang dir>` follow the language: screen readers pick their voice, and the layout mirrors for Arabic. */
function applyToDocument(locale: string): void {
  const root = document.documentElement;
  root.lang = locale === PSEUDO_LOCALE ? 'en-XA' : locale;
  root.dir = directionOf(locale);
}

/** A signed-in user's saved language (chosen on another device) is spoken here too, once it is known. */
function FollowUserLocale() {
  const session = useSession();
  const { data: user } = useQuery(meQueryOptions(session.userId));
  const { data: company } = useQuery(companyQueryOptions());
  const userId = user?.id;
  const saved = user?.locale;
  const offered = company?.languages;
  useEffect(() => {
    if (userId && saved !== undefined) void followUserLocale(userId, saved, offered);
  }, [userId, saved, offered]);
  return null;
}

/**
 * The app in the current language. A change of language redraws the whole tree (keyed by it): words made outside
 * React's view of the catalogs (the contract's statuses, formatted dates) are made again too. Queries and the
 * router's place survive; only what was typed in an open form is lost.
 */
export function LocaleProvider({ children }: { children: ReactNode }) {
  const [locale, setLocale] = useState(currentLocale);
  useEffect(() => {
    applyToDocument(currentLocale());
    return i18n.on('change', () => {
      applyToDocument(currentLocale());
      setLocale(currentLocale());
    });
  }, []);
  return (
    <I18nProvider i18n={i18n}>
      <FollowUserLocale />
      <DirectionProvider key={locale} initialDirection={directionOf(locale)} detectDirection={false}>
        <Fragment key={locale}>{children}</Fragment>
      </DirectionProvider>
    </I18nProvider>
  );
}
