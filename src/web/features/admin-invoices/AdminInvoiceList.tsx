import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import '@mantine/core/styles/EmptyState.css';
import {
  ActionIcon,
  Alert,
  Anchor,
  Box,
  Button,
  Checkbox,
  EmptyState,
  Group,
  List,
  Menu,
  Paper,
  Select,
  SimpleGrid,
  Skeleton,
  Stack,
  Table,
  Text,
  TextInput,
  Tooltip,
  VisuallyHidden,
} from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import {
  IconBan,
  IconCash,
  IconCopy,
  IconDots,
  IconDownload,
  IconEye,
  IconFileInvoice,
  IconPencil,
  IconPlus,
  IconSend,
  IconTrash,
} from '@tabler/icons-react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useState } from 'react';
import {
  INVOICE_BULK_MAX,
  INVOICE_PAGE_SIZES,
  invoiceSorts,
  invoiceStatuses,
} from '../../../contract/constants';
import type { InvoiceListQuery, InvoiceSummary } from '../../../contract/invoices';
import { invoiceCalls } from '../../../contract/invoices.calls';
import { CardList } from '../../components/CardList';
import { ClearFilters, NoMatches } from '../../components/ClearFilters';
import { usePageTitle } from '../../components/PageTitle';
import { PageButtons, PageSizeSelect } from '../../components/Paging';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { SearchField } from '../../components/SearchField';
import { api, errorMessage } from '../../lib/api';
import { formatAmount, formatDay } from '../../lib/money/money';
import { type InvoiceActions, useInvoiceActions } from './actions';
import { adminInvoiceStatsQueryOptions, adminInvoicesQueryOptions, refreshInvoice } from './api';
import { isOpen, SORT_LABELS, STATUS_LABELS, StatusBadge } from './labels';
import { type AdminInvoiceSearch, toListQuery } from './search';

const DateRangeField = lazy(() => import('../../components/DateRangeField'));

export type AdminInvoiceChange = (
  patch: Partial<AdminInvoiceSearch>,
  options?: { replace?: boolean },
) => void;

function statsQuery(s: AdminInvoiceSearch): InvoiceListQuery {
  const { page: _p, pageSize: _s, sort: _o, ...filters } = s;
  return filters;
}

const money = (inv: Pick<InvoiceSummary, 'currency'>, cents: number) => formatAmount(cents, inv.currency);

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <Paper withBorder p="sm" component="li">
      <Text size="xs" c="dimmed" fw={600} tt="uppercase">
        {label}
      </Text>
      <Text fz="lg" fw={700}>
        {value}
      </Text>
      {detail && (
        <Text size="xs" c="dimmed">
          {detail}
        </Text>
      )}
    </Paper>
  );
}

function StatCards({ search }: { search: AdminInvoiceSearch }) {
  const stats = useQuery(adminInvoiceStatsQueryOptions(statsQuery(search)));
  if (stats.isPending) {
    return <Skeleton h={76} radius="md" aria-label="Loading the totals" />;
  }
  if (stats.isError) {
    return (
      <Text size="sm" c="red.9" role="alert">
        The totals could not be loaded: {errorMessage(stats.error)}
      </Text>
    );
  }
  const s = stats.data;
  const m = (cents: number) => formatAmount(cents, s.currency);
  return (
    <SimpleGrid
      component="ul"
      cols={{ base: 2, sm: 3, lg: 5 }}
      spacing="sm"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label="Totals for the filter"
      data-testid="invoice-stats"
    >
      <Stat label="Customers invoiced" value={s.customers.toLocaleString('en-US')} />
      <Stat
        label="Invoices"
        value={s.invoices.toLocaleString('en-US')}
        detail={`${m(s.total_cents)} invoiced`}
      />
      <Stat label="Paid" value={m(s.paid_cents)} />
      <Stat label="Unpaid" value={m(s.unpaid_cents)} />
      <Stat
        label="Overdue"
        value={m(s.overdue_cents)}
        detail={`${s.overdue} ${s.overdue === 1 ? 'invoice' : 'invoices'}`}
      />
    </SimpleGrid>
  );
}

