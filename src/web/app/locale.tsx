import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { DirectionProvider } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Fragment, type ReactNode, useEffect, useState } from 'react';
import { directionOf, PSEUDO_LOCALE } from '../../contract/locales';
import type { User } from '../../contract/users';
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

/**
 * A signed-in user's saved language (chosen on another device) is spoken here too, once the layout has loaded the
 * user. It watches the query cache rather than observing the query: a sign-in removes the cached user, and an
 * observer of the removed query would never hear of the new one.
 */
function FollowUserLocale() {
  const queryClient = useQueryClient();
  const { userId } = useSession();
  const { data: company } = useQuery(companyQueryOptions());
  const offered = company?.languages;
  useEffect(() => {
    if (!userId) return;
    const check = () => {
      const user = queryClient.getQueryData<User>(meQueryOptions(userId).queryKey);
      if (user && user.locale !== undefined) void followUserLocale(user.id, user.locale, offered);
    };
    check();
    return queryClient.getQueryCache().subscribe((event) => {
      if (event.type === 'updated' && event.query.queryKey[0] === 'me' && event.query.queryKey[1] === userId)
        check();
    });
  }, [queryClient, userId, offered]);
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
