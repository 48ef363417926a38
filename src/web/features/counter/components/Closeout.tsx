import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { ReactNode } from 'react';
import type { Closeout as CloseoutData } from '../../../../contract/counter';
import { DateField } from '../../../components/DateField';
import { type Column, DataTable, ListRows, type ListRowsProps } from '../../../components/list';
import { usePageTitle } from '../../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../../components/QueryStates';
import { formatDateTime } from '../../../lib/format';
import { formatAmount } from '../../../lib/money/money';
import { closeoutQueryOptions, localTimeZone, localToday } from '../api';
import { METHOD_LABELS, plural } from '../labels';

type Payments = CloseoutData['payments'];
type Payment = Payments['items'][number];
type Reversal = CloseoutData['reversals']['items'][number];
type Release = CloseoutData['releases']['items'][number];
type Customer = { name: string; mailbox_number: string };

const who = (c: Customer) => `${c.name} (${c.mailbox_number})`;

/** The close-out of one day at the counter: payments by method and by staff, reversals, parcels released. */
export function Closeout({
  date,
  onDate,
}: {
  date: string | undefined;
  onDate: (date: string | undefined) => void;
}) {
  usePageTitle('Counter close-out');
  const today = localToday();
  const day = date ?? today;
  const query = useQuery(closeoutQueryOptions({ date: day, tz: localTimeZone() }));
  return (
    <Stack gap="lg">
      <DateField
        label="Day"
        value={day}
        maxDate={today}
        required
        w={220}
        onChange={(v) => onDate(v && v !== today ? v : undefined)}
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label="Loading the close-out" count={3} h={90} />}
        errorTitle="The close-out could not be loaded"
        isEmpty={() => false}
        empty={null}
      >
        {(c) => <CloseoutReport c={c} />}
      </QueryStates>
    </Stack>
  );
}

/** One part of the report: its heading, then its rows or what it means that there are none. */
function Part({
  id,
  title,
  none,
  children,
}: {
  id: string;
  title: string;
  none: string | null;
  children: ReactNode;
}) {
  return (
    <section>
      <Title order={2} fz="lg" id={id} mb="xs">
        {title}
      </Title>
      {none ? <Text c="dimmed">{none}</Text> : children}
    </section>
  );
}

/** A part of the report that lists rows: a table on wide screens (cards on phones when it has them). */
function ListPart<T>({
  id,
  none,
  minWidth,
  ...rows
}: { id: string; none: string; minWidth: number } & Pick<
  ListRowsProps<T>,
  'label' | 'rows' | 'rowKey' | 'columns' | 'card'
>) {
  return (
    <Part id={id} title={rows.label} none={rows.rows.length ? null : none}>
      <ListRows table={{ minWidth, regionLabel: rows.label }} {...rows} />
    </Part>
  );
}

