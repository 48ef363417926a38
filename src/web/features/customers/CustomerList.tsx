import './i18n';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Select, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PAGE_SIZES } from '../../../contract/constants';
import { NoMatches } from '../../components/ClearFilters';
import { FilterPanel, hasFilters, ListResults } from '../../components/list';
import { usePageTitle } from '../../components/PageTitle';
import { ScreenHeader } from '../../components/ScreenHeader';
import { type SearchChange, SearchField } from '../../components/SearchField';
import { customersQueryOptions } from './api';
import { CustomerCard, customerColumns } from './components/customer-rows';
import type { CustomersSearch } from './customers-search';

type Patch = Partial<CustomersSearch>;

const YES_NO = (yes: string, no: string) => [
  { value: 'yes', label: yes },
  { value: 'no', label: no },
];
const FILTERS = ['q', 'verified', 'active', 'role'] as const;

/** /admin/customers: search the company's accounts (filters in the URL); a row opens the customer's record. */
export function CustomerList({
  search,
  onChange,
}: {
  search: CustomersSearch;
  onChange: (patch: Patch, options?: { replace: boolean }) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Customers`);
  const query = useQuery(customersQueryOptions(search));
  const onSearch: SearchChange = (patch, options) => onChange(patch, options);
  const select = (key: 'verified' | 'active' | 'role') => (v: string | null) =>
    onChange({ [key]: v ?? undefined, page: 1 } as Patch);
  const clear = () =>
    onChange({ q: undefined, verified: undefined, active: undefined, role: undefined, page: 1 });

  return (
    <Stack gap="md">
      <ScreenHeader
        title={t`Customers`}
        description={t`Find an account by mailbox number, name, email or phone.`}
      />
      <FilterPanel filtered={hasFilters(search, FILTERS)} onClear={clear} cols={{ base: 1, sm: 2, lg: 5 }}>
        <SearchField value={search.q} onChange={onSearch} placeholder={t`Mailbox, name, email or phone`} />
        <Select
          label={t`Email`}
          placeholder={t`Any`}
          clearable
          data={YES_NO(t`Verified`, t`Not verified`)}
          value={search.verified ?? null}
          onChange={select('verified')}
        />
        <Select
          label={t`Account`}
          placeholder={t`Any`}
          clearable
          data={YES_NO(t`Active`, t`Deactivated`)}
          value={search.active ?? null}
          onChange={select('active')}
        />
        <Select
          label={t`Role`}
          placeholder={t`Any`}
          clearable
          data={[
            { value: 'customer', label: t`Customer` },
            { value: 'staff', label: t`Staff` },
            { value: 'admin', label: t`Admin` },
          ]}
          value={search.role ?? null}
          onChange={select('role')}
        />
        <Select
          label={t`Sort`}
          allowDeselect={false}
          data={[
            { value: 'newest', label: t`Newest first` },
            { value: 'oldest', label: t`Oldest first` },
            { value: 'name', label: t`Name` },
            { value: 'mailbox', label: t`Mailbox number` },
          ]}
          value={search.sort}
          onChange={(v) => v && onChange({ sort: v as CustomersSearch['sort'], page: 1 })}
        />
      </FilterPanel>
      <ListResults
        query={query}
        label={t`Customers`}
        noun={msg({ message: '{count, plural, one {account} other {accounts}}' })}
        errorTitle={t`Could not load the customers`}
        empty={
          <NoMatches
            title={t`No account matches`}
            description={t`Try other words or fewer filters.`}
            onClear={clear}
          />
        }
        columns={customerColumns}
        card={(c) => <CustomerCard c={c} />}
        rowKey={(c) => c.id}
        table={{ minWidth: 760, maxHeight: '70vh' }}
        paging={{ page: search.page, pageSize: search.pageSize, sizes: PAGE_SIZES, onChange }}
      />
    </Stack>
  );
}
