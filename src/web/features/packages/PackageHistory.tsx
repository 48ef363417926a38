import '@mantine/core/styles/EmptyState.css';
import { Box, Button, EmptyState, Group, Paper, Select, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconPackage, IconPlaneDeparture } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { lazy, Suspense, useEffect } from 'react';
import { PAGE_SIZES, type PackageSort } from '../../../contract/constants';
import { ClearFilters, NoMatches } from '../../components/ClearFilters';
import { PreAlertButton } from '../../components/PackageLinks';
import { usePageTitle } from '../../components/PageTitle';
import { PageButtons, PageSizeSelect } from '../../components/Paging';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { SearchField } from '../../components/SearchField';
import { packageStatusesQueryOptions } from '../../lib/reference/api';
import { AwaitingPrealerts } from './AwaitingPrealerts';
import { packagesQueryOptions } from './api';
import { type HistorySearch, hasFilters, SORT_LABELS } from './history-search';
import classes from './PackageHistory.module.css';
import { PackageCards, PackageTable } from './PackageResults';

const DateRangeField = lazy(() => import('../../components/DateRangeField'));

export type HistoryChange = (patch: Partial<HistorySearch>, options?: { replace?: boolean }) => void;

export interface PackageHistoryProps {
  search: HistorySearch;
  onChange: HistoryChange;
  onClear: () => void;
}

/** Phones get cards; wider screens the table. */
const CARDS_QUERY = '(max-width: 47.99em)';

function DateRangeFallback() {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={500}>
        Date range
      </Text>
      <Skeleton h={36} />
    </Stack>
  );
}

function Filters({ search, onChange, onClear }: PackageHistoryProps) {
  const statuses = useQuery(packageStatusesQueryOptions());
  return (
    <Paper p="md" component="section" aria-label="Filters">
      <div className={classes.filters}>
        <SearchField value={search.q} onChange={onChange} placeholder="Tracking, item or seller" />
        <Select
          label="Status"
          placeholder="All statuses"
          data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
          value={search.status ?? null}
          onChange={(value) => onChange({ status: (value as HistorySearch['status']) ?? undefined, page: 1 })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear status' }}
          maxDropdownHeight={420}
          allowDeselect
          comboboxProps={{ withinPortal: true }}
        />
        <Suspense fallback={<DateRangeFallback />}>
          <DateRangeField
            label="Date range"
            id="package-date-range"
            maxDate={new Date()}
            from={search.from}
            to={search.to}
            onChange={({ from, to }) => onChange({ from, to, page: 1 })}
          />
        </Suspense>
        <Select
          label="Sort by"
          data={Object.entries(SORT_LABELS).map(([value, label]) => ({ value, label }))}
          value={search.sort}
          onChange={(value) => onChange({ sort: (value as PackageSort | null) ?? 'newest', page: 1 })}
          allowDeselect={false}
        />
      </div>
      {hasFilters(search) && <ClearFilters onClear={onClear} />}
    </Paper>
  );
}

function NoPackagesYet() {
  return (
    <EmptyState
      py="xl"
      icon={<IconPackage size={28} aria-hidden />}
      variant="light"
      title="No packages yet"
      description="Packages appear here when the warehouse receives them. Pre-alert a package so we can match it to you."
    >
      <EmptyState.Actions>
        <PreAlertButton />
      </EmptyState.Actions>
    </EmptyState>
  );
}

/** /user/packages/history: search, filter, sort and page through the customer's packages; all of it in the URL. */
export function PackageHistory({ search, onChange, onClear }: PackageHistoryProps) {
  usePageTitle('Package history');
  const cards = useMediaQuery(CARDS_QUERY, false, { getInitialValueInEffect: false }) ?? false;
  const { q, status, from, to, sort, page, pageSize } = search;
  const packages = useQuery(packagesQueryOptions({ q, status, from, to, sort, page, pageSize }));
  const data = packages.data;
  const pages = data ? Math.max(1, Math.ceil(data.total / data.pageSize)) : 1;

  // A page past the end (an old link, fewer packages now): go to the last page there is.
  useEffect(() => {
    if (data && !packages.isPlaceholderData && data.total > 0 && data.items.length === 0 && page > pages) {
      onChange({ page: pages }, { replace: true });
    }
  }, [data, packages.isPlaceholderData, page, pages, onChange]);

  const first = data ? (data.page - 1) * data.pageSize + 1 : 0;
  const last = data ? first + data.items.length - 1 : 0;

  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end" gap="sm">
        <div>
          <Title order={1} fz={{ base: 24, sm: 28 }}>
            Package history
          </Title>
          <Text c="dimmed">Every package the warehouse received for you, and where it is now.</Text>
        </div>
        <Button
          component={Link}
          to="/user/packages/pre-alert"
          variant="light"
          leftSection={<IconPlaneDeparture size={18} aria-hidden />}
        >
          Pre-alert a package
        </Button>
      </Group>

      <Filters search={search} onChange={onChange} onClear={onClear} />

      {/* Pre-alerted parcels the warehouse has not received: on the first page of an unfiltered or "Pre-alerted" view. */}
      {page === 1 && !from && !to && (!status || status === 'pre_alerted') && <AwaitingPrealerts q={q} />}

      <Box component="section" aria-label="Results">
        <QueryStates
          query={packages}
          loading={<LoadingRows label="Loading packages" count={cards ? 4 : 8} h={cards ? 96 : 44} />}
          errorTitle="Could not load your packages"
          isEmpty={(found) => found.total === 0}
          empty={
            hasFilters(search) ? (
              <NoMatches
                title="No packages match"
                description="Try other words, another status or a wider date range."
                onClear={onClear}
              />
            ) : (
              <NoPackagesYet />
            )
          }
        >
          {(found) => (
            <Stack gap="md">
              <Text size="sm" c="dimmed" aria-live="polite" data-testid="results-summary">
                Showing {first}–{last} of {found.total} {found.total === 1 ? 'package' : 'packages'}
              </Text>
              <Box
                aria-busy={packages.isPlaceholderData}
                style={{ opacity: packages.isPlaceholderData ? 0.6 : 1, transition: 'opacity 120ms' }}
              >
                {cards ? <PackageCards items={found.items} /> : <PackageTable items={found.items} />}
              </Box>
              <Group justify="space-between" gap="sm" wrap="wrap">
                <PageSizeSelect
                  label="Rows per page"
                  sizes={PAGE_SIZES}
                  value={pageSize}
                  onChange={(size) => onChange({ pageSize: size, page: 1 })}
                  w={120}
                  size="sm"
                />
                {pages > 1 && (
                  <nav aria-label="Pagination">
                    <PageButtons
                      total={pages}
                      value={Math.min(page, pages)}
                      onChange={(next) => onChange({ page: next })}
                      siblings={cards ? 0 : 1}
                      boundaries={1}
                      size={cards ? 'sm' : 'md'}
                    />
                  </nav>
                )}
              </Group>
            </Stack>
          )}
        </QueryStates>
      </Box>
    </Stack>
  );
}
