import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import {
  Alert,
  Anchor,
  Button,
  Checkbox,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconCash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { useMemo, useState } from 'react';
import type { CounterInvoice, CounterLookup, CounterPackage } from '../../../contract/counter';
import { ScrollTable } from '../../components/ScrollTable';
import { ToneBadge } from '../../components/ToneBadge';
import { formatDateTime, formatWeight } from '../../lib/format';
import { formatAmount, formatDay } from '../../lib/money/money';
import type { RenderPayment } from './api';
import { BILLING_LABELS, BILLING_TONES, plural } from './labels';
import { ReleaseForm } from './ReleaseForm';

/** What the counter shows of one customer: who, their parcels, what they owe, who may collect, and the release. */
export function CustomerAtCounter({
  data,
  renderPayment,
  onReleased,
  onPaymentClosed,
}: {
  data: CounterLookup;
  renderPayment: RenderPayment;
  onReleased: () => void;
  onPaymentClosed: () => void;
}) {
  const { customer, packages, invoices, currency } = data;
  // A scanned parcel at the counter is the one handed over; a mailbox lookup hands over everything waiting.
  const [chosen, setChosen] = useState<Set<string>>(() =>
    data.matched_by === 'tracking' && data.scanned?.at_counter
      ? new Set([data.scanned.id])
      : new Set(packages.map((p) => p.id)),
  );
  // Parcels released meanwhile (another desk) drop out of the selection.
  const selected = useMemo(() => packages.filter((p) => chosen.has(p.id)), [packages, chosen]);
  const [payment, setPayment] = useState<{ id: string; opened: boolean } | null>(null);

  const toggle = (id: string, on: boolean) =>
    setChosen((prev) => {
      const next = new Set(prev);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <Stack gap="lg">
      <Paper withBorder p="md" component="section" aria-labelledby="counter-customer">
        <Group justify="space-between" align="flex-start" gap="sm">
          <div style={{ minWidth: 0 }}>
            <Title order={2} fz="xl" id="counter-customer">
              {customer.name}
            </Title>
            <Text fw={600} data-testid="counter-mailbox">
              {customer.mailbox_number}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {customer.email}
              {customer.phone ? ` · ${customer.phone}` : ''}
            </Text>
            {!customer.is_active && (
              <ToneBadge tone="red" mt={4}>
                Account inactive
              </ToneBadge>
            )}
          </div>
          <div style={{ textAlign: 'right' }}>
            <Text size="sm" c="dimmed">
              Balance due
            </Text>
            <Text fz={28} fw={700} data-testid="balance-due" aria-live="polite">
              {formatAmount(data.balance_due_cents, currency)}
            </Text>
          </div>
        </Group>
      </Paper>

      <Scanned data={data} />

      <Parcels
        packages={packages}
        chosen={chosen}
        onToggle={toggle}
        onAll={(on) => setChosen(on ? new Set(packages.map((p) => p.id)) : new Set())}
      />

      <Invoices
        invoices={invoices}
        balance={data.balance_due_cents}
        currency={currency}
        onPay={(id) => setPayment({ id, opened: true })}
      />

      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <People data={data} />
        <ReleaseForm data={data} selected={selected} onReleased={onReleased} />
      </SimpleGrid>

      {payment &&
        renderPayment(payment.id, payment.opened, () => {
          setPayment({ id: payment.id, opened: false });
          onPaymentClosed();
        })}
    </Stack>
  );
}

/** A scanned label whose parcel is not at the counter: why it is not listed. */
function Scanned({ data }: { data: CounterLookup }) {
  const s = data.scanned;
  if (!s || s.at_counter) return null;
  return (
    <Alert color="orange" variant="light" title={`Scanned ${s.tracking_number}: not at the counter`}>
      {s.released
        ? `Already collected by ${s.released.collected_by} on ${formatDateTime(s.released.at)}.`
        : `Its status is ${s.status_name}: it cannot be released until it is ready for pickup.`}
    </Alert>
  );
}

function Parcels({
  packages,
  chosen,
  onToggle,
  onAll,
}: {
  packages: CounterPackage[];
  chosen: Set<string>;
  onToggle: (id: string, on: boolean) => void;
  onAll: (on: boolean) => void;
}) {
  const n = packages.filter((p) => chosen.has(p.id)).length;
  return (
    <section>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="lg" id="counter-parcels">
          Parcels at the branch
        </Title>
        <Text size="sm" aria-live="polite" data-testid="parcels-selected">
          {packages.length === 0 ? 'None waiting' : `${n} of ${plural(packages.length, 'parcel')} selected`}
        </Text>
      </Group>
      {packages.length === 0 ? (
        <Text c="dimmed">Nothing waiting for this customer at the branch.</Text>
      ) : (
        <ScrollTable label="Parcels at the branch" minWidth={640}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th w={40}>
                  <Checkbox
                    aria-label="Select all parcels"
                    checked={n === packages.length}
                    indeterminate={n > 0 && n < packages.length}
                    onChange={(e) => onAll(e.currentTarget.checked)}
                  />
                </Table.Th>
                <Table.Th>Tracking number</Table.Th>
                <Table.Th>Description</Table.Th>
                <Table.Th>Weight</Table.Th>
                <Table.Th>Status</Table.Th>
                <Table.Th>Billing</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {packages.map((p) => (
                <Table.Tr key={p.id} data-tracking={p.tracking_number}>
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${p.tracking_number}`}
                      checked={chosen.has(p.id)}
                      onChange={(e) => onToggle(p.id, e.currentTarget.checked)}
                    />
                  </Table.Td>
                  <Table.Td fw={600} style={{ overflowWrap: 'anywhere' }}>
                    {p.tracking_number}
                  </Table.Td>
                  <Table.Td>{p.description || '—'}</Table.Td>
                  <Table.Td>
                    {formatWeight(p.weight)}
                    {p.pieces > 1 ? ` · ${p.pieces} pcs` : ''}
                  </Table.Td>
                  <Table.Td>{p.status_name}</Table.Td>
                  <Table.Td>
                    <Group gap={6} wrap="nowrap">
                      <ToneBadge tone={BILLING_TONES[p.billing]} data-billing={p.billing}>
                        {BILLING_LABELS[p.billing]}
                      </ToneBadge>
                      {p.invoice?.number && (
                        <Text size="xs" c="dimmed">
                          {p.invoice.number}
                        </Text>
                      )}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </ScrollTable>
      )}
    </section>
  );
}

function Invoices({
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
  const money = (c: number) => formatAmount(c, currency);
  return (
    <section>
      <Title order={2} fz="lg" id="counter-invoices" mb="xs">
        Open invoices
      </Title>
      {invoices.length === 0 ? (
        <Text c="dimmed">Nothing owed: no open invoices.</Text>
      ) : (
        <ScrollTable label="Open invoices" minWidth={720}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Invoice</Table.Th>
                <Table.Th>Due</Table.Th>
                <Table.Th>Parcels</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
                <Table.Th ta="right">Paid</Table.Th>
                <Table.Th ta="right">Balance due</Table.Th>
                <Table.Th>Payment</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {invoices.map((inv) => (
                <Table.Tr key={inv.id} data-invoice={inv.number ?? inv.id}>
                  <Table.Td fw={600}>
                    <Anchor
                      renderRoot={(props) => (
                        <Link to="/admin/invoice/preview/$id" params={{ id: inv.id }} {...props} />
                      )}
                    >
                      {inv.number ?? 'Draft'}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>
                    {inv.due_at ? formatDay(inv.due_at) : '—'}
                    {inv.overdue && (
                      <ToneBadge tone="red" size="sm" ml={6}>
                        Overdue
                      </ToneBadge>
                    )}
                  </Table.Td>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    {inv.tracking_numbers.join(', ') || '—'}
                  </Table.Td>
                  <Table.Td ta="right">{money(inv.total_cents)}</Table.Td>
                  <Table.Td ta="right">{money(inv.amount_paid_cents)}</Table.Td>
                  <Table.Td ta="right" fw={600}>
                    {money(inv.balance_cents)}
                  </Table.Td>
                  <Table.Td>
                    <Button
                      size="xs"
                      leftSection={<IconCash size={14} aria-hidden />}
                      onClick={() => onPay(inv.id)}
                      aria-label={`Take payment on ${inv.number ?? 'the draft invoice'}`}
                    >
                      Take payment
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th colSpan={5} ta="right">
                  Total balance due
                </Table.Th>
                <Table.Td ta="right" fw={700} data-testid="invoices-balance">
                  {money(balance)}
                </Table.Td>
                <Table.Td />
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollTable>
      )}
    </section>
  );
}

function People({ data }: { data: CounterLookup }) {
  return (
    <section aria-labelledby="counter-people">
      <Title order={2} fz="lg" id="counter-people" mb="xs">
        Authorized persons
      </Title>
      {data.authorized_persons.length === 0 ? (
        <Text c="dimmed">None: only {data.customer.name} may collect.</Text>
      ) : (
        <Stack gap="xs" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
          {data.authorized_persons.map((p) => (
            <Paper key={p.id} withBorder p="sm" component="li">
              <Text fw={600}>{p.full_name}</Text>
              <Text size="sm">
                {p.relationship}
                {p.phone ? ` · ${p.phone}` : ''}
              </Text>
              <Text size="sm">
                {p.identification.name}: <span style={{ fontFamily: 'monospace' }}>{p.id_number}</span>
              </Text>
            </Paper>
          ))}
        </Stack>
      )}
    </section>
  );
}
