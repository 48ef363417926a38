import '../i18n';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
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
import { METHOD_LABELS } from '../labels';

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
  const { t } = useLingui();
  usePageTitle(t`Counter close-out`);
  const today = localToday();
  const day = date ?? today;
  const query = useQuery(closeoutQueryOptions({ date: day, tz: localTimeZone() }));
  return (
    <Stack gap="lg">
      <DateField
        label={t`Day`}
        value={day}
        maxDate={today}
        required
        w={220}
        onChange={(v) => onDate(v && v !== today ? v : undefined)}
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading the close-out`} count={3} h={90} />}
        errorTitle={t`The close-out could not be loaded`}
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
  const { t } = useLingui();
  const money = (cents: number) => formatAmount(cents, c.currency);
  const draft = t`Draft`;
  const byMethod: Column<Payments['by_method'][number]>[] = [
    { header: msg`Method`, cell: (m) => METHOD_LABELS[m.method] },
    { header: msg`Payments`, align: 'right', cell: (m) => m.count },
    { header: msg`Total`, align: 'right', nowrap: true, cell: (m) => money(m.total_cents) },
  ];
  const byStaff: Column<Payments['by_staff'][number]>[] = [
    { header: msg`Staff`, cell: (s) => s.name },
    {
      header: msg`By method`,
      cell: (s) =>
        s.by_method
          .filter((m) => m.count > 0)
          .map((m) => `${METHOD_LABELS[m.method]} ${money(m.total_cents)}`)
          .join(' · '),
    },
    { header: msg`Payments`, align: 'right', cell: (s) => s.count },
    { header: msg`Total`, align: 'right', nowrap: true, cell: (s) => money(s.total_cents) },
  ];
  const method = (p: Payment) => `${METHOD_LABELS[p.method]}${p.reference ? ` · ${p.reference}` : ''}`;
  const payments: Column<Payment>[] = [
    { header: msg`Time`, nowrap: true, cell: (p) => formatDateTime(p.created_at) },
    {
      header: msg`Invoice`,
      nowrap: true,
      cell: (p) => (
        <Anchor
          renderRoot={(props) => (
            <Link to="/admin/invoice/preview/$id" params={{ id: p.invoice_id }} {...props} />
          )}
        >
          {p.invoice_number ?? draft}
        </Anchor>
      ),
    },
    { header: msg`Customer`, cell: (p) => who(p.customer) },
    { header: msg`Method`, cell: method },
    { header: msg`Taken by`, cell: (p) => p.recorded_by ?? '—' },
    { header: msg`Amount`, align: 'right', nowrap: true, cell: (p) => money(p.amount_cents) },
  ];
  const reversals: Column<Reversal>[] = [
    {
      header: msg`Reversed`,
      cell: (r) => {
        const at = formatDateTime(r.reversed_at);
        const by = r.reversed_by;
        return by ? t`${at} by ${by}` : at;
      },
    },
    { header: msg`Invoice`, nowrap: true, cell: (r) => r.invoice_number ?? '—' },
    { header: msg`Customer`, cell: (r) => who(r.customer) },
    { header: msg`Method`, cell: (r) => METHOD_LABELS[r.method] },
    { header: msg`Reason`, cell: (r) => r.reason },
    { header: msg`Amount`, align: 'right', nowrap: true, cell: (r) => money(r.amount_cents) },
  ];
  const collected = (r: Release) => `${r.collected_by} (${r.id_type})`;
  const releases: Column<Release>[] = [
    { header: msg`Time`, nowrap: true, cell: (r) => formatDateTime(r.released_at) },
    { header: msg`Tracking number`, cell: (r) => r.tracking_number },
    { header: msg`Customer`, cell: (r) => who(r.customer) },
    { header: msg`Collected by`, cell: collected },
    { header: msg`Released by`, cell: (r) => r.released_by ?? '—' },
    { header: msg`Override`, cell: (r) => r.override_reason ?? '—' },
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

  const overrides = c.releases.with_override;
  return (
    <Stack gap="lg" data-testid="closeout">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
        <Stat
          label={t`Payments taken`}
          value={money(c.payments.total_cents)}
          sub={plural(c.payments.count, { one: '# payment', other: '# payments' })}
        />
        <Stat
          label={t`Reversed`}
          value={money(c.reversals.total_cents)}
          sub={plural(c.reversals.count, { one: '# reversal', other: '# reversals' })}
        />
        <Stat
          label={t`Parcels released`}
          value={String(c.releases.count)}
          sub={t`${overrides} on an override`}
        />
      </SimpleGrid>

      <Part id="closeout-methods" title={t`Payments by method`} none={null}>
        <DataTable
          label={t`Payments by method`}
          regionLabel={t`Payments by method`}
          rows={c.payments.by_method}
          rowKey={(m) => m.method}
          columns={byMethod}
          minWidth={320}
          rowProps={(m) => ({ 'data-method': m.method })}
          footer={
            <Table.Tr>
              <Table.Th>
                <Trans>All methods</Trans>
              </Table.Th>
              <Table.Td ta="end" fw={700}>
                {c.payments.count}
              </Table.Td>
              <Table.Td ta="end" fw={700}>
                {money(c.payments.total_cents)}
              </Table.Td>
            </Table.Tr>
          }
        />
      </Part>

      <ListPart
        id="closeout-staff"
        label={t`Payments by staff`}
        none={t`No payments that day.`}
        rows={c.payments.by_staff}
        rowKey={(s) => s.staff_id ?? 'none'}
        columns={byStaff}
        minWidth={480}
      />

      <ListPart
        id="closeout-payments"
        label={t`Payments`}
        none={t`No payments that day.`}
        rows={c.payments.items}
        rowKey={(p) => p.id}
        columns={payments}
        minWidth={720}
        card={(p) =>
          card(
            `${p.invoice_number ?? draft} · ${method(p)}`,
            money(p.amount_cents),
            `${who(p.customer)} · ${formatDateTime(p.created_at)} · ${p.recorded_by ?? '—'}`,
          )
        }
      />

      <ListPart
        id="closeout-reversals"
        label={t`Reversals`}
        none={t`No payment reversed that day.`}
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
        label={t`Parcels released`}
        none={t`No parcel released that day.`}
        rows={c.releases.items}
        rowKey={(r) => r.package_id}
        columns={releases}
        minWidth={760}
        card={(r) =>
          card(
            r.tracking_number,
            formatDateTime(r.released_at),
            `${who(r.customer)} · ${collected(r)}${r.override_reason ? t` · override: ${r.override_reason}` : ''}`,
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
