import '../i18n';
import { useLingui } from '@lingui/react/macro';
import { SimpleGrid, TextInput } from '@mantine/core';
import type { GetInputPropsReturnType } from '@mantine/form';
import { DateField } from '../../../components/DateField';

/**
 * When a new rate or category takes effect: a day (not before the one the form opened on) and a time, both in this
 * device's time; left as opened they mean "from the moment you save".
 */
export function EffectiveFrom({
  date,
  time,
  minDate,
  busy,
}: {
  date: GetInputPropsReturnType;
  time: GetInputPropsReturnType;
  minDate: string;
  busy: boolean;
}) {
  const { t } = useLingui();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
      <DateField
        label={t`Effective from`}
        description={t`Left at today and this minute: from the moment you save`}
        required
        disabled={busy}
        minDate={minDate}
        {...date}
      />
      <TextInput
        type="time"
        label={t`Time`}
        description={t`In this device's time`}
        disabled={busy}
        {...time}
      />
    </SimpleGrid>
  );
}
