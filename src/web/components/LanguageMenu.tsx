import { Trans } from '@lingui/react/macro';
import { Menu } from '@mantine/core';
import { IconCheck } from '@tabler/icons-react';
import { LOCALE_NAMES } from '../../contract/locales';
import { currentLocale } from '../lib/i18n/catalogs';
import { type Offer, offeredLocales, useChooseLocale } from './use-choose-locale';

/**
 * The languages as items of a menu (each name in its own language and `lang`, the current one checked): the
 * user menu's section.
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