function NumberLink({ inv }: { inv: InvoiceSummary }) {
  return (
    <Anchor
      renderRoot={(props) => <Link to="/admin/invoice/preview/$id" params={{ id: inv.id }} {...props} />}
      fw={600}
      size="sm"
      style={{ whiteSpace: 'nowrap' }}
    >
      {inv.number ?? 'Draft'}
    </Anchor>
  );
}

function Status({ inv }: { inv: InvoiceSummary }) {
  const detail = [
    inv.status === 'cancelled' ? inv.cancel_reason && `Cancelled: ${inv.cancel_reason}` : null,
    inv.status !== 'draft' && inv.status !== 'cancelled'
      ? `Balance ${inv.balance_cents === 0 ? 'paid' : money(inv, inv.balance_cents)}`
      : null,
    inv.due_at ? `due ${formatDay(inv.due_at)}` : null,
    inv.send_error ? `last send failed: ${inv.send_error}` : null,
  ]
    .filter(Boolean)
    .join(' · ');
  return (
    <Stack gap={2} align="flex-start">
      <Tooltip label={detail || STATUS_LABELS[inv.status]} withArrow multiline maw={280}>
        <span style={{ display: 'inline-flex' }}>
          <StatusBadge status={inv.status} miw="max-content" />
        </span>
      </Tooltip>
      {detail && <VisuallyHidden>{detail}</VisuallyHidden>}
      {inv.send_error && (
        <Text size="xs" c="red.9">
          Send failed
        </Text>
      )}
    </Stack>
  );
}

function Customer({ inv }: { inv: InvoiceSummary }) {
  return (
    <Stack gap={0} style={{ minWidth: 0 }}>
      <Text size="sm" fw={600}>
        {inv.customer.name}
      </Text>
      <Text size="xs" c="dimmed">
        {inv.customer.mailbox_number} · <span style={{ overflowWrap: 'anywhere' }}>{inv.customer.email}</span>
      </Text>
    </Stack>
  );
}

function Balance({ inv }: { inv: InvoiceSummary }) {
  if (inv.status === 'draft' || inv.status === 'cancelled') return <>—</>;
  return inv.balance_cents === 0 ? (
    <Text span size="sm" c="green.9" fw={600}>
      Paid
    </Text>
  ) : (
    money(inv, inv.balance_cents)
  );
}

function RowMenu({ inv, actions }: { inv: InvoiceSummary; actions: InvoiceActions }) {
  const name = inv.number ?? `draft for ${inv.customer.name}`;
  const open = isOpen(inv.status);
  const editable = inv.status === 'draft' || open;
  return (
    <Menu position="bottom-end" withinPortal shadow="md">
      <Menu.Target>
        <ActionIcon
          variant="subtle"
          color="gray"
          aria-label={`Actions for ${name}`}
          loading={actions.duplicating === inv.id || actions.downloading === inv.id}
        >
          <IconDots size={18} aria-hidden />
        </ActionIcon>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item leftSection={<IconEye size={16} aria-hidden />} onClick={() => actions.view(inv)}>
          View
        </Menu.Item>
        {editable && (
          <Menu.Item leftSection={<IconPencil size={16} aria-hidden />} onClick={() => actions.edit(inv)}>
            Edit
          </Menu.Item>
        )}
        <Menu.Item leftSection={<IconDownload size={16} aria-hidden />} onClick={() => actions.download(inv)}>
          Download PDF
        </Menu.Item>
        <Menu.Item leftSection={<IconCopy size={16} aria-hidden />} onClick={() => actions.duplicate(inv)}>
          Duplicate
        </Menu.Item>
        {(open || inv.status === 'draft') && (
          <Menu.Item leftSection={<IconSend size={16} aria-hidden />} onClick={() => actions.send(inv)}>
            {inv.status === 'draft' ? 'Issue and send' : inv.sent_at ? 'Send again' : 'Send'}
          </Menu.Item>
        )}
        {open && (
          <Menu.Item leftSection={<IconCash size={16} aria-hidden />} onClick={() => actions.pay(inv)}>
            Record payment
          </Menu.Item>
        )}
        {(open || inv.status === 'paid') && <Menu.Divider />}
        {open && (
          <Menu.Item
            color="red.9"
            leftSection={<IconBan size={16} aria-hidden />}
            onClick={() => actions.cancel(inv)}
          >
            Cancel invoice
          </Menu.Item>
        )}
        {inv.status === 'draft' && (
          <Menu.Item
            color="red.9"
            leftSection={<IconTrash size={16} aria-hidden />}
            onClick={() => actions.remove(inv)}
          >
            Delete draft
          </Menu.Item>
        )}
      </Menu.Dropdown>
    </Menu>
  );
}

