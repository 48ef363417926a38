import './i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import '@mantine/core/styles/EmptyState.css';
import { Button, EmptyState, Group, Select, Stack, Text, Title } from '@mantine/core';
import { IconPackage, IconPlaneDeparture } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAGE_SIZES, type PackageSort } from '../../../contract/constants';
import { NoMatches } from '../../components/ClearFilters';
import { DateRange } from '../../components/DateField';
import { FilterPanel, ListResults } from '../../components/list';
import { PreAlertButton } from '../../components/PackageLinks';
import { usePageTitle } from '../../components/PageTitle';
import { SearchField } from '../../components/SearchField';
import { packageStatusesQueryOptions } from '../../lib/reference/api';
import { AwaitingPrealerts } from './AwaitingPrealerts';
import { packagesQueryOptions } from './api';
import { PackageCard, packageColumns } from './components/package-rows';
import { type HistorySearch, hasFilters } from './history-search';
import classes from './PackageHistory.module.css';

// Here, not in history-search.ts: that file is read by the route's search validation, which must not load words.
const SORT_LABELS: Record<PackageSort, MessageDescriptor> = {
  newest: msg`Newest first`,
  oldest: msg`Oldest first`,
  updated: msg`Recently updated`,
  weight: msg`Heaviest first`,
  tracking: msg`Tracking number (A–Z)`,
};

export type HistoryChange = (patch: Partial<HistorySearch>, options?: { replace?: boolean }) => void;

export interface PackageHistoryProps {
  search: HistorySearch;
  onChange: HistoryChange;
  onClear: () => void;
}

function Filters({ search, onChange, onClear }: PackageHistoryProps) {
  const { t, i18n } = useLingui();
  const statuses = useQuery(packageStatusesQueryOptions());
  return (
    <FilterPanel filtered={hasFilters(search)} onClear={onClear} className={classes.filters}>
      <SearchField value={search.q} onChange={onChange} placeholder={t`Tracking, item or seller`} />
      <Select
        label={t`Status`}
        placeholder={t`All statuses`}
        data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
        value={search.status ?? null}
        onChange={(value) => onChange({ status: (value as HistorySearch['status']) ?? undefined, page: 1 })}
        clearable
        clearButtonProps={{ 'aria-label': t`Clear status` }}
        maxDropdownHeight={420}
        allowDeselect
        comboboxProps={{ withinPortal: true }}
      />
      <DateRange
        label={t`Date range`}
        id="package-date-range"
        maxDate={new Date()}
        from={search.from}
        to={search.to}
        onChange={({ from, to }) => onChange({ from, to, page: 1 })}
      />
      <Select
        label={t`Sort by`}
        data={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label: i18n._(label) }))}
        value={search.sort}
        onChange={(value) => onChange({ sort: (value as PackageSort | null) ?? 'newest', page: 1 })}
        allowDeselect={false}
      />
    </FilterPanel>
  );
}

function NoPackagesYet() {
  const { t } = useLingui();
  return (
    <EmptyState
      py="xl"
      icon={<IconPackage size={28} aria-hidden />}
      variant="light"
      title={t`No packages yet`}
      description={t`Packages appear here when the warehouse receives them. Pre-alert a package so we can match it to you.`}
    >
      <EmptyState.Actions>
        <PreAlertButton />
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** /user/packages/history: search, filter, sort and page through the customer's packages; all of it in the URL. */
export function PackageHistory({ search, onChange, onClear }: PackageHistoryProps) {
  const { t } = useLingui();
  usePageTitle(t`Package history`);
  const { q, status, from, to, sort, page, pageSize } = search;
  const packages = useQuery(packagesQueryOptions({ q, status, from, to, sort, page, pageSize }));

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            <Trans>Package history</Trans>
          </Title>
          <Text c="dimmed">
            <Trans>Every package the warehouse received for you, and where it is now.</Trans>
          </Text>
        </div>
        <Button
          component={Link}
          to="/user/packages/pre-alert"
          variant="light"
          leftSection={<IconPlaneDeparture size={18} aria-hidden />}
        >
          <Trans>Pre-alert a package</Trans>
        </Button>
      </Group>

      <Filters search={search} onChange={onChange} onClear={onClear} />

      {/* Pre-alerted parcels the warehouse has not received: on the first page of an unfiltered or "Pre-alerted" view. */}
      {page === 1 && !from && !to && (!status || status === 'pre_alerted') && <AwaitingPrealerts q={q} />}

      <ListResults
        query={packages}
        label={t`Packages`}
        noun={msg({ message: '{count, plural, one {package} other {packages}}' })}
        errorTitle={t`Could not load your packages`}
        empty={
          hasFilters(search) ? (
            <NoMatches
              title={t`No packages match`}
              description={t`Try other words, another status or a wider date range.`}
              onClear={onClear}
            />
          ) : (
            <NoPackagesYet />
          )
        }
        columns={packageColumns}
        card={(pkg) => <PackageCard pkg={pkg} />}
        rowKey={(pkg) => pkg.id}
        table={{ minWidth: 760 }}
        paging={{ page, pageSize, sizes: PAGE_SIZES, onChange }}
      />
    </Stack>
  );
}
