import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Menu } from '@mantine/core';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { isLocale, LOCALE_NAMES, LOCALES, type Locale } from '../../contract/locales';
import type { User } from '../../contract/users';
import { currentLocale } from '../lib/i18n/catalogs';
import { changeLanguage } from '../lib/i18n/change';
import { useSession } from '../lib/session/use-session';

/** The company's languages (`company.languages`); all of them until the company is known. */
type Offer = { languages?: readonly string[] | undefined };

const offeredLocales = (languages: readonly string[] | undefined): Locale[] =>
  (languages ?? LOCALES).filter(isLocale);

/** Changes the language; the signed-in user's cached copy follows, so a reload does not switch back. */
function useChooseLocale(): (locale: Locale) => void {
  const queryClient = useQueryClient();
  const session = useSession();
  return (locale) => {
    if (session.userId)
      queryClient.setQueryData<User>(['me', session.userId], (user) => (user ? { ...user, locale } : user));
    void changeLanguage(locale);
  };
}

/**
 * The languages as items of a menu (each name in its own language and `lang`, the current one checked): the
 * user menu's section and the auth screens' menu.
 */
export function LanguageMenuItems({ languages }: Offer) {
  const offered = offeredLocales(languages);
  const choose = useChooseLocale();
  const current = currentLocale();
  return offered.map((locale) => (
    <Menu.Item
      key={locale}
      // Mantine fixes the role to menuitem (no menuitemradio): the current language is marked aria-current.
      aria-current={locale === current ? 'true' : undefined}
      lang={locale}
      dir="auto"
      data-testid={`language-${locale}`}
      leftSection={
        <IconCheck size={16} aria-hidden style={{ visibility: locale === current ? 'visible' : 'hidden' }} />
      }
      onClick={() => {
        if (locale !== current) choose(locale);
      }}
    >
      {LOCALE_NAMES[locale]}
    </Menu.Item>
  ));
}

/** The user menu's section: a divider, the "Language" label and the languages; nothing when only one is offered. */
export function LanguageMenuSection({ languages }: Offer) {
  const offered = offeredLocales(languages);
  if (offered.length < 2) return null;
  return (
    <>
      <Menu.Divider />
      <Menu.Label>
        <Trans>Language</Trans>
      </Menu.Label>
      <LanguageMenuItems languages={offered} />
    </>
  );
}

/**
 * A compact language menu (the auth screens): a button named "Language" showing the current language's name.
 * Hidden when the company offers one language only.
 */
export function LanguageMenu({ languages }: Offer) {
  const { t } = useLingui();
  const offered = offeredLocales(languages);
  const current = currentLocale();
  if (offered.length < 2) return null;
  const label = t`Language`;
  return (
    <Menu position="bottom-end" withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          size="compact-sm"
          // The name starts with what it does and holds what it shows ("Language: Español").
          aria-label={`${label}: ${isLocale(current) ? LOCALE_NAMES[current] : current}`}
          title={label}
          data-testid="language-menu"
          leftSection={<IconLanguage size={16} aria-hidden />}
        >
          <span lang={current}>{isLocale(current) ? LOCALE_NAMES[current] : current}</span>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{label}</Menu.Label>
        <LanguageMenuItems languages={offered} />
      </Menu.Dropdown>
    </Menu>
  );
}
