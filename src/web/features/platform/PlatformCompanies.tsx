import './i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAGE_SIZES } from '../../../contract/constants';
import { NoMatches } from '../../components/ClearFilters';
import { FilterPanel, hasFilters, ListResults } from '../../components/list';
import { usePageTitle } from '../../components/PageTitle';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type SearchChange, SearchField } from '../../components/SearchField';
import { platformCompaniesQueryOptions } from './api';
import { CompanyCard, companyColumns } from './components/company-rows';
import type { PlatformSearch } from './search';

type Patch = Partial<PlatformSearch>;
const FILTERS = ['q', 'status'] as const;

/** /platform: every company the platform serves, its hosts, status and usage (filters in the URL). */
export function PlatformCompanies({
  search,
  onChange,
}: {
  search: PlatformSearch;
  onChange: (patch: Patch, options?: { replace: boolean }) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Platform console`);
  const query = useQuery(platformCompaniesQueryOptions(search));
  const onSearch: SearchChange = (patch, options) => onChange(patch, options);
  const clear = () => onChange({ q: undefined, status: undefined, page: 1 });
  return (
    <Stack gap="md">
      <ScreenHeader
        title={t`Platform console`}
        description={t`The companies this platform serves: their hosts, whether they are open, and what they use.`}
        action={
          <Button component={Link} to="/platform/companies/new" mih={44}>
            <Trans>New company</Trans>
          </Button>
        }
      />
      <FilterPanel filtered={hasFilters(search, FILTERS)} onClear={clear} cols={{ base: 1, sm: 2 }}>
        <SearchField value={search.q} onChange={onSearch} placeholder={t`Name, prefix or host`} />
        <Select
          label={t`Status`}
          placeholder={t`Any`}
          clearable
          data={[
            { value: 'active', label: t`Active` },
            { value: 'inactive', label: t`Inactive` },
          ]}
          value={search.status ?? null}
          onChange={(v) => onChange({ status: (v ?? undefined) as PlatformSearch['status'], page: 1 })}
        />
      </FilterPanel>
      <ListResults
        query={query}
        label={t`Companies`}
        noun={msg({ message: '{count, plural, one {company} other {companies}}' })}
        errorTitle={t`Could not load the companies`}
        empty={
          <NoMatches
            title={t`No company matches`}
            description={t`Try other words or no status filter.`}
            onClear={clear}
          />
        }
        columns={companyColumns}
        card={(c) => <CompanyCard c={c} />}
        rowKey={(c) => c.id}
        table={{ minWidth: 860, maxHeight: '70vh' }}
        paging={{ page: search.page, pageSize: search.pageSize, sizes: PAGE_SIZES, onChange }}
      />
    </Stack>
  );
}
