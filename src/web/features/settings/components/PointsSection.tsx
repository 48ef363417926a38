import '../i18n';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, SimpleGrid } from '@mantine/core';
import { currencySymbol } from '../../../../contract/format';
import { checkPoints, pointsBody, pointsPreview, pointsValues } from '../sections';
import { field, type SectionProps, SettingsSection } from './SettingsSection';

/** How customers earn points and what they are worth. */
export function PointsSection({ settings, save }: SectionProps) {
  const { t } = useLingui();
  const symbol = currencySymbol(settings.currency);
  /** An amount in the company's currency, in cents' precision, never nothing. */
  const money = {
    required: true,
    prefix: symbol,
    thousandSeparator: ',',
    decimalScale: 2,
    min: 0.01,
    allowNegative: false,
    inputMode: 'decimal',
  } as const;
  return (
    <SettingsSection
      id="points"
      title={t`Points`}
      description={t`How customers earn points and what they are worth: the points page's “How points work”.`}
      settings={settings}
      toValues={pointsValues}
      toBody={pointsBody}
      validate={checkPoints}
      save={save}
      preview={(v) => pointsPreview(v, settings.currency)}
    >
      {(form, busy) => (
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
          <NumberInput
            label={t`Paid for 1 point`}
            description={t`${symbol} paid on invoices`}
            {...money}
            {...field(form, busy, 'earn_dollars')}
          />
          <NumberInput
            label={t`1 point is worth`}
            description={t`Off an invoice paid with points`}
            {...money}
            {...field(form, busy, 'point_dollars')}
          />
          <NumberInput
            label={t`Pre-alert bonus`}
            description={t`Points for a pre-alert with its invoice file; 0 for none`}
            required
            min={0}
            allowDecimal={false}
            allowNegative={false}
            inputMode="numeric"
            {...field(form, busy, 'prealert_bonus')}
          />
        </SimpleGrid>
      )}
    </SettingsSection>
  );
}
