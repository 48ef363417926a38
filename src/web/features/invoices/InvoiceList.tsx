import '@mantine/core/styles/Table.css';
import './i18n';
import '@mantine/core/styles/EmptyState.css';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import {
  Anchor,
  Box,
  Card,
  EmptyState,
  Group,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconFileInvoice } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAGE_SIZE_MAX } from '../../../contract/constants';
import type { InvoiceSummary } from '../../../contract/invoices';
import { ClearFilters, NoMatches } from '../../components/ClearFilters';
import { usePageTitle } from '../../components/PageTitle';
import { PageButtons } from '../../components/Paging';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ScrollTable } from '../../components/ScrollTable';
import { SearchField } from '../../components/SearchField';
import { formatDate } from '../../lib/format';
import { formatAmount, formatDay } from '../../lib/money/money';
import { invoicesQueryOptions } from './api';
import { INVOICE_STATUS_LABELS, InvoiceStatusBadge } from './InvoiceStatusBadge';
import { INVOICE_PAGE_SIZE, INVOICE_STATUS_CODES, type InvoiceSearch } from './invoice-search';
import { PayAll } from './PayNow';

export type InvoiceSearchChange = (patch: Partial<InvoiceSearch>, options?: { replace?: boolean }) => void;

export function InvoiceTable({ items }: { items: InvoiceSummary[] }) {
  const { t } = useLingui();
  return (
    <ScrollTable label={t`Invoices table`} minWidth={640}>
      <Table striped highlightOnHover verticalSpacing="sm" aria-label={t`Invoices`}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">
              <Trans>Number</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Issued</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Due</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="end">
              <Trans>Total</Trans>
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
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} dir="ltr">
                {formatAmount(inv.total_cents, inv.currency)}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </ScrollTable>
  );
}

/** Phones: one card per invoice, the number and total on top so neither hides off-screen. */
export function InvoiceCards({ items }: { items: InvoiceSummary[] }) {
  const { t } = useLingui();
  return (
    <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Invoices`}>
      {items.map((inv) => (
        <Card component="li" key={inv.id} padding="md">
          <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
            <Anchor
              renderRoot={(props) => <Link to="/user/invoices/$id" params={{ id: inv.id }} {...props} />}
              fw={600}
            >
              {inv.number}
            </Anchor>
            <Text fw={600} style={{ whiteSpace: 'nowrap' }} dir="ltr">
              {formatAmount(inv.total_cents, inv.currency)}
            </Text>
          </Group>
          <Group gap="xs" mt="xs" wrap="wrap">
            <InvoiceStatusBadge status={inv.status} />
          </Group>
          <IssuedDue inv={inv} />
        </Card>
      ))}
    </Stack>
  );
}

function IssuedDue({ inv }: { inv: InvoiceSummary }) {
  const issued = inv.issued_at ? formatDate(inv.issued_at) : '—';
  const due = inv.due_at ? formatDay(inv.due_at) : '—';
  return (
    <Text size="xs" c="dimmed" mt="xs">
      <Trans>
        Issued {issued} · Due {due}
      </Trans>
    </Text>
  );
}

/** The customer's invoices "Pay all" looks through (a customer has far fewer than the largest page). */
const UNPAID_QUERY = { page: 1, pageSize: PAGE_SIZE_MAX } as const;

/** Phones get cards; wider screens the table (as the package history). */
const CARDS_QUERY = '(max-width: 47.99em)';

function ResultCount({ total, page, pages }: { total: number; page: number; pages: number }) {
  return (
    <Trans>
      <Plural value={total} one="# invoice" other="# invoices" /> · page {page} of {pages}
    </Trans>
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
  const { t } = useLingui();
  usePageTitle(t`Invoices`);
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const { q, status, page } = search;
  const query = useQuery(invoicesQueryOptions({ q, status, page, pageSize: INVOICE_PAGE_SIZE }));
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;
  const filtered = Boolean(q || status);
  // "Pay all" covers every unpaid invoice, whatever page or filter the list shows.
  const unpaid = useQuery(invoicesQueryOptions(UNPAID_QUERY));

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t`Invoices`}
        description={t`Your bills for freight, handling and customs.`}
        action={unpaid.data ? <PayAll invoices={unpaid.data.items} /> : null}
      />

      <Paper p="md" component="section" aria-label={t`Filters`}>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <SearchField value={q} onChange={onChange} placeholder={t`Invoice number, item or tracking`} />
          <Select
            label={t`Status`}
            placeholder={t`All statuses`}
            data={INVOICE_STATUS_CODES.map((s) => ({ value: s, label: INVOICE_STATUS_LABELS[s] }))}
            value={status ?? null}
            onChange={(v) => onChange({ status: (v as InvoiceSearch['status']) ?? undefined, page: 1 })}
            clearable
            clearButtonProps={{ 'aria-label': t`Clear status` }}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {filtered && <ClearFilters onClear={onClear} />}
      </Paper>

      <Box component="section" aria-label={t`Results`}>
        <QueryStates
          query={query}
          loading={<LoadingRows label={t`Loading invoices`} count={8} h={44} />}
          errorTitle={t`Could not load your invoices`}
          isEmpty={(found) => found.total === 0}
          empty={
            filtered ? (
              <NoMatches
                title={t`No invoices match`}
                description={t`Try other words or another status.`}
                onClear={onClear}
              />
            ) : (
              <EmptyState
                py="xl"
                icon={<IconFileInvoice size={28} aria-hidden />}
                variant="light"
                title={t`No invoices yet`}
                description={t`Your invoice appears here once your package clears customs.`}
              />
            )
          }
        >
          {(found) => (
            <Stack gap="md">
              {cards ? <InvoiceCards items={found.items} /> : <InvoiceTable items={found.items} />}
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  <ResultCount total={found.total} page={found.page} pages={pages} />
                </Text>
                {pages > 1 && (
                  <PageButtons
                    total={pages}
                    value={Math.min(page, pages)}
                    onChange={(p) => onChange({ page: p })}
                    aria-label={t`Invoice pages`}
                  />
                )}
              </Group>
            </Stack>
          )}
        </QueryStates>
      </Box>
    </Stack>
  );
}
