import '../i18n';
import { msg } from '@lingui/core/macro';
import { Trans } from '@lingui/react/macro';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { CustomerRow } from '../../../../contract/customers';
import type { Column } from '../../../components/list';
import { formatDate } from '../../../lib/format';
import { useRoleLabel } from './roles';

function StateBadges({ c }: { c: CustomerRow }) {
  const roleLabel = useRoleLabel();
  return (
    // Badges keep their whole word (a narrow column wraps them instead of cutting them).
    <Group gap={4} style={{ flexShrink: 0 }}>
      {!c.email_verified && (
        <Badge color="yellow" variant="light" c="light-dark(#6b4e00, var(--mantine-color-yellow-3))">
          <Trans>Unverified</Trans>
        </Badge>
      )}
      {!c.is_active && (
        <Badge color="red" variant="light" c="light-dark(#9c1c1c, var(--mantine-color-red-3))">
          <Trans>Deactivated</Trans>
        </Badge>
      )}
      {c.role !== 'customer' && (
        <Badge color="blue" variant="light">
          {roleLabel(c.role)}
        </Badge>
      )}
    </Group>
  );
}

export const customerColumns: Column<CustomerRow>[] = [
  {
    header: msg`Mailbox`,
    nowrap: true,
    cell: (c) => (
      <Anchor component={Link} to={`/admin/customers/${c.id}`} fw={600}>
        {c.mailbox_number}
      </Anchor>
    ),
  },
  { header: msg`Name`, cell: (c) => c.name },
  { header: msg`Email`, cell: (c) => c.email, td: () => ({ style: { overflowWrap: 'anywhere' } }) },
  { header: msg`Phone`, nowrap: true, cell: (c) => c.phone || '—' },
  { header: msg`State`, cell: (c) => <StateBadges c={c} />, td: () => ({ miw: 120 }) },
  { header: msg`Packages`, align: 'right', cell: (c) => c.packages },
  { header: msg`Joined`, nowrap: true, cell: (c) => formatDate(c.created_at) },
];

/** On a phone the whole card opens the record. */
export function CustomerCard({ c }: { c: CustomerRow }) {
  return (
    <Anchor
      component={Link}
      to={`/admin/customers/${c.id}`}
      underline="never"
      c="inherit"
      display="block"
      mih={44}
    >
      <Group justify="space-between" wrap="nowrap">
        <Text fw={700} dir="ltr">
          {c.mailbox_number}
        </Text>
        <StateBadges c={c} />
      </Group>
      <Text>{c.name}</Text>
      <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
        {c.email}
      </Text>
    </Anchor>
  );
}
