import '@mantine/core/styles/Table.css';
import '@mantine/core/styles/Checkbox.css';
import './i18n';
import { ph } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Box, Checkbox, Group, Paper, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { INVOICE_PAGE_SIZES } from '../../../contract/constants';
import type { InvoiceSummary } from '../../../contract/invoices';
import { CardList } from '../../components/CardList';
import { PageButtons, PageSizeSelect } from '../../components/Paging';
import { formatDay } from '../../lib/money/money';
import type { InvoiceActions } from './actions';
import type { InvoiceSelection } from './hooks';
import { BalanceCell, CustomerCell, InvoiceStatusCell, money, NumberLink } from './InvoiceListCells';
import type { AdminInvoiceChange } from './InvoiceListFilters';
import { InvoiceRowMenu } from './InvoiceRowMenu';
import { isOpen } from './labels';
import type { AdminInvoiceSearch } from './search';

type Found = { items: InvoiceSummary[]; total: number; page: number; pageSize: number };
type Props = { found: Found; selection: InvoiceSelection; actions: InvoiceActions; stale: boolean };

function SelectBox({
  inv,
  selection,
  size,
}: {
  inv: InvoiceSummary;
  selection: InvoiceSelection;
  size?: 'md';
}) {
  const { t } = useLingui();
  const number = inv.number ?? t`draft`;
  return (
    <Checkbox
      size={size}
      aria-label={t`Select ${number}`}
      checked={selection.selected.has(inv.id)}
      disabled={!isOpen(inv.status)}
      onChange={(e) => selection.toggle(inv, e.currentTarget.checked)}
    />
  );
}

/** On a phone: one card an invoice, the total and balance in view, and a box that selects the page. */
function InvoiceCards({ found, selection, actions, stale }: Props) {
  const { t } = useLingui();
  const { selectable, ticked } = selection;
  return (
    <Stack gap="xs">
      {selectable.length > 0 && (
        <Checkbox
          label={t`Select all open invoices on this page`}
          checked={ticked === selectable.length}
          indeterminate={ticked > 0 && ticked < selectable.length}
          onChange={(e) => selection.togglePage(e.currentTarget.checked)}
          size="md"
        />
      )}
      <CardList label={t`Invoices`} stale={stale}>
        {found.items.map((inv) => (
          <Paper component="li" key={inv.id} withBorder p="sm" data-testid="invoice-card">
            <Group wrap="nowrap" align="flex-start" gap="sm">
              <Box mt={4}>
                <SelectBox inv={inv} selection={selection} size="md" />
              </Box>
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Group justify="space-between" gap="xs" wrap="nowrap">
                  <NumberLink inv={inv} />
                  <InvoiceRowMenu inv={inv} actions={actions} />
                </Group>
                <InvoiceStatusCell inv={inv} />
                <CustomerCell inv={inv} />
                <Text size="sm">
                  <Trans>
                    Total {ph({ total: money(inv, inv.total_cents) })} · balance <BalanceCell inv={inv} />
                  </Trans>
                </Text>
                <Text size="xs" c="dimmed">
                  <IssueDue inv={inv} />
                </Text>
              </Stack>
            </Group>
          </Paper>
        ))}
      </CardList>
    </Stack>
  );
}

/** "Issued Nov 2, 2026 · due Dec 2, 2026" on a phone's card. */
function IssueDue({ inv }: { inv: InvoiceSummary }) {
  const { t } = useLingui();
  const issued = inv.issue_date ? formatDay(inv.issue_date) : null;
  const due = inv.due_at ? formatDay(inv.due_at) : null;
  return (
    <>
      {issued ? t`Issued ${issued}` : t`Not issued`}
      {due ? ` · ${t`due ${due}`}` : ''}
    </>
  );
}

/** From a tablet up: the table, a box in its header selecting the page's open invoices. */
function InvoiceTable({ found, selection, actions, stale }: Props) {
  const { t } = useLingui();
  const { selectable, ticked } = selection;
  return (
    <Table.ScrollContainer
      type="native"
      minWidth={900}
      tabIndex={0}
      role="region"
      aria-label={t`Invoices table`}
    >
      <Table
        highlightOnHover
        verticalSpacing={6}
        aria-label={t`Invoices`}
        style={{ opacity: stale ? 0.6 : 1 }}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col" w={40}>
              <Checkbox
                aria-label={t`Select all open invoices on this page`}
                checked={selectable.length > 0 && ticked === selectable.length}
                indeterminate={ticked > 0 && ticked < selectable.length}
                disabled={selectable.length === 0}
                onChange={(e) => selection.togglePage(e.currentTarget.checked)}
              />
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Number</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Status</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Customer</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="end">
              <Trans>Total</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <Trans>Issued</Trans>
            </Table.Th>
            <Table.Th scope="col" ta="end">
              <Trans>Balance</Trans>
            </Table.Th>
            <Table.Th scope="col">
              <VisuallyHidden>
                <Trans>Actions</Trans>
              </VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {found.items.map((inv) => (
            <Table.Tr
              key={inv.id}
              data-testid="invoice-row"
              bg={selection.selected.has(inv.id) ? 'var(--mantine-primary-color-light)' : undefined}
            >
              <Table.Td>
                <SelectBox inv={inv} selection={selection} />
              </Table.Td>
              <Table.Td>
                <NumberLink inv={inv} />
              </Table.Td>
              <Table.Td>
                <InvoiceStatusCell inv={inv} />
              </Table.Td>
              <Table.Td>
                <CustomerCell inv={inv} />
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }}>
                {money(inv, inv.total_cents)}
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {inv.issue_date ? formatDay(inv.issue_date) : '—'}
              </Table.Td>
              <Table.Td ta="end" style={{ whiteSpace: 'nowrap' }} data-testid="invoice-balance">
                <BalanceCell inv={inv} />
              </Table.Td>
              <Table.Td>
                <InvoiceRowMenu inv={inv} actions={actions} />
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** The page of invoices (cards on a phone, a table from a tablet up), then how many and the pager. */
export function InvoiceListResults({
  phone,
  search,
  onChange,
  ...props
}: Props & { phone: boolean; search: AdminInvoiceSearch; onChange: AdminInvoiceChange }) {
  const { t } = useLingui();
  const { found } = props;
  const total = found.total;
  const page = found.page;
  const pages = Math.max(1, Math.ceil(found.total / found.pageSize));
  return (
    <Stack gap="md">
      {phone ? <InvoiceCards {...props} /> : <InvoiceTable {...props} />}
      <Group justify="space-between" gap="sm">
        <Text size="sm" c="dimmed" aria-live="polite">
          <Plural value={total} one="# invoice" other="# invoices" />{' '}
          <Trans>
            · page {page} of {pages}
          </Trans>
        </Text>
        <Group gap="sm">
          <PageSizeSelect
            label={t`Per page`}
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
              aria-label={t`Invoice pages`}
            />
          )}
        </Group>
      </Group>
    </Stack>
  );
}
