import '@mantine/core/styles/Table.css';
import { Anchor, Badge, Card, Group, Select, Stack, Table, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAGE_SIZES } from '../../../contract/constants';
import type { CustomerRow } from '../../../contract/customers';
import { CardList, LoadingCards } from '../../components/CardList';
import { usePageTitle } from '../../components/PageTitle';
import { PageButtons, PageSizeSelect } from '../../components/Paging';
import { QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { ScrollTable } from '../../components/ScrollTable';
import { type SearchChange, SearchField } from '../../components/SearchField';
import { formatDate } from '../../lib/format';
import { customersQueryOptions } from './api';
import type { CustomersSearch } from './customers-search';

type Patch = Partial<CustomersSearch>;

const YES_NO = (yes: string, no: string) => [
  { value: 'yes', label: yes },
  { value: 'no', label: no },
];

function StateBadges({ c }: { c: CustomerRow }) {
  return (
    // Badges keep their whole word (a narrow column wraps them instead of cutting them).
    <Group gap={4} style={{ flexShrink: 0 }}>
      {!c.email_verified && (
        <Badge color="yellow" variant="light" c="light-dark(#6b4e00, var(--mantine-color-yellow-3))">
          Unverified
        </Badge>
      )}
      {!c.is_active && (
        <Badge color="red" variant="light" c="light-dark(#9c1c1c, var(--mantine-color-red-3))">
          Deactivated
        </Badge>
      )}
      {c.role !== 'customer' && (
        <Badge color="blue" variant="light">
          {c.role}
        </Badge>
      )}
    </Group>
  );
}

/** /admin/customers: search the company's accounts (filters in the URL); a row opens the customer's record. */
export function CustomerList({
  search,
  onChange,
}: {
  search: CustomersSearch;
  onChange: (patch: Patch, options?: { replace: boolean }) => void;
}) {
  usePageTitle('Customers');
  const query = useQuery(customersQueryOptions(search));
  const onSearch: SearchChange = (patch, options) => onChange(patch, options);
  const select = (key: 'verified' | 'active' | 'role') => (v: string | null) =>
    onChange({ [key]: v ?? undefined, page: 1 } as Patch);

  return (
    <Stack gap="md">
      <ScreenHeader
        title="Customers"
        description="Find an account by mailbox number, name, email or phone."
      />
      <Card padding="md">
        <Group gap="sm" align="flex-end" wrap="wrap">
          <div style={{ flex: '1 1 240px' }}>
            <SearchField value={search.q} onChange={onSearch} placeholder="Mailbox, name, email or phone" />
          </div>
          <Select
            label="Email"
            placeholder="Any"
            w={150}
            clearable
            data={YES_NO('Verified', 'Not verified')}
            value={search.verified ?? null}
            onChange={select('verified')}
          />
          <Select
            label="Account"
            placeholder="Any"
            w={150}
            clearable
            data={YES_NO('Active', 'Deactivated')}
            value={search.active ?? null}
            onChange={select('active')}
          />
          <Select
            label="Role"
            placeholder="Any"
            w={140}
            clearable
            data={[
              { value: 'customer', label: 'Customer' },
              { value: 'staff', label: 'Staff' },
              { value: 'admin', label: 'Admin' },
            ]}
            value={search.role ?? null}
            onChange={select('role')}
          />
          <Select
            label="Sort"
            w={150}
            allowDeselect={false}
            data={[
              { value: 'newest', label: 'Newest first' },
              { value: 'oldest', label: 'Oldest first' },
              { value: 'name', label: 'Name' },
              { value: 'mailbox', label: 'Mailbox number' },
            ]}
            value={search.sort}
            onChange={(v) => v && onChange({ sort: v as CustomersSearch['sort'], page: 1 })}
          />
        </Group>
      </Card>
      <QueryStates
        query={query}
        loading={<LoadingCards h={80} />}
        errorTitle="Could not load the customers"
        isEmpty={(found) => found.total === 0}
        empty={<Text c="dimmed">No account matches these filters.</Text>}
      >
        {(found) => {
          const pages = Math.max(1, Math.ceil(found.total / found.pageSize));
          return (
            <Stack gap="md">
              <ScrollTable label="Customers table" minWidth={760} visibleFrom="sm" mah="70vh">
                <Table stickyHeader striped highlightOnHover aria-label="Customers">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th scope="col">Mailbox</Table.Th>
                      <Table.Th scope="col">Name</Table.Th>
                      <Table.Th scope="col">Email</Table.Th>
                      <Table.Th scope="col">Phone</Table.Th>
                      <Table.Th scope="col">State</Table.Th>
                      <Table.Th scope="col" ta="right">
                        Packages
                      </Table.Th>
                      <Table.Th scope="col">Joined</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {found.items.map((c) => (
                      <Table.Tr key={c.id}>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>
                          <Anchor component={Link} to={`/admin/customers/${c.id}`} fw={600}>
                            {c.mailbox_number}
                          </Anchor>
                        </Table.Td>
                        <Table.Td>{c.name}</Table.Td>
                        <Table.Td style={{ overflowWrap: 'anywhere' }}>{c.email}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{c.phone || '—'}</Table.Td>
                        <Table.Td miw={120}>
                          <StateBadges c={c} />
                        </Table.Td>
                        <Table.Td ta="right">{c.packages}</Table.Td>
                        <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(c.created_at)}</Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </ScrollTable>
              <Stack hiddenFrom="sm">
                <CardList label="Customers" stale={query.isPlaceholderData}>
                  {found.items.map((c) => (
                    <li key={c.id}>
                      <Card component={Link} to={`/admin/customers/${c.id}`} padding="md" withBorder mih={64}>
                        <Group justify="space-between" wrap="nowrap">
                          <Text fw={700}>{c.mailbox_number}</Text>
                          <StateBadges c={c} />
                        </Group>
                        <Text>{c.name}</Text>
                        <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                          {c.email}
                        </Text>
                      </Card>
                    </li>
                  ))}
                </CardList>
              </Stack>
              <Group justify="space-between" gap="sm">
                <Text size="sm" c="dimmed" aria-live="polite">
                  {found.total} {found.total === 1 ? 'account' : 'accounts'} · page {found.page} of {pages}
                </Text>
                <Group gap="sm">
                  <PageSizeSelect
                    label="Per page"
                    size="xs"
                    w={90}
                    sizes={PAGE_SIZES}
                    value={search.pageSize}
                    onChange={(pageSize) => onChange({ pageSize, page: 1 })}
                  />
                  {pages > 1 && (
                    <PageButtons
                      total={pages}
                      value={Math.min(search.page, pages)}
                      onChange={(page) => onChange({ page })}
                      aria-label="Customer pages"
                    />
                  )}
                </Group>
              </Group>
            </Stack>
          );
        }}
      </QueryStates>
    </Stack>
  );
}
