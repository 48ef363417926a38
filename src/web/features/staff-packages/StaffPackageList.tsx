import '@mantine/core/styles/EmptyState.css';
import './i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, EmptyState, Stack } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPackage } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { PACKAGE_EXPORT_MAX, PAGE_SIZES } from '../../../contract/constants';
import { formatDecimal } from '../../../contract/format';
import type { StaffPackageRow } from '../../../contract/staff-packages';
import { NoMatches } from '../../components/ClearFilters';
import { ListResults, useSelection } from '../../components/list';
import { usePageTitle } from '../../components/PageTitle';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/api';
import { exportPackagesCsv, staffPackagesQueryOptions } from './api';
import { BulkActions } from './components/BulkActions';
import {
  isFiltered,
  PackageFilters,
  type StaffPackageChange,
  type StaffPackageView,
} from './components/PackageFilters';
import { PackageCard, packageColumns } from './components/package-rows';
import { ScanToSelect } from './components/ScanToSelect';

export type { StaffPackageChange };

/** /admin/packages: every package of the company, filtered in the URL, selected by checkbox or by scanning. */
export function StaffPackageList({ search, onChange, onClear }: StaffPackageView) {
  const { t } = useLingui();
  usePageTitle(t`Packages`);
  const query = useQuery(staffPackagesQueryOptions(search));
  // Kept across pages and filters: a clerk selects on one page, filters, and selects more.
  const selection = useSelection((p: StaffPackageRow) => p.id);
  const [exporting, setExporting] = useState(false);

  async function onExport() {
    setExporting(true);
    try {
      await exportPackagesCsv(search);
    } catch (err) {
      notifications.show({ color: 'red', title: t`The export failed`, message: errorMessage(err) });
    } finally {
      setExporting(false);
    }
  }

  const exportMax = formatDecimal(PACKAGE_EXPORT_MAX, 0);
  return (
    <Stack gap="md">
      <ScreenHeader
        title={t`Packages`}
        description={t`Every package of the company: find, filter, select and act on many at once.`}
        action={
          <Button
            variant="light"
            leftSection={<IconDownload size={16} aria-hidden />}
            onClick={() => void onExport()}
            loading={exporting}
            title={t`The filtered list, up to ${exportMax} rows`}
          >
            <Trans>Export CSV</Trans>
          </Button>
        }
      />
      <PackageFilters search={search} onChange={onChange} onClear={onClear} />
      <ScanToSelect onPage={query.data?.items ?? []} onFound={selection.add} />
      {selection.size > 0 && <BulkActions ids={selection.rows.map((p) => p.id)} onDone={selection.clear} />}
      <ListResults
        query={query}
        label={t`Packages`}
        noun={msg({ message: '{count, plural, one {package} other {packages}}' })}
        errorTitle={t`Could not load the packages`}
        empty={
          isFiltered(search) ? (
            <NoMatches
              title={t`No packages match`}
              description={t`Try other words or fewer filters.`}
              onClear={onClear}
            />
          ) : (
            <EmptyState
              py="xl"
              icon={<IconPackage size={28} aria-hidden />}
              variant="light"
              title={t`No packages yet`}
              description={t`Packages appear here as the warehouse receives them.`}
            />
          )
        }
        columns={packageColumns}
        card={(p) => <PackageCard p={p} />}
        rowKey={(p) => p.id}
        table={{ minWidth: 960, maxHeight: '70vh' }}
        selection={{
          ...selection,
          label: (p) => t`Select ${p.tracking_number}`,
          allLabel: t`Select all on this page`,
        }}
        paging={{ page: search.page, pageSize: search.pageSize, sizes: PAGE_SIZES, onChange }}
      />
    </Stack>
  );
}
