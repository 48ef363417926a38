import '@mantine/dates/styles.css';
import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DateInput } from '@mantine/dates';
import type { UseFormReturnType } from '@mantine/form';
import { IconCalendar } from '@tabler/icons-react';
import type { InvoiceDetail } from '../../../contract/invoices';
import { formatDay } from '../../lib/money/money';
import { type InvoiceFormValues, parseDay } from './form-values';
import { InvoiceFormCustomer } from './InvoiceFormCustomer';

/** The form's first card: the customer (chosen on a new invoice, fixed after) and the issue and due dates. */
export function InvoiceFormDates({
  form,
  invoice,
  revising,
  busy,
  dueHint,
  onCustomer,
}: {
  form: UseFormReturnType<InvoiceFormValues>;
  invoice: InvoiceDetail | null;
  revising: boolean;
  busy: boolean;
  dueHint: string;
  onCustomer: (id: string) => void;
}) {
  const { t } = useLingui();
  const values = form.getValues();
  const issued = invoice?.issue_date ? formatDay(invoice.issue_date) : null;
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="invoice-customer-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="invoice-customer-title">
          <Trans>Customer and dates</Trans>
        </Title>
        {invoice ? (
          <div>
            <Text size="sm" fw={500}>
              <Trans>Customer</Trans>
            </Text>
            <Text data-testid="invoice-customer">
              <bdi>{invoice.customer.mailbox_number}</bdi> · {invoice.customer.name} ·{' '}
              {invoice.customer.email}
            </Text>
          </div>
        ) : (
          <InvoiceFormCustomer
            value={values.customer_id}
            onChange={onCustomer}
            error={form.errors.customer_id}
            disabled={busy}
          />
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          <DateInput
            label={t`Issue date`}
            description={revising && issued ? t`Issued ${issued}` : t`Empty: the day it is issued`}
            placeholder={t`e.g. Dec 5, 2026`}
            valueFormat="MMM D, YYYY"
            dateParser={parseDay}
            clearable={!revising}
            leftSection={<IconCalendar size={16} aria-hidden />}
            previousLabel={t`Previous month`}
            nextLabel={t`Next month`}
            clearButtonProps={{ 'aria-label': t`Clear the issue date` }}
            popoverProps={{ withinPortal: true }}
            disabled={busy}
            {...form.getInputProps('issue_date')}
          />
          <DateInput
            label={t`Due date`}
            description={dueHint}
            placeholder={t`e.g. Dec 19, 2026`}
            valueFormat="MMM D, YYYY"
            dateParser={parseDay}
            clearable={!revising}
            minDate={values.issue_date ?? undefined}
            leftSection={<IconCalendar size={16} aria-hidden />}
            previousLabel={t`Previous month`}
            nextLabel={t`Next month`}
            clearButtonProps={{ 'aria-label': t`Clear the due date` }}
            popoverProps={{ withinPortal: true }}
            disabled={busy}
            {...form.getInputProps('due_at')}
          />
        </SimpleGrid>
      </Stack>
    </Card>
  );
}
