import './i18n';
import { useLingui } from '@lingui/react/macro';
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
  const { t, i18n } = useLingui();
  return (
    <Paper p="md" component="section" aria-label={t`Filters`}>
      <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
        {/* Short enough to show whole in a quarter of the row; the number, name, mailbox and tracking all match. */}
        <SearchField value={search.q} onChange={onChange} placeholder={t`Number, name, tracking`} />
        <Select
          label={t`Status`}
          placeholder={t`All statuses`}
          data={invoiceStatuses.map((s) => ({ value: s, label: STATUS_LABELS[s] }))}
          value={search.status ?? null}
          onChange={(v) => onChange({ status: (v as AdminInvoiceSearch['status']) ?? undefined, page: 1 })}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear status` }}
          comboboxProps={{ withinPortal: true }}
        />
        <Suspense fallback={<TextInput label={t`Issued between`} placeholder={t`Any date`} disabled />}>
          <DateRangeField
            label={t`Issued between`}
            id="invoice-date-range"
            from={search.from}
            to={search.to}
            onChange={({ from, to }) => onChange({ from, to, page: 1 })}
          />
        </Suspense>
        <Select
          label={t`Sort`}
          data={invoiceSorts.map((s) => ({ value: s, label: i18n._(SORT_LABELS[s]) }))}
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
