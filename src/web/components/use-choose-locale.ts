import { useQueryClient } from '@tanstack/react-query';
import { isLocale, LOCALES, type Locale } from '../../contract/locales';
import type { User } from '../../contract/users';
import { changeLanguage } from '../lib/i18n/change';
import { useSession } from '../lib/session/use-session';

/** The company's languages (`company.languages`); all of them until the company is known. */
export type Offer = { languages?: readonly string[] | undefined };

export const offeredLocales = (languages: readonly string[] | undefined): Locale[] =>
  (languages ?? LOCALES).filter(isLocale);

/** Changes the language; the signed-in user's cached copy follows, so a reload does not switch back. */
export function useChooseLocale(): (locale: Locale) => void {
  const queryClient = useQueryClient();
  const session = useSession();
  return (locale) => {
    if (session.userId)
      queryClient.setQueryData<User>(['me', session.userId], (user) => (user ? { ...user, locale } : user));
    void changeLanguage(locale);
  };
}