function CloseoutReport({ c }: { c: CloseoutData }) {
  const money = (cents: number) => formatAmount(cents, c.currency);
  const byMethod: Column<Payments['by_method'][number]>[] = [
    { header: 'Method', cell: (m) => METHOD_LABELS[m.method] },
    { header: 'Payments', align: 'right', cell: (m) => m.count },
    { header: 'Total', align: 'right', nowrap: true, cell: (m) => money(m.total_cents) },
  ];
  const byStaff: Column<Payments['by_staff'][number]>[] = [
    { header: 'Staff', cell: (s) => s.name },
    {
      header: 'By method',
      cell: (s) =>
        s.by_method
          .filter((m) => m.count > 0)
          .map((m) => `${METHOD_LABELS[m.method]} ${money(m.total_cents)}`)
          .join(' · '),
    },
    { header: 'Payments', align: 'right', cell: (s) => s.count },
    { header: 'Total', align: 'right', nowrap: true, cell: (s) => money(s.total_cents) },
  ];
  const method = (p: Payment) => `${METHOD_LABELS[p.method]}${p.reference ? ` · ${p.reference}` : ''}`;
  const payments: Column<Payment>[] = [
    { header: 'Time', nowrap: true, cell: (p) => formatDateTime(p.created_at) },
    {
      header: 'Invoice',
      nowrap: true,
      cell: (p) => (
        <Anchor
          renderRoot={(props) => (
            <Link to="/admin/invoice/preview/$id" params={{ id: p.invoice_id }} {...props} />
          )}
        >
          {p.invoice_number ?? 'Draft'}
        </Anchor>
      ),
    },
    { header: 'Customer', cell: (p) => who(p.customer) },
    { header: 'Method', cell: method },
    { header: 'Taken by', cell: (p) => p.recorded_by ?? '—' },
    { header: 'Amount', align: 'right', nowrap: true, cell: (p) => money(p.amount_cents) },
  ];
  const reversals: Column<Reversal>[] = [
    {
      header: 'Reversed',
      cell: (r) => `${formatDateTime(r.reversed_at)}${r.reversed_by ? ` by ${r.reversed_by}` : ''}`,
    },
    { header: 'Invoice', nowrap: true, cell: (r) => r.invoice_number ?? '—' },
    { header: 'Customer', cell: (r) => who(r.customer) },
    { header: 'Method', cell: (r) => METHOD_LABELS[r.method] },
    { header: 'Reason', cell: (r) => r.reason },
    { header: 'Amount', align: 'right', nowrap: true, cell: (r) => money(r.amount_cents) },
  ];
  const collected = (r: Release) => `${r.collected_by} (${r.id_type})`;
  const releases: Column<Release>[] = [
    { header: 'Time', nowrap: true, cell: (r) => formatDateTime(r.released_at) },
    { header: 'Tracking number', cell: (r) => r.tracking_number },
    { header: 'Customer', cell: (r) => who(r.customer) },
    { header: 'Collected by', cell: collected },
    { header: 'Released by', cell: (r) => r.released_by ?? '—' },
    { header: 'Override', cell: (r) => r.override_reason ?? '—' },
  ];
  /** A phone's card: what it is and its amount on one line, then the rest. */
  const card = (title: string, amount: string, rest: string) => (
    <Stack gap={2}>
      <Group justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
        <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
          {title}
        </Text>
        <Text fw={600} style={{ whiteSpace: 'nowrap' }}>
          {amount}
        </Text>
      </Group>
      <Text size="sm" c="dimmed">
        {rest}
      </Text>
    </Stack>
  );

  return (
    <Stack gap="lg" data-testid="closeout">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Stat
          label="Payments taken"
          value={money(c.payments.total_cents)}
          sub={plural(c.payments.count, 'payment')}
        />
        <Stat
          label="Reversed"
          value={money(c.reversals.total_cents)}
          sub={plural(c.reversals.count, 'reversal')}
        />
        <Stat
          label="Parcels released"
          value={String(c.releases.count)}
          sub={`${c.releases.with_override} on an override`}
        />
      </SimpleGrid>

      <Part id="closeout-methods" title="Payments by method" none={null}>
        <DataTable
          label="Payments by method"
          regionLabel="Payments by method"
          rows={c.payments.by_method}
          rowKey={(m) => m.method}
          columns={byMethod}
          minWidth={320}
          rowProps={(m) => ({ 'data-method': m.method })}
          footer={
            <Table.Tr>
              <Table.Th>All methods</Table.Th>
              <Table.Td ta="right" fw={700}>
                {c.payments.count}
              </Table.Td>
              <Table.Td ta="right" fw={700}>
                {money(c.payments.total_cents)}
              </Table.Td>
            </Table.Tr>
          }
        />
      </Part>

      <ListPart
        id="closeout-staff"
        label="Payments by staff"
        none="No payments that day."
        rows={c.payments.by_staff}
        rowKey={(s) => s.staff_id ?? 'none'}
        columns={byStaff}
        minWidth={480}
      />

      <ListPart
        id="closeout-payments"
        label="Payments"
        none="No payments that day."
        rows={c.payments.items}
        rowKey={(p) => p.id}
        columns={payments}
        minWidth={720}
        card={(p) =>
          card(
            `${p.invoice_number ?? 'Draft'} · ${method(p)}`,
            money(p.amount_cents),
            `${who(p.customer)} · ${formatDateTime(p.created_at)} · ${p.recorded_by ?? '—'}`,
          )
        }
      />

      <ListPart
        id="closeout-reversals"
        label="Reversals"
        none="No payment reversed that day."
        rows={c.reversals.items}
        rowKey={(r) => r.id}
        columns={reversals}
        minWidth={720}
        card={(r) =>
          card(
            `${r.invoice_number ?? '—'} · ${METHOD_LABELS[r.method]}`,
            money(r.amount_cents),
            `${who(r.customer)} · ${r.reason} · ${formatDateTime(r.reversed_at)}`,
          )
        }
      />

      <ListPart
        id="closeout-releases"
        label="Parcels released"
        none="No parcel released that day."
        rows={c.releases.items}
        rowKey={(r) => r.package_id}
        columns={releases}
        minWidth={760}
        card={(r) =>
          card(
            r.tracking_number,
            formatDateTime(r.released_at),
            `${who(r.customer)} · ${collected(r)}${r.override_reason ? ` · override: ${r.override_reason}` : ''}`,
          )
        }
      />
    </Stack>
  );
}

function Stat({ label, value, sub }: { label: string; value: string; sub: string }) {
  return (
    <Paper withBorder p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={24} fw={700}>
        {value}
      </Text>
      <Text size="sm">{sub}</Text>
    </Paper>
  );
}
