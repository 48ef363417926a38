import '../i18n';
import { msg, plural } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { PlatformCompany } from '../../../../contract/platform';
import type { Column } from '../../../components/list';
import { formatBytes } from '../../../lib/upload/file-rules';

/** Active or inactive, in words and a colour that passes contrast on white and on dark. */
export function StatusBadge({ status }: { status: PlatformCompany['status'] }) {
  return status === 'active' ? (
    <Badge color="green" variant="light" c="light-dark(#1b5e20, var(--mantine-color-green-3))">
      <Trans>Active</Trans>
    </Badge>
  ) : (
    <Badge color="red" variant="light" c="light-dark(#9c1c1c, var(--mantine-color-red-3))">
      <Trans>Inactive</Trans>
    </Badge>
  );
}

const companyLink = (c: PlatformCompany) => `/platform/companies/${c.id}`;

export const companyColumns: Column<PlatformCompany>[] = [
  {
    header: msg`Name`,
    cell: (c) => (
      <Anchor component={Link} to={companyLink(c)} fw={600}>
        {c.name}
      </Anchor>
    ),
  },
  {
    header: msg`Hosts`,
    cell: (c) => c.hosts.join(', '),
    td: () => ({ style: { overflowWrap: 'anywhere' } }),
  },
  { header: msg`Status`, cell: (c) => <StatusBadge status={c.status} /> },
  { header: msg`Customers`, align: 'right', cell: (c) => c.usage.customers },
  { header: msg`Parcels this month`, align: 'right', cell: (c) => c.usage.parcels_this_month },
  { header: msg`Invoices`, align: 'right', cell: (c) => c.usage.invoices },
  { header: msg`Storage`, align: 'right', nowrap: true, cell: (c) => formatBytes(c.usage.stored_bytes) },
];

/** On a phone the whole card opens the company. */
export function CompanyCard({ c }: { c: PlatformCompany }) {
  const { customers, parcels_this_month: parcels, invoices } = c.usage;
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
          plural(customers, { one: '# customer', other: '# customers' }),
          plural(parcels, { one: '# parcel this month', other: '# parcels this month' }),
          plural(invoices, { one: '# invoice', other: '# invoices' }),
          formatBytes(c.usage.stored_bytes),
        ].join(' · ')}
      </Text>
    </Anchor>
  );
}
