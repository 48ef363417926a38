import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/EmptyState.css';
import {
  Alert,
  Button,
  Card,
  EmptyState,
  Group,
  Pagination,
  Select,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import type { PointsEntry } from '../../../contract/points';
import { usePageTitle } from '../../components/PageTitle';
import { ScrollTable } from '../../components/ScrollTable';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { pointsQueryOptions } from './api';
import { POINTS_PAGE_SIZES, type PointsSearch } from './points-search';

const points = new Intl.NumberFormat('en-US');
const signed = new Intl.NumberFormat('en-US', { signDisplay: 'exceptZero' });

export function LedgerTable({ items }: { items: PointsEntry[] }) {
  // On a phone: date, reason (which names the reference) and points; the rest from the sm breakpoint.
  return (
    <ScrollTable label="Points history table" minWidth={300}>
      <Table striped verticalSpacing="xs" aria-label="Points history">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Date</Table.Th>
            <Table.Th scope="col">Reason</Table.Th>
            <Table.Th scope="col" visibleFrom="sm">
              Reference
            </Table.Th>
            <Table.Th scope="col" ta="right">
              Points
            </Table.Th>
            <Table.Th scope="col" ta="right" visibleFrom="sm">
              Balance after
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((e) => (
            <Table.Tr key={e.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(e.created_at)}</Table.Td>
              <Table.Td>{e.reason}</Table.Td>
              <Table.Td style={{ overflowWrap: 'anywhere' }} visibleFrom="sm">
                {e.reference ?? '—'}
              </Table.Td>
              <Table.Td
                ta="right"
                fw={600}
                // Mantine's green-9 is 4.1:1 on a striped row; these pass 4.5:1 on both schemes.
                c={
                  e.points < 0
                    ? 'light-dark(#b02525, var(--mantine-color-red-4))'
                    : 'light-dark(#1e6b30, var(--mantine-color-green-4))'
                }
                style={{ whiteSpace: 'nowrap' }}
              >
                {signed.format(e.points)}
              </Table.Td>
              <Table.Td ta="right" visibleFrom="sm">
                {points.format(e.balance_after)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** /user/points/history: the balance, then the ledger a page at a time (the page lives in the URL). */
export function PointsHistory({
  search,
  onChange,
}: {
  search: PointsSearch;
  onChange: (patch: Partial<PointsSearch>) => void;
}) {
  usePageTitle('Points');
  const query = useQuery(pointsQueryOptions(search.page, search.pageSize));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        Points
      </Title>
      <Card padding="lg" component="section" aria-labelledby="points-balance-heading">
        <Group gap="md" wrap="nowrap">
          <IconStar size={32} aria-hidden color="var(--mantine-color-yellow-7)" />
          <div>
            <Text size="sm" c="dimmed" id="points-balance-heading" component="h2" m={0} fw={500}>
              Your balance
            </Text>
            {data ? (
              <Text fz={36} fw={700} lh={1.1} data-testid="points-balance">
                {points.format(data.balance)} points
              </Text>
            ) : query.isPending ? (
              <Skeleton h={40} w={180} mt={4} aria-label="Loading your balance" />
            ) : (
              <Text fz={36} fw={700} lh={1.1}>
                —
              </Text>
            )}
          </div>
        </Group>
      </Card>

      <Card padding="lg" component="section" aria-labelledby="points-ledger-heading">
        <Title order={2} fz="lg" id="points-ledger-heading" mb="sm">
          History
        </Title>
        {query.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading your points history">
            {Array.from({ length: 6 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} h={36} radius="sm" />
            ))}
          </Stack>
        ) : query.isError && !data ? (
          <Alert color="red" variant="light" role="alert" title="Could not load your points">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">{errorMessage(query.error)}</Text>
              <Button size="xs" variant="light" color="red" onClick={() => void query.refetch()}>
                Try again
              </Button>
            </Stack>
          </Alert>
        ) : !data || data.total === 0 ? (
          <EmptyState
            py="xl"
            icon={<IconStar size={28} aria-hidden />}
            variant="light"
            title="No points yet"
            description="You earn points when you pay an invoice and when you send a pre-alert with its invoice."
          />
        ) : (
          <Stack gap="md">
            <LedgerTable items={data.items} />
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {data.total} {data.total === 1 ? 'entry' : 'entries'} · page {data.page} of {pages}
              </Text>
              <Group gap="sm">
                <Select
                  label="Per page"
                  size="xs"
                  w={90}
                  data={POINTS_PAGE_SIZES.map(String)}
                  value={String(search.pageSize)}
                  onChange={(v) => onChange({ pageSize: Number(v ?? 20), page: 1 })}
                  allowDeselect={false}
                  comboboxProps={{ withinPortal: true }}
                />
                {pages > 1 && (
                  <Pagination
                    total={pages}
                    value={Math.min(search.page, pages)}
                    onChange={(page) => onChange({ page })}
                    siblings={0}
                    size="sm"
                    getControlProps={(control) =>
                      control === 'previous'
                        ? { 'aria-label': 'Previous page' }
                        : control === 'next'
                          ? { 'aria-label': 'Next page' }
                          : {}
                    }
                    getItemProps={(page) => ({ 'aria-label': `Page ${page}` })}
                    aria-label="Points pages"
                  />
                )}
              </Group>
            </Group>
          </Stack>
        )}
      </Card>
    </Stack>
  );
}
