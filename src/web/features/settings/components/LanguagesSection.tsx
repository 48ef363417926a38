import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Group, Select, Stack } from '@mantine/core';
import { LOCALE_NAMES, LOCALES } from '../../../../contract/locales';
import { checkLanguages, languageNames, languagesBody, languagesValues, withOffered } from '../languages';
import { field, type SectionProps, SettingsSection } from './SettingsSection';

/** The languages customers and staff may choose, and the one the portal speaks to someone who has not chosen. */
export function LanguagesSection({ settings, save }: SectionProps) {
  const { t } = useLingui();
  return (
    <SettingsSection
      id="languages"
      title={t`Languages`}
      description={t`The languages customers and staff can choose in the portal, and the one it starts in when their browser asks for none of them.`}
      settings={settings}
      toValues={languagesValues}
      toBody={languagesBody}
      validate={checkLanguages}
      save={save}
      preview={(v) => {
        if (Object.keys(checkLanguages(v)).length > 0) return '—';
        const offered = languageNames(v.offered);
        const first = v.default ? LOCALE_NAMES[v.default] : '';
        return (
          <Trans>
            Languages to choose from: {offered}. Otherwise the portal is in {first}.
          </Trans>
        );
      }}
    >
      {(form, busy) => {
        const offered = field(form, busy, 'offered');
        return (
          <Stack gap="md">
            <Checkbox.Group
              label={t`Languages offered`}
              description={t`At least one`}
              required
              {...offered}
              onChange={(value) => form.setValues(withOffered(form.getValues(), value))}
            >
              <Group gap="lg" mt="xs">
                {LOCALES.map((l) => (
                  <Checkbox key={l} value={l} label={LOCALE_NAMES[l]} lang={l} disabled={busy} />
                ))}
              </Group>
            </Checkbox.Group>
            <Select
              label={t`Default language`}
              description={t`For someone who has not chosen and whose browser asks for none of those offered`}
              required
              allowDeselect={false}
              data={form.values.offered.map((l) => ({ value: l, label: LOCALE_NAMES[l] }))}
              maw={320}
              {...field(form, busy, 'default')}
            />
          </Stack>
        );
      }}
    </SettingsSection>
  );
}
