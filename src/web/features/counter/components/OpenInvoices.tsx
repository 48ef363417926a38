import '../i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { CounterInvoice } from '../../../../contract/counter';
import { type Column, ListRows } from '../../../components/list';
import { ToneBadge } from '../../../components/ToneBadge';
import { formatAmount, formatDay } from '../../../lib/money/money';

/** The invoice's number, whole (never broken over lines), linking to it. */
function InvoiceNumber({ inv }: { inv: CounterInvoice }) {
  const { t } = useLingui();
  return (
    <Anchor
      fw={600}
      dir="ltr"
      style={{ whiteSpace: 'nowrap' }}
      renderRoot={(props) => <Link to="/admin/invoice/preview/$id" params={{ id: inv.id }} {...props} />}
    >
      {inv.number ?? t`Draft`}
    </Anchor>
  );
}

/** The due date, and "Overdue" in full beside it. */
function Due({ inv }: { inv: CounterInvoice }) {
  const { t } = useLingui();
  return (
    <Group gap={6} wrap="nowrap">
      <Text size="sm" style={{ whiteSpace: 'nowrap' }}>
        {inv.due_at ? formatDay(inv.due_at) : '—'}
      </Text>
      {inv.overdue && (
        <ToneBadge tone="red" size="sm" flex="none">
          {t`Overdue`}
        </ToneBadge>
      )}
    </Group>
  );
}

function PayButton({
  inv,
  onPay,
  fullWidth,
}: {
  inv: CounterInvoice;
  onPay: (id: string) => void;
  fullWidth?: boolean;
}) {
  const { t } = useLingui();
  const invoice = inv.number;
  return (
    <Button
      size="xs"
      fullWidth={fullWidth}
      leftSection={<IconCash size={14} aria-hidden />}
      onClick={() => onPay(inv.id)}
      aria-label={invoice ? t`Take payment on ${invoice}` : t`Take payment on the draft invoice`}
    >
      <Trans>Take payment</Trans>
    </Button>
  );
}

/** What the customer owes: each open invoice with its balance and "Take payment", then the total. */
export function OpenInvoices({
  invoices,
  balance,
  currency,
  onPay,
}: {
  invoices: CounterInvoice[];
  balance: number;
  currency: string;
  onPay: (id: string) => void;
}) {
  const { t } = useLingui();
  const money = (c: number) => formatAmount(c, currency);
  const columns: Column<CounterInvoice>[] = [
    { header: msg`Invoice`, cell: (inv) => <InvoiceNumber inv={inv} /> },
    { header: msg`Due`, cell: (inv) => <Due inv={inv} /> },
    {
      header: msg`Parcels`,
      cell: (inv) => inv.tracking_numbers.join(', ') || '—',
      td: () => ({ style: { overflowWrap: 'anywhere' } }),
    },
    { header: msg`Total`, align: 'right', nowrap: true, cell: (inv) => money(inv.total_cents) },
    { header: msg`Paid`, align: 'right', nowrap: true, cell: (inv) => money(inv.amount_paid_cents) },
    {
      header: msg`Balance due`,
      align: 'right',
      nowrap: true,
      cell: (inv) => money(inv.balance_cents),
      td: () => ({ fw: 600 }),
    },
    { header: msg`Payment`, cell: (inv) => <PayButton inv={inv} onPay={onPay} /> },
  ];
  return (
    <section>
      <Title order={2} fz="lg" id="counter-invoices" mb="xs">
        <Trans>Open invoices</Trans>
      </Title>
      {invoices.length === 0 ? (
        <Text c="dimmed">
          <Trans>Nothing owed: no open invoices.</Trans>
        </Text>
      ) : (
        <Stack gap="xs">
          <ListRows
            label={t`Open invoices`}
            rows={invoices}
            rowKey={(inv) => inv.id}
            columns={columns}
            table={{
              minWidth: 720,
              regionLabel: t`Open invoices`,
              rowProps: (inv) => ({ 'data-invoice': inv.number ?? inv.id }),
              footer: (
                <Table.Tr>
                  <Table.Th colSpan={5} ta="end">
                    <Trans>Total balance due</Trans>
                  </Table.Th>
                  <Table.Td ta="end" fw={700} data-testid="invoices-balance">
                    {money(balance)}
                  </Table.Td>
                  <Table.Td />
                </Table.Tr>
              ),
            }}
            card={(inv) => (
              <Stack gap={6}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <InvoiceNumber inv={inv} />
                  <Due inv={inv} />
                </Group>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {inv.tracking_numbers.join(', ') || t`No parcels`}
                </Text>
                <SimpleGrid cols={3} spacing="xs">
                  {(
                    [
                      ['total', t`Total`, inv.total_cents],
                      ['paid', t`Paid`, inv.amount_paid_cents],
                      ['balance', t`Balance due`, inv.balance_cents],
                    ] as const
                  ).map(([key, label, cents]) => (
                    <div key={key}>
                      <Text size="xs" c="dimmed">
                        {label}
                      </Text>
                      <Text size="sm" fw={key === 'balance' ? 700 : 400} style={{ whiteSpace: 'nowrap' }}>
                        {money(cents)}
                      </Text>
                    </div>
                  ))}
                </SimpleGrid>
                <PayButton inv={inv} onPay={onPay} fullWidth />
              </Stack>
            )}
          />
          <Group justify="space-between" hiddenFrom="sm">
            <Text fw={600}>
              <Trans>Total balance due</Trans>
            </Text>
            <Text fw={700}>{money(balance)}</Text>
          </Group>
        </Stack>
      )}
    </section>
  );
}