type BulkResult = { sent: number; failed: { id: string; number: string | null; reason: string }[] };

/** /admin/invoice/list: the company's invoices, filtered in the URL, with totals for the filter and bulk send. */
export function AdminInvoiceList({
  search,
  onChange,
  onClear,
}: {
  search: AdminInvoiceSearch;
  onChange: AdminInvoiceChange;
  onClear: () => void;
}) {
  usePageTitle('Invoices');
  const phone = useMediaQuery('(max-width: 48em)', false, { getInitialValueInEffect: false }) ?? false;
  const queryClient = useQueryClient();
  const query = useQuery(adminInvoicesQueryOptions(toListQuery(search)));
  const actions = useInvoiceActions();
  // Selected invoices by id, kept across pages, with their numbers for the report.
  const [selected, setSelected] = useState<Map<string, string>>(new Map());
  const [bulkResult, setBulkResult] = useState<BulkResult | null>(null);

  const bulkSend = useMutation({
    mutationFn: (ids: string[]) => api.call(invoiceCalls.bulkSend, { body: { ids } }),
    networkMode: 'always',
    onSuccess: (result) => {
      setBulkResult(result);
      setSelected(new Map());
      void refreshInvoice(queryClient);
      notifications.show({
        color: result.failed.length ? 'orange' : 'green',
        title: `${result.sent} sent${result.failed.length ? `, ${result.failed.length} failed` : ''}`,
        message: result.failed.length ? 'See the list above the invoices' : 'Each customer got their invoice',
      });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Nothing was sent', message: errorMessage(e) }),
  });

  const items = query.data?.items ?? [];
  const selectable = items.filter((i) => isOpen(i.status));
  const onPage = selectable.filter((i) => selected.has(i.id)).length;
  const filtered = Boolean(search.q || search.status || search.from || search.to);
  const data = query.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  const toggle = (inv: InvoiceSummary, on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      if (on) next.set(inv.id, inv.number ?? '');
      else next.delete(inv.id);
      return next;
    });
  const togglePage = (on: boolean) =>
    setSelected((prev) => {
      const next = new Map(prev);
      for (const inv of selectable) {
        if (on) next.set(inv.id, inv.number ?? '');
        else next.delete(inv.id);
      }
      return next;
    });
  const selectBox = (inv: InvoiceSummary, size?: 'md') => (
    <Checkbox
      size={size}
      aria-label={`Select ${inv.number ?? 'draft'}`}
      checked={selected.has(inv.id)}
      disabled={!isOpen(inv.status)}
      onChange={(e) => toggle(inv, e.currentTarget.checked)}
    />
  );

  return (
    <Stack gap="md">
      <ScreenHeader
        title="Invoices"
        description="Bill customers, send invoices and record what they pay."
        action={
          <Button
            renderRoot={(props) => <Link to="/admin/invoice/add" {...props} />}
            leftSection={<IconPlus size={16} aria-hidden />}
          >
            New invoice
          </Button>
        }
      />

      <StatCards search={search} />

      <Paper p="md" component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <SearchField
            value={search.q}
            onChange={onChange}
            placeholder="Number, customer, mailbox or tracking"
          />
          <Select
            label="Status"
            placeholder="All statuses"
            data={invoiceStatuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
            value={search.status ?? null}
            onChange={(v) => onChange({ status: (v as AdminInvoiceSearch['status']) ?? undefined, page: 1 })}
            clearable
            clearButtonProps={{ 'aria-label': 'Clear status' }}
            comboboxProps={{ withinPortal: true }}
          />
          <Suspense fallback={<TextInput label="Issued between" placeholder="Any date" disabled />}>
            <DateRangeField
              label="Issued between"
              id="invoice-date-range"
              from={search.from}
              to={search.to}
              onChange={({ from, to }) => onChange({ from, to, page: 1 })}
            />
          </Suspense>
          <Select
            label="Sort"
            data={invoiceSorts.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
            value={search.sort}
            onChange={(v) => v && onChange({ sort: v as AdminInvoiceSearch['sort'], page: 1 })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        </SimpleGrid>
        {filtered && <ClearFilters onClear={onClear} />}
      </Paper>

      {selected.size > 0 && (
        <Paper withBorder p="sm" component="section" aria-label="Selected invoices">
          <Group justify="space-between" gap="sm">
            <Text size="sm" fw={600} aria-live="polite">
              {selected.size} selected
            </Text>
            <Group gap="sm">
              <Button variant="default" size="sm" onClick={() => setSelected(new Map())}>
                Clear selection
              </Button>
              <Button
                size="sm"
                leftSection={<IconSend size={16} aria-hidden />}
                loading={bulkSend.isPending}
                disabled={selected.size > INVOICE_BULK_MAX}
                onClick={() => bulkSend.mutate([...selected.keys()])}
              >
                Send selected
              </Button>
            </Group>
          </Group>
          {selected.size > INVOICE_BULK_MAX && (
            <Text size="sm" c="red.9" mt={4}>
              At most {INVOICE_BULK_MAX} at once.
            </Text>
          )}
        </Paper>
      )}

      {bulkResult && (
        <Alert
          color={bulkResult.failed.length ? 'orange' : 'green'}
          variant="light"
          title={`${bulkResult.sent} queued to send${bulkResult.failed.length ? `, ${bulkResult.failed.length} not sent` : ''}`}
          withCloseButton
          closeButtonLabel="Dismiss"
          onClose={() => setBulkResult(null)}
          role="status"
          data-testid="bulk-result"
        >
          {bulkResult.failed.length > 0 && (
            <List size="sm">
              {bulkResult.failed.map((f) => (
                <List.Item key={f.id}>
                  {f.number ?? 'Draft'}: {f.reason}
                </List.Item>
              ))}
            </List>
          )}
        </Alert>
      )}

      <Box component="section" aria-label="Results">
        <QueryStates
          query={query}
          loading={<LoadingRows label="Loading invoices" count={8} h={44} />}
          errorTitle="Could not load the invoices"
          isEmpty={(found) => found.items.length === 0}
          empty={
            filtered ? (
              <NoMatches
                title="No invoices match"
                description="Try other words or fewer filters."
                onClear={onClear}
              />
            ) : (
              <EmptyState
                py="xl"
                icon={<IconFileInvoice size={28} aria-hidden />}
                variant="light"
                title="No invoices yet"
                description="Bill a customer's packages with New invoice."
              />
            )
          }
        >
          {(found) => (
            <Stack gap="md">
              {phone ? (
                <Stack gap="xs">
                  {selectable.length > 0 && (
                    <Checkbox
                      label="Select all open invoices on this page"
                      checked={onPage === selectable.length}
                      indeterminate={onPage > 0 && onPage < selectable.length}
                      onChange={(e) => togglePage(e.currentTarget.checked)}
                      size="md"
                    />
                  )}
                  <CardList label="Invoices" stale={query.isPlaceholderData}>
                    {found.items.map((inv) => (
                      <Paper component="li" key={inv.id} withBorder p="sm" data-testid="invoice-card">
                        <Group wrap="nowrap" align="flex-start" gap="sm">
                          <Box mt={4}>{selectBox(inv, 'md')}</Box>
                          <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                            <Group justify="space-between" gap="xs" wrap="nowrap">
                              <NumberLink inv={inv} />
                              <RowMenu inv={inv} actions={actions} />
                            </Group>
                            <Status inv={inv} />
                            <Customer inv={inv} />
                            <Text size="sm">
                              Total {money(inv, inv.total_cents)} · balance <Balance inv={inv} />
                            </Text>
                            <Text size="xs" c="dimmed">
                              {inv.issue_date ? `Issued ${formatDay(inv.issue_date)}` : 'Not issued'}
                              {inv.due_at ? ` · due ${formatDay(inv.due_at)}` : ''}
                            </Text>
                          </Stack>
                        </Group>
                      </Paper>
                    ))}
                  </CardList>
                </Stack>
              ) : (
                <Table.ScrollContainer
                  type="native"
                  minWidth={900}
                  tabIndex={0}
                  role="region"
                  aria-label="Invoices table"
                >
                  <Table
                    highlightOnHover
                    verticalSpacing={6}
                    aria-label="Invoices"
                    style={{ opacity: query.isPlaceholderData ? 0.6 : 1 }}
                  >
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th scope="col" w={40}>
                          <Checkbox
                            aria-label="Select all open invoices on this page"
                            checked={selectable.length > 0 && onPage === selectable.length}
                            indeterminate={onPage > 0 && onPage < selectable.length}
                            disabled={selectable.length === 0}
                            onChange={(e) => togglePage(e.currentTarget.checked)}
                          />
                        </Table.Th>
                        <Table.Th scope="col">Number</Table.Th>
                        <Table.Th scope="col">Status</Table.Th>
                        <Table.Th scope="col">Customer</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Total
                        </Table.Th>
                        <Table.Th scope="col">Issued</Table.Th>
                        <Table.Th scope="col" ta="right">
                          Balance
                        </Table.Th>
                        <Table.Th scope="col">
                          <VisuallyHidden>Actions</VisuallyHidden>
                        </Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {found.items.map((inv) => (
                        <Table.Tr
                          key={inv.id}
                          data-testid="invoice-row"
                          bg={selected.has(inv.id) ? 'var(--mantine-primary-color-light)' : undefined}
                        >
                          <Table.Td>{selectBox(inv)}</Table.Td>
                          <Table.Td>
                            <NumberLink inv={inv} />
                          </Table.Td>
                          <Table.Td>
                            <Status inv={inv} />
                          </Table.Td>
                          <Table.Td>
                            <Customer inv={inv} />
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }}>
                            {money(inv, inv.total_cents)}
                          </Table.Td>
                          <Table.Td style={{ whiteSpace: 'nowrap' }}>
                            {inv.issue_date ? formatDay(inv.issue_date) : '—'}
                          </Table.Td>
                          <Table.Td ta="right" style={{ whiteSpace: 'nowrap' }} data-testid="invoice-balance">
                            <Balance inv={inv} />
                          </Table.Td>
                          <Table.Td>
                            <RowMenu inv={inv} actions={actions} />
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {found.total.toLocaleString('en-US')} {found.total === 1 ? 'invoice' : 'invoices'} · page{' '}
                  {found.page} of {pages}
                </Text>
                <Group gap="sm">
                  <PageSizeSelect
                    label="Per page"
                    sizes={INVOICE_PAGE_SIZES}
                    value={search.pageSize}
                    onChange={(size) => onChange({ pageSize: size, page: 1 })}
                    w={90}
                    size="xs"
                    comboboxProps={{ withinPortal: true }}
                  />
                  {pages > 1 && (
                    <PageButtons
                      total={pages}
                      value={Math.min(search.page, pages)}
                      onChange={(page) => onChange({ page })}
                      aria-label="Invoice pages"
                    />
                  )}
                </Group>
              </Group>
            </Stack>
          )}
        </QueryStates>
      </Box>
      {actions.dialogs}
    </Stack>
  );
}
