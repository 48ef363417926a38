import '../i18n';
import { useLingui } from '@lingui/react/macro';
import { Select } from '@mantine/core';
import { useMemo } from 'react';
import { formatDateTime, setDisplayTimeZone, timeZoneNames } from '../../../../contract/format';
import { timeZoneBody, timeZoneValues } from '../sections';
import { field, type SectionProps, SettingsSection } from './SettingsSection';

/** "UTC−05:00" for a zone at this moment (daylight saving included). */
function offsetOf(zone: string, at: Date): string {
  try {
    const part = new Intl.DateTimeFormat('en-US', { timeZone: zone, timeZoneName: 'longOffset' })
      .formatToParts(at)
      .find((p) => p.type === 'timeZoneName')?.value;
    return part === 'GMT' ? 'UTC' : (part ?? '').replace('GMT', 'UTC');
  } catch {
    return '';
  }
}

/** The zone every date and time is shown in; saving it refreshes the company (lib/refresh, `settings`). */
export function TimeZoneSection({ settings, save }: SectionProps) {
  const { t } = useLingui();
  const zones = useMemo(() => {
    const now = new Date();
    return timeZoneNames().map((z) => ({ value: z, label: `${z.replace(/_/g, ' ')} (${offsetOf(z, now)})` }));
  }, []);
  return (
    <SettingsSection
      id="time-zone"
      title={t`Time zone`}
      description={t`Every date and time customers and staff see (screens, mails, invoices) is in this zone.`}
      settings={settings}
      toValues={timeZoneValues}
      toBody={timeZoneBody}
      validate={(v): Record<string, string> => (v.time_zone ? {} : { time_zone: t`Pick a time zone` })}
      save={save}
      // The company query (features/tenant, refreshed with the settings) says the zone to the rest of the app and
      // keeps it for offline starts; this screen shows it at once.
      onSaved={(saved) => setDisplayTimeZone(saved.time_zone)}
      preview={(v) => {
        const now = formatDateTime(new Date(), v.time_zone || undefined);
        return t`Now: ${now}`;
      }}
    >
      {(form, busy) => (
        <Select
          label={t`Time zone`}
          description={t`Type a place, e.g. Jamaica or New York`}
          required
          searchable
          data={zones}
          nothingFoundMessage={t`No time zone found`}
          allowDeselect={false}
          maw={480}
          {...field(form, busy, 'time_zone')}
        />
      )}
    </SettingsSection>
  );
}
