import './i18n';
import { useLingui } from '@lingui/react/macro';
import { Card, Select } from '@mantine/core';
import { useState } from 'react';
import { isLocale, LOCALE_NAMES, type Locale } from '../../../contract/locales';
import { changeLanguage } from '../../lib/i18n/change';

/**
 * The language the portal speaks to this user, among those the company offers: the app switches at once, and the
 * profile keeps it (so mails, notices and the user's other devices follow).
 */
export function LanguageSetting({ languages }: { languages: readonly string[] | undefined }) {
  const { t, i18n } = useLingui();
  const [changing, setChanging] = useState(false);
  const offered = (languages ?? []).filter(isLocale);
  if (offered.length === 0) return null;
  // Each language named in its own words, so a reader lost in a language they do not know finds theirs.
  const data = offered.map((l) => ({ value: l, label: LOCALE_NAMES[l] }));
  const current = isLocale(i18n.locale) ? i18n.locale : null;
  return (
    <Card padding="lg">
      <Select
        label={t`Language`}
        data={data}
        value={current}
        allowDeselect={false}
        disabled={changing}
        comboboxProps={{ withinPortal: true }}
        data-testid="profile-language"
        description={t`The portal, your e-mails and your notifications use this language.`}
        onChange={(value) => {
          if (!isLocale(value) || value === current) return;
          setChanging(true);
          void changeLanguage(value as Locale).finally(() => setChanging(false));
        }}
      />
    </Card>
  );
}
