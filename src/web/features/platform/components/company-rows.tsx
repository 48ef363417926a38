import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { PlatformCompany } from '../../../../contract/platform';
import type { Column } from '../../../components/list';
import { formatBytes } from '../../../lib/upload/file-rules';

/** Active or inactive, in words and a colour that passes contrast on white and on dark. */
export function StatusBadge({ status }: { status: PlatformCompany['status'] }) {
  return status === 'active' ? (
    <Badge color="green" variant="light" c="light-dark(#1b5e20, var(--mantine-color-green-3))">
      Active
    </Badge>
  ) : (
    <Badge color="red" variant="light" c="light-dark(#9c1c1c, var(--mantine-color-red-3))">
      Inactive
    </Badge>
  );
}

/** "1 customer", "2 customers". */
const count = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

const companyLink = (c: PlatformCompany) => `/platform/companies/${c.id}`;

export const companyColumns: Column<PlatformCompany>[] = [
  {
    header: 'Name',
    cell: (c) => (
      <Anchor component={Link} to={companyLink(c)} fw={600}>
        {c.name}
      </Anchor>
    ),
  },
  { header: 'Hosts', cell: (c) => c.hosts.join(', '), td: () => ({ style: { overflowWrap: 'anywhere' } }) },
  { header: 'Status', cell: (c) => <StatusBadge status={c.status} /> },
  { header: 'Customers', align: 'right', cell: (c) => c.usage.customers },
  { header: 'Parcels this month', align: 'right', cell: (c) => c.usage.parcels_this_month },
  { header: 'Invoices', align: 'right', cell: (c) => c.usage.invoices },
  { header: 'Storage', align: 'right', nowrap: true, cell: (c) => formatBytes(c.usage.stored_bytes) },
];

/** On a phone the whole card opens the company. */
export function CompanyCard({ c }: { c: PlatformCompany }) {
  return (
    <Anchor component={Link} to={companyLink(c)} underline="never" c="inherit" display="block" mih={44}>
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700}>{c.name}</Text>
        <StatusBadge status={c.status} />
      </Group>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {c.hosts.join(', ')}
      </Text>
      <Text size="sm">
        {[
          count(c.usage.customers, 'customer'),
          `${count(c.usage.parcels_this_month, 'parcel')} this month`,
          count(c.usage.invoices, 'invoice'),
          formatBytes(c.usage.stored_bytes),
        ].join(' · ')}
      </Text>
    </Anchor>
  );
}
