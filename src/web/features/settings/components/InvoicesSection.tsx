import '../i18n';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, SimpleGrid, Textarea, TextInput } from '@mantine/core';
import { checkInvoice, invoiceBody, invoicePreview, invoiceValues } from '../sections';
import { field, type SectionProps, SettingsSection } from './SettingsSection';

/** What a new invoice starts with. */
export function InvoicesSection({ settings, save }: SectionProps) {
  const { t } = useLingui();
  return (
    <SettingsSection
      id="invoices"
      title={t`Invoices`}
      description={t`What a new invoice starts with. Invoices already issued keep theirs.`}
      settings={settings}
      toValues={invoiceValues}
      toBody={invoiceBody}
      validate={checkInvoice}
      save={save}
      preview={invoicePreview}
    >
      {(form, busy) => (
        <>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
            <TextInput
              label={t`Tax name`}
              description={t`e.g. GCT`}
              required
              autoComplete="off"
              {...field(form, busy, 'tax_label')}
            />
            <NumberInput
              label={t`Tax rate`}
              description={t`On services; 0 for none`}
              required
              suffix=" %"
              decimalScale={4}
              min={0}
              max={100}
              allowNegative={false}
              inputMode="decimal"
              {...field(form, busy, 'tax_percent')}
            />
            <NumberInput
              label={t`Due after (days)`}
              description={t`From the day it is issued`}
              required
              min={0}
              max={365}
              allowDecimal={false}
              allowNegative={false}
              inputMode="numeric"
              {...field(form, busy, 'due_days')}
            />
          </SimpleGrid>
          <Textarea
            label={t`Terms (optional)`}
            description={t`Printed on the invoice`}
            rows={4}
            {...field(form, busy, 'terms')}
          />
        </>
      )}
    </SettingsSection>
  );
}
