import { useLingui } from '@lingui/react/macro';
import { NativeSelect } from '@mantine/core';
import { isLocale, LOCALE_NAMES } from '../../contract/locales';
import { currentLocale } from '../lib/i18n/catalogs';
import { type Offer, offeredLocales, useChooseLocale } from './use-choose-locale';

/**
 * The auth screens' language choice: the browser's own select with a visible "Language" label. A native control
 * costs the login screen nothing (a menu would bring its popover library into the first paint). Hidden when the
 * company offers one language only.
 */
export function LanguageSelect({ languages }: Offer) {
  const { t } = useLingui();
  const choose = useChooseLocale();
  const offered = offeredLocales(languages);
  if (offered.length < 2) return null;
  const current = currentLocale();
  return (
    <NativeSelect
      label={t`Language`}
      size="xs"
      data-testid="language-menu"
      value={isLocale(current) ? current : 'en'}
      onChange={(e) => {
        const next = e.currentTarget.value;
        if (isLocale(next) && next !== current) choose(next);
      }}
      data={offered.map((locale) => ({ value: locale, label: LOCALE_NAMES[locale] }))}
      styles={{ root: { display: 'flex', alignItems: 'center', gap: 8 } }}
    />
  );
}
