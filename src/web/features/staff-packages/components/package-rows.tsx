import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { StaffPackageRow } from '../../../../contract/staff-packages';
import type { Column } from '../../../components/list';
import { PackageStatusBadge } from '../../../components/PackageStatusBadge';
import { ToneBadge } from '../../../components/ToneBadge';
import { formatDate, formatDeclared, formatWeight } from '../../../lib/format';
import { Flags } from './Flags';

function Customer({ p }: { p: StaffPackageRow }) {
  if (!p.owner) {
    return (
      <Stack gap={0}>
        <ToneBadge tone="orange" size="sm">
          Unassigned
        </ToneBadge>
        {p.consignee_hint && (
          <Text size="xs" c="dimmed">
            Label: {p.consignee_hint}
          </Text>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap={0}>
      <Text size="sm" fw={600}>
        {p.owner.mailbox_number}
      </Text>
      <Text size="xs" c="dimmed">
        {p.owner.name}
      </Text>
    </Stack>
  );
}

function TrackingLink({ p }: { p: StaffPackageRow }) {
  return (
    <Anchor
      renderRoot={(props) => <Link to="/admin/packages/$id" params={{ id: p.id }} {...props} />}
      fw={600}
      ff="monospace"
      size="sm"
    >
      {p.tracking_number}
    </Anchor>
  );
}

function ShipmentLink({ p }: { p: StaffPackageRow }) {
  if (!p.shipment) return <>—</>;
  const { id, reference } = p.shipment;
  return (
    <Anchor size="sm" renderRoot={(props) => <Link to="/admin/shipments/$id" params={{ id }} {...props} />}>
      {reference}
    </Anchor>
  );
}

/** The staff package list's table. */
export const packageColumns: Column<StaffPackageRow>[] = [
  {
    header: 'Tracking',
    nowrap: true,
    cell: (p) => (
      <>
        <TrackingLink p={p} />
        {p.description && (
          <Text size="xs" c="dimmed" lineClamp={1} maw={220}>
            {p.description}
          </Text>
        )}
      </>
    ),
  },
  { header: 'Customer', cell: (p) => <Customer p={p} /> },
  {
    header: 'Status',
    cell: (p) => <PackageStatusBadge code={p.status} name={p.status_name} miw="max-content" />,
  },
  { header: 'Weight', align: 'right', nowrap: true, cell: (p) => formatWeight(p.weight) },
  {
    header: 'Value',
    align: 'right',
    nowrap: true,
    cell: (p) => formatDeclared(p.declared_value_cents, 'USD', '—'),
  },
  { header: 'Shipment', nowrap: true, cell: (p) => <ShipmentLink p={p} /> },
  { header: 'Flags', cell: (p) => <Flags row={p} /> },
  { header: 'Received', nowrap: true, cell: (p) => (p.received_at ? formatDate(p.received_at) : '—') },
];

/** The same facts on a phone. */
export function PackageCard({ p }: { p: StaffPackageRow }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <TrackingLink p={p} />
        <PackageStatusBadge code={p.status} name={p.status_name} />
      </Group>
      <Customer p={p} />
      <Text size="xs" c="dimmed">
        {formatWeight(p.weight)} · value {formatDeclared(p.declared_value_cents, 'USD', 'not given')}
        {p.shipment ? ` · ${p.shipment.reference}` : ''}
        {p.received_at ? ` · received ${formatDate(p.received_at)}` : ''}
      </Text>
      <div>
        <Flags row={p} />
      </div>
    </Stack>
  );
}
