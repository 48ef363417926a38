import '@mantine/core/styles/Pagination.css';
import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/EmptyState.css';
import {
  Alert,
  Anchor,
  Box,
  Button,
  CloseButton,
  EmptyState,
  Group,
  Pagination,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconFileInvoice, IconFilterOff, IconSearch } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useRef, useState } from 'react';
import type { InvoiceSummary } from '../../../contract/invoices';
import { usePageTitle } from '../../components/PageTitle';
import { ScrollTable } from '../../components/ScrollTable';
import { errorMessage } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { formatAmount, formatDay } from '../../lib/money/money';
import { invoicesQueryOptions } from './api';
import { INVOICE_STATUS_LABELS, InvoiceStatusBadge } from './InvoiceStatusBadge';
import { INVOICE_PAGE_SIZE, INVOICE_STATUS_CODES, type InvoiceSearch } from './invoice-search';

export type InvoiceSearchChange = (patch: Partial<InvoiceSearch>, options?: { replace?: boolean }) => void;

function SearchBox({
  value: urlValue,
  onChange,
}: {
  value: string | undefined;
  onChange: InvoiceSearchChange;
}) {
  const [value, setValue] = useState(urlValue ?? '');
  const [debounced] = useDebouncedValue(value, 350);
  const pushed = useRef(urlValue);

  useEffect(() => {
    if (urlValue !== pushed.current) {
      pushed.current = urlValue;
      setValue(urlValue ?? '');
    }
  }, [urlValue]);

  useEffect(() => {
    const q = debounced.trim() || undefined;
    if (q === pushed.current) return;
    pushed.current = q;
    onChange({ q, page: 1 }, { replace: true });
  }, [debounced, onChange]);

  return (
    <TextInput
      label="Search"
      type="search"
      placeholder="Invoice number, item or tracking"
      value={value}
      onChange={(e) => setValue(e.currentTarget.value)}
      leftSection={<IconSearch size={16} aria-hidden />}
      rightSection={
        value ? <CloseButton size="sm" aria-label="Clear search" onClick={() => setValue('')} /> : null
      }
      autoComplete="off"
    />
  );
}

export function InvoiceTable({ items }: { items: InvoiceSummary[] }) {
  return (
    <ScrollTable label="Invoices table" minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label="Invoices">
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Number</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Issued</Table.Th>
            <Table.Th scope="col">Due</Table.Th>
            <Table.Th scope="col" ta="right">
              Total
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((inv) => (
            <Table.Tr key={inv.id}>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                <Anchor
                  renderRoot={(props) => <Link to="/user/invoices/$id" params={{ id: inv.id }} {...props} />}
                  fw={600}
                >
                  {inv.number}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <InvoiceStatusBadge status={inv.status} miw="max-content" />
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {inv.issued_at ? formatDate(inv.issued_at) : '—'}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{inv.due_at ? formatDay(inv.due_at) : '—'}</Table.Td>
              <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                {formatAmount(inv.total_cents, inv.currency)} {inv.currency}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** /user/invoices: the customer's invoices, filtered and paged through the URL. */
export function InvoiceList({
  search,
  onChange,
  onClear,
}: {
  search: InvoiceSearch;
  onChange: InvoiceSearchChange;
  onClear: () => void;
}) {
  usePageTitle('Invoices');
  const { q, status, page } = search;
  const query = useQuery(invoicesQueryOptions({ q, status, page, pageSize: INVOICE_PAGE_SIZE }));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(q || status);

  return (
    <Stack gap="md">
      <div>
        <Title order={1} fz={{ base: 24, sm: 28 }}>
          Invoices
        </Title>
        <Text c="dimmed">Your bills for freight, handling and customs.</Text>
      </div>

      <Paper p="md" component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SearchBox value={q} onChange={onChange} />
          <Select
            label="Status"
            placeholder="All statuses"
            data={INVOICE_STATUS_CODES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))}
            value={status ?? null}
            onChange={(v) => onChange({ status: (v as InvoiceSearch['status']) ?? undefined, page: 1 })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear status' }}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {filtered && (
          <Group justify="flex-end" mt="sm">
            <Button
              variant="subtle"
              size="compact-sm"
              leftSection={<IconFilterOff size={16} aria-hidden />}
              onClick={onClear}
            >
              Clear filters
            </Button>
          </Group>
        )}
      </Paper>

      <Box component="section" aria-label="Results">
        {query.isPending ? (
          <Stack gap="sm" aria-busy="true" aria-label="Loading invoices">
            {Array.from({ length: 8 }, (_, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
              <Skeleton key={i} h={44} radius="sm" />
            ))}
          </Stack>
        ) : query.isError && !data ? (
          <Alert color="red" variant="light" role="alert" title="Could not load your invoices">
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
            icon={filtered ? <IconSearch size={28} aria-hidden /> : <IconFileInvoice size={28} aria-hidden />}
            variant="light"
            title={filtered ? 'No invoices match' : 'No invoices yet'}
            description={
              filtered
                ? 'Try other words or another status.'
                : 'Your invoice appears here once your package clears customs.'
            }
          >
            {filtered && (
              <EmptyState.Actions>
                <Button
                  variant="light"
                  onClick={onClear}
                  leftSection={<IconFilterOff size={18} aria-hidden />}
                >
                  Clear filters
                </Button>
              </EmptyState.Actions>
            )}
          </EmptyState>
        ) : (
          <Stack gap="md">
            <InvoiceTable items={data.items} />
            <Group justify="space-between" gap="sm">
              <Text size="sm" c="dimmed" aria-live="polite">
                {data.total} {data.total === 1 ? 'invoice' : 'invoices'} · page {data.page} of {pages}
              </Text>
              {pages > 1 && (
                <Pagination
                  total={pages}
                  value={Math.min(page, pages)}
                  onChange={(p) => onChange({ page: p })}
                  siblings={0}
                  size="sm"
                  aria-label="Invoice pages"
                  getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                  getControlProps={(control) =>
                    control === 'previous'
                      ? { 'aria-label': 'Previous page' }
                      : control === 'next'
                        ? { 'aria-label': 'Next page' }
                        : {}
                  }
                />
              )}
            </Group>
          </Stack>
        )}
      </Box>
    </Stack>
  );
}
