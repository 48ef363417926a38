import '@mantine/core/styles/Table.css';
import { Anchor, Group, Paper, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { IconCalendar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { Closeout as CloseoutData } from '../../../contract/counter';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScrollTable } from '../../components/ScrollTable';
import { formatDateTime } from '../../lib/format';
import { formatAmount } from '../../lib/money/money';
import { closeoutQueryOptions, localTimeZone, localToday } from './api';
import { METHOD_LABELS, plural } from './labels';

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
      <Group align="flex-end" gap="sm">
        <TextInput
          type="date"
          label="Day"
          value={day}
          max={today}
          onChange={(e) => {
            const v = e.currentTarget.value;
            onDate(v && v !== today ? v : undefined);
          }}
          leftSection={<IconCalendar size={16} aria-hidden />}
          w={220}
        />
      </Group>
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

function CloseoutReport({ c }: { c: CloseoutData }) {
  const money = (cents: number) => formatAmount(cents, c.currency);
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

      <section>
        <Title order={2} fz="lg" id="closeout-methods" mb="xs">
          Payments by method
        </Title>
        <ScrollTable label="Payments by method" minWidth={320}>
          <Table striped verticalSpacing="xs">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Method</Table.Th>
                <Table.Th ta="right">Payments</Table.Th>
                <Table.Th ta="right">Total</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {c.payments.by_method.map((m) => (
                <Table.Tr key={m.method} data-method={m.method}>
                  <Table.Td>{METHOD_LABELS[m.method]}</Table.Td>
                  <Table.Td ta="right">{m.count}</Table.Td>
                  <Table.Td ta="right">{money(m.total_cents)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
            <Table.Tfoot>
              <Table.Tr>
                <Table.Th>All methods</Table.Th>
                <Table.Td ta="right" fw={700}>
                  {c.payments.count}
                </Table.Td>
                <Table.Td ta="right" fw={700}>
                  {money(c.payments.total_cents)}
                </Table.Td>
              </Table.Tr>
            </Table.Tfoot>
          </Table>
        </ScrollTable>
      </section>

      <section>
        <Title order={2} fz="lg" id="closeout-staff" mb="xs">
          Payments by staff
        </Title>
        {c.payments.by_staff.length === 0 ? (
          <Text c="dimmed">No payments that day.</Text>
        ) : (
          <ScrollTable label="Payments by staff" minWidth={480}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Staff</Table.Th>
                  <Table.Th>By method</Table.Th>
                  <Table.Th ta="right">Payments</Table.Th>
                  <Table.Th ta="right">Total</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.payments.by_staff.map((s) => (
                  <Table.Tr key={s.staff_id ?? 'none'}>
                    <Table.Td>{s.name}</Table.Td>
                    <Table.Td>
                      {s.by_method
                        .filter((m) => m.count > 0)
                        .map((m) => `${METHOD_LABELS[m.method]} ${money(m.total_cents)}`)
                        .join(' · ')}
                    </Table.Td>
                    <Table.Td ta="right">{s.count}</Table.Td>
                    <Table.Td ta="right">{money(s.total_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </section>

      <section>
        <Title order={2} fz="lg" id="closeout-payments" mb="xs">
          Payments
        </Title>
        {c.payments.items.length === 0 ? (
          <Text c="dimmed">No payments that day.</Text>
        ) : (
          <ScrollTable label="Payments" minWidth={720}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Taken by</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.payments.items.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>{formatDateTime(p.created_at)}</Table.Td>
                    <Table.Td>
                      <Anchor
                        renderRoot={(props) => (
                          <Link to="/admin/invoice/preview/$id" params={{ id: p.invoice_id }} {...props} />
                        )}
                      >
                        {p.invoice_number ?? 'Draft'}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      {p.customer.name} ({p.customer.mailbox_number})
                    </Table.Td>
                    <Table.Td>
                      {METHOD_LABELS[p.method]}
                      {p.reference ? ` · ${p.reference}` : ''}
                    </Table.Td>
                    <Table.Td>{p.recorded_by ?? '—'}</Table.Td>
                    <Table.Td ta="right">{money(p.amount_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </section>

      <section>
        <Title order={2} fz="lg" id="closeout-reversals" mb="xs">
          Reversals
        </Title>
        {c.reversals.items.length === 0 ? (
          <Text c="dimmed">No payment reversed that day.</Text>
        ) : (
          <ScrollTable label="Reversals" minWidth={720}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Reversed</Table.Th>
                  <Table.Th>Invoice</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Method</Table.Th>
                  <Table.Th>Reason</Table.Th>
                  <Table.Th ta="right">Amount</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.reversals.items.map((r) => (
                  <Table.Tr key={r.id}>
                    <Table.Td>
                      {formatDateTime(r.reversed_at)}
                      {r.reversed_by ? ` by ${r.reversed_by}` : ''}
                    </Table.Td>
                    <Table.Td>{r.invoice_number ?? '—'}</Table.Td>
                    <Table.Td>
                      {r.customer.name} ({r.customer.mailbox_number})
                    </Table.Td>
                    <Table.Td>{METHOD_LABELS[r.method]}</Table.Td>
                    <Table.Td>{r.reason}</Table.Td>
                    <Table.Td ta="right">{money(r.amount_cents)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </section>

      <section>
        <Title order={2} fz="lg" id="closeout-releases" mb="xs">
          Parcels released
        </Title>
        {c.releases.items.length === 0 ? (
          <Text c="dimmed">No parcel released that day.</Text>
        ) : (
          <ScrollTable label="Parcels released" minWidth={760}>
            <Table striped verticalSpacing="xs">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Time</Table.Th>
                  <Table.Th>Tracking number</Table.Th>
                  <Table.Th>Customer</Table.Th>
                  <Table.Th>Collected by</Table.Th>
                  <Table.Th>Released by</Table.Th>
                  <Table.Th>Override</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {c.releases.items.map((r) => (
                  <Table.Tr key={r.package_id}>
                    <Table.Td>{formatDateTime(r.released_at)}</Table.Td>
                    <Table.Td>{r.tracking_number}</Table.Td>
                    <Table.Td>
                      {r.customer.name} ({r.customer.mailbox_number})
                    </Table.Td>
                    <Table.Td>
                      {r.collected_by} ({r.id_type})
                    </Table.Td>
                    <Table.Td>{r.released_by ?? '—'}</Table.Td>
                    <Table.Td>{r.override_reason ?? '—'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollTable>
        )}
      </section>
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
