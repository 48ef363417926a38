import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Divider, Drawer, Group, Paper, SimpleGrid, Skeleton, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import type { InvoiceDetail } from '../../../contract/invoices';
import { QueryError } from '../../components/QueryStates';
import { formatAmount } from '../../lib/money/money';
import { adminInvoiceQueryOptions } from './api';
import { useInvoiceChanged } from './hooks';
import { isOpen, StatusBadge } from './labels';
import { Fact, PaymentForm } from './PaymentForm';
import { PaymentRow } from './PaymentRow';

function PaymentPanel({
  invoice,
  onChanged,
}: {
  invoice: InvoiceDetail;
  onChanged: (inv: InvoiceDetail, message: string) => void;
}) {
  const { t } = useLingui();
  const money = (cents: number) => formatAmount(cents, invoice.currency);
  return (
    <Stack gap="md">
      <Paper withBorder p="sm" component="section" aria-label={t`Invoice`}>
        <Group justify="space-between" gap="xs" mb="xs">
          <Text fw={700}>{invoice.number ?? t`Draft`}</Text>
          <StatusBadge status={invoice.status} />
        </Group>
        <Text size="sm">
          {invoice.customer.name} · <bdi>{invoice.customer.mailbox_number}</bdi>
        </Text>
        <SimpleGrid cols={3} spacing="xs" mt="xs">
          <Fact label={t`Total`}>{money(invoice.total_cents)}</Fact>
          <Fact label={t`Paid`}>{money(invoice.amount_paid_cents)}</Fact>
          <Fact label={t`Balance`} testId="payment-balance">
            {invoice.balance_cents === 0 ? t`Paid` : money(invoice.balance_cents)}
          </Fact>
        </SimpleGrid>
      </Paper>

      {isOpen(invoice.status) && invoice.balance_cents > 0 ? (
        <PaymentForm
          // A fresh form (amount = the new balance) after each payment or reversal.
          key={`${invoice.id}:${invoice.balance_cents}:${invoice.payments.length}`}
          invoice={invoice}
          onRecorded={(inv) => {
            const amount = money(inv.amount_paid_cents - invoice.amount_paid_cents);
            onChanged(inv, t`${amount} recorded`);
          }}
        />
      ) : (
        <Text size="sm" c="dimmed">
          {invoice.status === 'draft'
            ? t`Issue the invoice before recording a payment.`
            : invoice.status === 'cancelled'
              ? t`This invoice is cancelled: no payment can be recorded.`
              : t`Nothing is left to pay.`}
        </Text>
      )}

      <Divider />
      <section aria-labelledby={`payments-${invoice.id}`}>
        <Title order={3} fz="md" id={`payments-${invoice.id}`} mb="xs">
          <Trans>Payments</Trans>
        </Title>
        {invoice.payments.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No payments yet.</Trans>
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }}>
            {invoice.payments.map((p) => (
              <PaymentRow
                key={p.id}
                invoice={invoice}
                payment={p}
                onReversed={(inv) => onChanged(inv, t`Payment reversed`)}
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
  const query = useQuery({ ...adminInvoiceQueryOptions(invoiceId), enabled: opened && invoiceId !== '' });
  const changed = useInvoiceChanged();
  const { t } = useLingui();

  const onChanged = (inv: InvoiceDetail, message: string) => {
    changed(inv);
    notifications.show({
      color: 'green',
      title: message,
      message: `${inv.number}: ${inv.balance_cents === 0 ? t`paid in full` : t`balance ${{ balance: formatAmount(inv.balance_cents, inv.currency) }}`}`,
    });
    onRecorded?.(inv);
  };

  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      position="right"
      size="md"
      title={t`Payments`}
      closeButtonProps={{ 'aria-label': t`Close payments` }}
    >
      {query.isPending ? (
        <Stack gap="sm" role="status" aria-busy="true" aria-label={t`Loading the invoice`}>
          <Skeleton h={90} radius="md" />
          <Skeleton h={260} radius="md" />
        </Stack>
      ) : query.isError ? (
        <QueryError
          title={t`Could not load the invoice`}
          error={query.error}
          onRetry={() => void query.refetch()}
        />
      ) : (
        <PaymentPanel invoice={query.data} onChanged={onChanged} />
      )}
    </Drawer>
  );
}
