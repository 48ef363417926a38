import '@mantine/core/styles/Checkbox.css';
import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Checkbox, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { type StaffPackageSort, staffPackageSorts } from '../../../../contract/constants';
import { DateRange } from '../../../components/DateField';
import { FilterPanel, hasFilters } from '../../../components/list';
import { SearchField } from '../../../components/SearchField';
import { packageStatusesQueryOptions } from '../../../lib/reference/api';
import { openShipmentsQueryOptions } from '../api';
import { FILTER_KEYS, type StaffPackageSearch } from '../search';

// Here, not in ../search: that file runs in the router's entry bundle, which carries no feature's words.
const SORT_LABELS: Record<StaffPackageSort, MessageDescriptor> = {
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  received: msg`Received (latest)`,
  updated: msg`Recently updated`,
  weight: msg`Heaviest`,
  value: msg`Highest value`,
  tracking: msg`Tracking number`,
};

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
  const { t, i18n } = useLingui();
  const statuses = useQuery(packageStatusesQueryOptions());
  const shipments = useQuery(openShipmentsQueryOptions());
  return (
    <FilterPanel filtered={isFiltered(search)} onClear={onClear}>
      <SearchField value={search.q} onChange={onChange} placeholder={t`Tracking, mailbox, name or email`} />
      <Select
        label={t`Status`}
        placeholder={t`All statuses`}
        data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
        value={search.status ?? null}
        onChange={(v) => onChange({ status: (v as StaffPackageSearch['status']) ?? undefined, page: 1 })}
        clearable
        clearButtonProps={{ 'aria-label': t`Clear status` }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t`Shipment`}
        placeholder={t`Any shipment`}
        searchable
        data={[
          { value: 'none', label: t`Not in a shipment` },
          ...(shipments.data?.items ?? []).map((s) => ({ value: s.id, label: s.reference })),
        ]}
        value={search.shipment ?? null}
        onChange={(v) => onChange({ shipment: v ?? undefined, page: 1 })}
        clearable
        clearButtonProps={{ 'aria-label': t`Clear shipment` }}
        comboboxProps={{ withinPortal: true }}
      />
      <Select
        label={t`Pre-alert`}
        placeholder={t`With or without`}
        data={[
          { value: 'yes', label: t`Has a pre-alert` },
          { value: 'no', label: t`No pre-alert` },
        ]}
        value={search.prealert ?? null}
        onChange={(v) => onChange({ prealert: (v as 'yes' | 'no' | null) ?? undefined, page: 1 })}
        clearable
        clearButtonProps={{ 'aria-label': t`Clear pre-alert filter` }}
        comboboxProps={{ withinPortal: true }}
      />
      <DateRange
        label={t`Received`}
        id="staff-package-received"
        maxDate={new Date()}
        from={search.from}
        to={search.to}
        onChange={({ from, to }) => onChange({ from, to, page: 1 })}
      />
      <Select
        label={t`Sort`}
        data={staffPackageSorts.map((s) => ({ value: s, label: i18n._(SORT_LABELS[s]) }))}
        value={search.sort}
        onChange={(v) => v && onChange({ sort: v as StaffPackageSearch['sort'], page: 1 })}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Stack gap={6} justify="flex-end">
        <Checkbox
          label={t`Unassigned only`}
          checked={search.unassigned === 1}
          onChange={(e) => onChange({ unassigned: e.currentTarget.checked ? 1 : undefined, page: 1 })}
        />
        <Checkbox
          label={t`On hold only`}
          checked={search.hold === 1}
          onChange={(e) => onChange({ hold: e.currentTarget.checked ? 1 : undefined, page: 1 })}
        />
      </Stack>
    </FilterPanel>
  );
}
