import '@mantine/core/styles/Checkbox.css';
import { Checkbox, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { staffPackageSorts } from '../../../../contract/constants';
import { DateRange } from '../../../components/DateField';
import { FilterPanel, hasFilters } from '../../../components/list';
import { SearchField } from '../../../components/SearchField';
import { packageStatusesQueryOptions } from '../../../lib/reference/api';
import { openShipmentsQueryOptions } from '../api';
import { FILTER_KEYS, SORT_LABELS, type StaffPackageSearch } from '../search';

export type StaffPackageChange = (
  patch: Partial<StaffPackageSearch>,
  options?: { replace?: boolean },
) => void;

/** The list's search as the URL holds it, and how the screen changes it. */
export interface StaffPackageView {
  search: StaffPackageSearch;
  onChange: StaffPackageChange;
  onClear: () => void;
}

export const isFiltered = (search: StaffPackageSearch) => hasFilters(search, FILTER_KEYS);

/** Words, status, shipment, pre-alert, the day received, the order; Unassigned and On hold at a click. */
export function PackageFilters({ search, onChange, onClear }: StaffPackageView) {
  const statuses = useQuery(packageStatusesQueryOptions());
  const shipments = useQuery(openShipmentsQueryOptions());
  return (
    <FilterPanel filtered={isFiltered(search)} onClear={onClear}>
      <SearchField value={search.q} onChange={onChange} placeholder="Tracking, mailbox, name or email" />
      <Select
        label="Status"
        placeholder="All statuses"
        data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
        value={search.status ?? null}
        onChange={(v) => onChange({ status: (v as StaffPackageSearch['status']) ?? undefined, page: 1 })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear status' }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Shipment"
        placeholder="Any shipment"
        searchable
        data={[
          { value: 'none', label: 'Not in a shipment' },
          ...(shipments.data?.items ?? []).map((s) => ({ value: s.id, label: s.reference })),
        ]}
        value={search.shipment ?? null}
        onChange={(v) => onChange({ shipment: v ?? undefined, page: 1 })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear shipment' }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label="Pre-alert"
        placeholder="With or without"
        data={[
          { value: 'yes', label: 'Has a pre-alert' },
          { value: 'no', label: 'No pre-alert' },
        ]}
        value={search.prealert ?? null}
        onChange={(v) => onChange({ prealert: (v as 'yes' | 'no' | null) ?? undefined, page: 1 })}
        clearable
        clearButtonProps={{ 'aria-label': 'Clear pre-alert filter' }}
        comboboxProps={{ withinPortal: true }}
      />
      <DateRange
        label="Received"
        id="staff-package-received"
        maxDate={new Date()}
        from={search.from}
        to={search.to}
        onChange={({ from, to }) => onChange({ from, to, page: 1 })}
      />
      <Select
        label="Sort"
        data={staffPackageSorts.map((s) => ({ value: s, label: SORT_LABELS[s] }))}
        value={search.sort}
        onChange={(v) => v && onChange({ sort: v as StaffPackageSearch['sort'], page: 1 })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Stack gap={6} justify="flex-end">
        <Checkbox
          label="Unassigned only"
          checked={search.unassigned === 1}
          onChange={(e) => onChange({ unassigned: e.currentTarget.checked ? 1 : undefined, page: 1 })}
        />
        <Checkbox
          label="On hold only"
          checked={search.hold === 1}
          onChange={(e) => onChange({ hold: e.currentTarget.checked ? 1 : undefined, page: 1 })}
        />
      </Stack>
    </FilterPanel>
  );
}
