import { Paper, Select, SimpleGrid, TextInput } from '@mantine/core';
import { lazy, Suspense } from 'react';
import { invoiceSorts, invoiceStatuses } from '../../../contract/constants';
import { ClearFilters } from '../../components/ClearFilters';
import { SearchField } from '../../components/SearchField';
import { SORT_LABELS, STATUS_LABELS } from './labels';
import type { AdminInvoiceSearch } from './search';

const DateRangeField = lazy(() => import('../../components/DateRangeField'));

export type AdminInvoiceChange = (
  patch: Partial<AdminInvoiceSearch>,
  options?: { replace?: boolean },
) => void;

/** The list's filters, all in the URL: words, status, issue dates, sort. */
export function InvoiceListFilters({
  search,
  onChange,
  onClear,
  filtered,
}: {
  search: AdminInvoiceSearch;
  onChange: AdminInvoiceChange;
  onClear: () => void;
  filtered: boolean;
}) {
  return (
    <Paper p="md" component="section" aria-label="Filters">
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {/* Short enough to show whole in a quarter of the row; the number, name, mailbox and tracking all match. */}
        <SearchField value={search.q} onChange={onChange} placeholder="Number, name, tracking" />
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
  );
}
