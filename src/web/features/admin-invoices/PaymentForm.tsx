import '@mantine/dates/styles.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Select, SimpleGrid, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import { paymentMethods } from '../../../contract/constants';
import { currencySymbol } from '../../../contract/format';
import type { InvoiceDetail, PaymentBody, PaymentMethod } from '../../../contract/invoices';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { formatAmount } from '../../lib/money/money';
import { useFormSubmit } from '../../lib/use-form-submit';
import { centsToInput, invoiceChanges, toCents, today } from './api';
import { parseDay } from './form-values';
import { METHOD_LABELS } from './labels';

interface PaymentValues {
  amount: string;
  paid_on: string;
  method: PaymentMethod | '';
  reference: string;
  note: string;
}

export function Fact({
  label,
  children,
  testId,
}: {
  label: string;
  children: React.ReactNode;
  testId?: string;
}) {
  return (
    <div>
      <Text size="xs" c="dimmed" fw={500}>
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** Money received on an open invoice: amount (part of the balance is fine), day, method, reference, note. */
export function PaymentForm({
  invoice,
  onRecorded,
}: {
  invoice: InvoiceDetail;
  onRecorded: (inv: InvoiceDetail) => void;
}) {
  const { t } = useLingui();
  const money = (cents: number) => formatAmount(cents, invoice.currency);
  const balance = money(invoice.balance_cents);
  const symbol = currencySymbol(invoice.currency);
  const form = useForm<PaymentValues>({
    initialValues: {
      amount: centsToInput(invoice.balance_cents),
      paid_on: today(),
      method: '',
      reference: '',
      note: '',
    },
    validate: {
      amount: (v) => {
        const cents = toCents(v);
        if (cents === null) return t`Enter an amount like 1500.00`;
        if (cents <= 0) return t`Enter an amount above zero`;
        if (cents > invoice.balance_cents) return t`At most the balance, ${balance}`;
        return null;
      },
      paid_on: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : t`Enter the date it was paid`),
      method: (v) => (v ? null : t`Choose how it was paid`),
    },
  });
  const submission = useFormSubmit({
    form,
    toBody: (v): PaymentBody => ({
      amount_cents: toCents(v.amount) ?? 0,
      paid_on: v.paid_on,
      method: v.method as PaymentMethod,
      reference: v.reference.trim(),
      note: v.note.trim(),
    }),
    send: (body) => invoiceChanges.pay(invoice.id, body),
    onSent: onRecorded,
    failure: t`The payment was not recorded`,
    // The API names the amount in cents; the form has it in money.
    errorSink: {
      values: { ...form.values, amount_cents: 0 },
      setFieldError: (field, message) =>
        form.setFieldError(field === 'amount_cents' ? 'amount' : field, message),
    },
  });
  const { formRef, onSubmit, formError, busy } = submission;

  return (
    <form noValidate ref={formRef} aria-label={t`Record a payment`} onSubmit={onSubmit}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          <Trans>Record a payment</Trans>
        </Title>
        <FormErrorAlert title={t`The payment was not recorded`} error={formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={t`Amount (${symbol})`}
            description={t`Part of the balance is fine`}
            inputMode="decimal"
            autoComplete="off"
            required
            {...form.getInputProps('amount')}
          />
          {/* Written the house way ("Nov 26, 2026"), as every other date, never the browser's 11/26/2026. */}
          <DateInput
            label={t`Paid on`}
            required
            valueFormat="MMM D, YYYY"
            dateParser={parseDay}
            maxDate={today()}
            leftSection={<IconCalendar size={16} aria-hidden />}
            previousLabel={t`Previous month`}
            nextLabel={t`Next month`}
            popoverProps={{ withinPortal: true }}
            {...form.getInputProps('paid_on')}
            onChange={(v) => form.setFieldValue('paid_on', v ?? '')}
          />
        </SimpleGrid>
        <Select
          label={t`Method`}
          placeholder={t`How it was paid`}
          required
          data={paymentMethods.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('method')}
          value={form.values.method || null}
          onChange={(v) => form.setFieldValue('method', (v as PaymentMethod | null) ?? '')}
        />
        <TextInput
          label={t`Reference`}
          description={t`Receipt, card slip or transfer number`}
          autoComplete="off"
          maxLength={100}
          {...form.getInputProps('reference')}
        />
        <Textarea
          label={t`Note`}
          description={t`Staff only`}
          rows={2}
          maxLength={500}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            <Trans>Record payment</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
