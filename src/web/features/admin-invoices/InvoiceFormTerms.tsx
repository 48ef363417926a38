import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/NumberInput.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, NumberInput, SegmentedControl, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { currencySymbol } from '../../../contract/format';
import { type DiscountKind, type InvoiceFormValues, rateToPercent } from './form-values';

/** Discount (amount or percent, off the services), the company's tax rate, notes and payment terms. */
export function InvoiceFormTerms({
  form,
  busy,
  currency,
  taxLabel,
  companyRate,
  editing,
  companyTerms,
}: {
  form: UseFormReturnType<InvoiceFormValues>;
  busy: boolean;
  currency: string;
  taxLabel: string;
  /** The rate the server applies while the field is empty. */
  companyRate: string | null;
  editing: boolean;
  companyTerms: string | undefined;
}) {
  const { t } = useLingui();
  const values = form.getValues();
  const symbol = currencySymbol(currency);
  const rate = companyRate !== null ? rateToPercent(companyRate) : null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invoice-terms-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="invoice-terms-title">
          <Trans>Discount, tax and terms</Trans>
        </Title>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <Stack gap={4}>
            <Text size="sm" fw={500} id="invoice-discount-kind">
              <Trans>Discount</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby="invoice-discount-kind"
              data={[
                { value: 'none', label: t`None` },
                { value: 'amount', label: t`Amount` },
                { value: 'percent', label: t`Percent` },
              ]}
              value={values.discount_kind}
              onChange={(kind) => form.setFieldValue('discount_kind', kind as DiscountKind)}
              disabled={busy}
              fullWidth
            />
          </Stack>
          <NumberInput
            label={values.discount_kind === 'percent' ? t`Discount (%)` : t`Discount (${symbol})`}
            description={t`Off the services, never the customs charges`}
            min={0}
            max={values.discount_kind === 'percent' ? 100 : undefined}
            decimalScale={2}
            fixedDecimalScale={values.discount_kind === 'amount'}
            thousandSeparator={values.discount_kind === 'amount' ? ',' : undefined}
            allowNegative={false}
            hideControls
            disabled={busy || values.discount_kind === 'none'}
            {...form.getInputProps('discount_value')}
          />
        </SimpleGrid>
        <NumberInput
          label={t`${taxLabel} rate (%)`}
          description={
            rate !== null
              ? t`On the services after the discount. Empty: the company’s rate, ${rate} %`
              : t`On the services after the discount. Empty: the company’s rate`
          }
          placeholder={companyRate !== null ? rateToPercent(companyRate) : undefined}
          min={0}
          max={100}
          decimalScale={4}
          allowNegative={false}
          hideControls
          disabled={busy}
          maw={{ sm: 260 }}
          {...form.getInputProps('tax_rate')}
        />
        <Textarea
          label={t`Notes`}
          description={t`Printed on the invoice`}
          autosize
          minRows={2}
          maxRows={6}
          disabled={busy}
          {...form.getInputProps('notes')}
        />
        <Textarea
          label={t`Payment terms`}
          description={editing ? undefined : t`Empty: the company’s terms`}
          placeholder={companyTerms || undefined}
          autosize
          minRows={2}
          maxRows={6}
          disabled={busy}
          {...form.getInputProps('terms')}
        />
      </Stack>
    </Card>
  );
}
