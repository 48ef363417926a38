import {
  Alert,
  Button,
  Divider,
  Drawer,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { paymentMethods } from '../../../contract/constants';
import { currencySymbol } from '../../../contract/format';
import type { InvoiceDetail, Payment, PaymentBody, PaymentMethod } from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { QueryError } from '../../components/QueryStates';
import { api, errorMessage } from '../../lib/api';
import { formatAmount, formatDay } from '../../lib/money/money';
import { useFormSubmit } from '../../lib/use-form-submit';
import {
  adminInvoiceKeys,
  adminInvoiceQueryOptions,
  centsToInput,
  refreshInvoice,
  toCents,
  today,
} from './api';
import { isOpen, METHOD_LABELS, StatusBadge } from './labels';

interface PaymentValues {
  amount: string;
  paid_on: string;
  method: PaymentMethod | '';
  reference: string;
  note: string;
}

function Fact({ label, children, testId }: { label: string; children: React.ReactNode; testId?: string }) {
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

function PaymentForm({
  invoice,
  onRecorded,
}: {
  invoice: InvoiceDetail;
  onRecorded: (inv: InvoiceDetail) => void;
}) {
  const money = (cents: number) => formatAmount(cents, invoice.currency);
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
        if (cents === null) return 'Enter an amount like 1500.00';
        if (cents <= 0) return 'Enter an amount above zero';
        if (cents > invoice.balance_cents) return `At most the balance, ${money(invoice.balance_cents)}`;
        return null;
      },
      paid_on: (v) => (/^\d{4}-\d{2}-\d{2}$/.test(v) ? null : 'Enter the date it was paid'),
      method: (v) => (v ? null : 'Choose how it was paid'),
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
    send: (body) => api.call(invoiceCalls.pay, { params: { id: invoice.id }, body }),
    onSent: onRecorded,
    failure: 'The payment was not recorded',
    // The API names the amount in cents; the form has it in money.
    errorSink: {
      values: { ...form.values, amount_cents: 0 },
      setFieldError: (field, message) =>
        form.setFieldError(field === 'amount_cents' ? 'amount' : field, message),
    },
  });
  const { formRef, onSubmit, formError, busy } = submission;

  return (
    <form noValidate ref={formRef} aria-label="Record a payment" onSubmit={onSubmit}>
      <Stack gap="sm">
        <Title order={3} fz="md">
          Record a payment
        </Title>
        <FormErrorAlert title="The payment was not recorded" error={formError} />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput
            label={`Amount (${currencySymbol(invoice.currency)})`}
            description="Part of the balance is fine"
            inputMode="decimal"
            autoComplete="off"
            required
            {...form.getInputProps('amount')}
          />
          <TextInput label="Paid on" type="date" required max={today()} {...form.getInputProps('paid_on')} />
        </SimpleGrid>
        <Select
          label="Method"
          placeholder="How it was paid"
          required
          data={paymentMethods.map((m) => ({ value: m, label: METHOD_LABELS[m] }))}
          comboboxProps={{ withinPortal: true }}
          {...form.getInputProps('method')}
          value={form.values.method || null}
          onChange={(v) => form.setFieldValue('method', (v as PaymentMethod | null) ?? '')}
        />
        <TextInput
          label="Reference"
          description="Receipt, card slip or transfer number"
          autoComplete="off"
          maxLength={100}
          {...form.getInputProps('reference')}
        />
        <Textarea
          label="Note"
          description="Staff only"
          rows={2}
          maxLength={500}
          {...form.getInputProps('note')}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={busy}>
            Record payment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function PaymentRow({
  invoice,
  payment,
  onReversed,
}: {
  invoice: InvoiceDetail;
  payment: Payment;
  onReversed: (inv: InvoiceDetail) => void;
}) {
  const [asking, setAsking] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | null>(null);
  const reverse = useMutation({
    mutationFn: () =>
      api.call(invoiceCalls.reversePayment, {
        params: { id: invoice.id, paymentId: payment.id },
        body: { reason: reason.trim() },
      }),
    networkMode: 'always',
    onSuccess: (inv) => {
      setAsking(false);
      onReversed(inv);
    },
  });
  const money = formatAmount(payment.amount_cents, invoice.currency);
  const reversed = payment.reversed_at !== null;

  return (
    <Paper component="li" withBorder p="sm" data-testid="payment-row">
      <Stack gap={4}>
        <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
          <div style={{ minWidth: 0 }}>
            <Text size="sm" fw={600} td={reversed ? 'line-through' : undefined}>
              {money} · {METHOD_LABELS[payment.method]}
            </Text>
            <Text size="xs" c="dimmed">
              {formatDay(payment.paid_on)}
              {payment.reference ? ` · ${payment.reference}` : ''}
              {payment.recorded_by ? ` · by ${payment.recorded_by}` : ''}
              {payment.points ? ` · ${payment.points} points` : ''}
            </Text>
            {payment.note && (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {payment.note}
              </Text>
            )}
            {reversed && (
              <Text size="xs" c="red.9">
                Reversed{payment.reverse_reason ? `: ${payment.reverse_reason}` : ''}
              </Text>
            )}
          </div>
          {!reversed && !asking && (
            <Button
              size="xs"
              variant="default"
              onClick={() => setAsking(true)}
              aria-label={`Reverse the payment of ${money} on ${formatDay(payment.paid_on)}`}
            >
              Reverse
            </Button>
          )}
        </Group>
        {asking && (
          <form
            noValidate
            aria-label={`Reverse the payment of ${money}`}
            onSubmit={(e) => {
              e.preventDefault();
              if (!reason.trim()) {
                setReasonError('Say why it is reversed');
                return;
              }
              setReasonError(null);
              reverse.mutate();
            }}
          >
            <Stack gap="xs">
              {reverse.isError && (
                <Alert color="red" variant="light" role="alert" title="The payment was not reversed">
                  {errorMessage(reverse.error)}
                </Alert>
              )}
              <Textarea
                label="Why is it reversed?"
                required
                rows={2}
                maxLength={500}
                value={reason}
                error={reasonError}
                onChange={(e) => setReason(e.currentTarget.value)}
                data-autofocus
              />
              <Group justify="flex-end" gap="xs">
                <Button
                  size="xs"
                  variant="default"
                  onClick={() => setAsking(false)}
                  disabled={reverse.isPending}
                >
                  Keep it
                </Button>
                <Button size="xs" color="red.9" type="submit" loading={reverse.isPending}>
                  Reverse payment
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Stack>
    </Paper>
  );
}

function PaymentPanel({
  invoice,
  onChanged,
}: {
  invoice: InvoiceDetail;
  onChanged: (inv: InvoiceDetail, message: string) => void;
}) {
  const money = (cents: number) => formatAmount(cents, invoice.currency);
  return (
    <Stack gap="md">
      <Paper withBorder p="sm" component="section" aria-label="Invoice">
        <Group justify="space-between" gap="xs" mb="xs">
          <Text fw={700}>{invoice.number ?? 'Draft'}</Text>
          <StatusBadge status={invoice.status} />
        </Group>
        <Text size="sm">
          {invoice.customer.name} · {invoice.customer.mailbox_number}
        </Text>
        <SimpleGrid cols={3} spacing="xs" mt="xs">
          <Fact label="Total">{money(invoice.total_cents)}</Fact>
          <Fact label="Paid">{money(invoice.amount_paid_cents)}</Fact>
          <Fact label="Balance" testId="payment-balance">
            {invoice.balance_cents === 0 ? 'Paid' : money(invoice.balance_cents)}
          </Fact>
        </SimpleGrid>
      </Paper>

      {isOpen(invoice.status) && invoice.balance_cents > 0 ? (
        <PaymentForm
          // A fresh form (amount = the new balance) after each payment or reversal.
          key={`${invoice.id}:${invoice.balance_cents}:${invoice.payments.length}`}
          invoice={invoice}
          onRecorded={(inv) =>
            onChanged(inv, `${money(inv.amount_paid_cents - invoice.amount_paid_cents)} recorded`)
          }
        />
      ) : (
        <Text size="sm" c="dimmed">
          {invoice.status === 'draft'
            ? 'Issue the invoice before recording a payment.'
            : invoice.status === 'cancelled'
              ? 'This invoice is cancelled: no payment can be recorded.'
              : 'Nothing is left to pay.'}
        </Text>
      )}

      <Divider />
      <section aria-labelledby={`payments-${invoice.id}`}>
        <Title order={3} fz="md" id={`payments-${invoice.id}`} mb="xs">
          Payments
        </Title>
        {invoice.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            No payments yet.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {invoice.payments.map((p) => (
              <PaymentRow
                key={p.id}
                invoice={invoice}
                payment={p}
                onReversed={(inv) => onChanged(inv, 'Payment reversed')}
              />
            ))}
          </Stack>
        )}
      </section>
    </Stack>
  );
}

/** The payment drawer: the invoice's balance, a form to record money received, and its payments (reversible). */
export function PaymentDrawer({
  invoiceId,
  opened,
  onClose,
  onRecorded,
}: {
  invoiceId: string;
  opened: boolean;
  onClose: () => void;
  onRecorded?: (invoice: InvoiceDetail) => void;
}) {
  const queryClient = useQueryClient();
  const query = useQuery({ ...adminInvoiceQueryOptions(invoiceId), enabled: opened && invoiceId !== '' });

  const onChanged = (inv: InvoiceDetail, message: string) => {
    queryClient.setQueryData(adminInvoiceKeys.detail(inv.id), inv);
    void refreshInvoice(queryClient, inv.id);
    notifications.show({
      color: 'green',
      title: message,
      message: `${inv.number}: ${inv.balance_cents === 0 ? 'paid in full' : `balance ${formatAmount(inv.balance_cents, inv.currency)}`}`,
    });
    onRecorded?.(inv);
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title="Payments"
      closeButtonProps={{ 'aria-label': 'Close payments' }}
    >
      {query.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading the invoice">
          <Skeleton h={90} radius="md" />
          <Skeleton h={260} radius="md" />
        </Stack>
      ) : query.isError ? (
        <QueryError
          title="Could not load the invoice"
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PaymentPanel invoice={query.data} onChanged={onChanged} />
      )}
    </Drawer>
  );
}
