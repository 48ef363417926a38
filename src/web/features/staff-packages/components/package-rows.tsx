import '../i18n';
import { msg } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Group, Stack, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { StaffPackageRow } from '../../../../contract/staff-packages';
import type { Column } from '../../../components/list';
import { PackageStatusBadge } from '../../../components/PackageStatusBadge';
import { ToneBadge } from '../../../components/ToneBadge';
import { formatDate, formatDeclared, formatWeight } from '../../../lib/format';
import { Flags } from './Flags';

function Customer({ p }: { p: StaffPackageRow }) {
  const { t } = useLingui();
  if (!p.owner) {
    return (
      <Stack gap={0}>
        <ToneBadge tone="orange" size="sm">
          {t`Unassigned`}
        </ToneBadge>
        {p.consignee_hint && (
          <Text size="xs" c="dimmed">
            <Trans>Label: {p.consignee_hint}</Trans>
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
    header: msg`Tracking`,
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
  { header: msg`Customer`, cell: (p) => <Customer p={p} /> },
  {
    header: msg`Status`,
    cell: (p) => <PackageStatusBadge code={p.status} name={p.status_name} miw="max-content" />,
  },
  { header: msg`Weight`, align: 'right', nowrap: true, cell: (p) => formatWeight(p.weight) },
  {
    header: msg`Value`,
    align: 'right',
    nowrap: true,
    cell: (p) => formatDeclared(p.declared_value_cents, 'USD', '—'),
  },
  { header: msg`Shipment`, nowrap: true, cell: (p) => <ShipmentLink p={p} /> },
  { header: msg`Flags`, cell: (p) => <Flags row={p} /> },
  { header: msg`Received`, nowrap: true, cell: (p) => (p.received_at ? formatDate(p.received_at) : '—') },
];

/** The same facts on a phone. */
export function PackageCard({ p }: { p: StaffPackageRow }) {
  const { t } = useLingui();
  const weight = formatWeight(p.weight);
  const value = formatDeclared(p.declared_value_cents, 'USD', t`not given`);
  const received = p.received_at ? formatDate(p.received_at) : '';
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <TrackingLink p={p} />
        <PackageStatusBadge code={p.status} name={p.status_name} />
      </Group>
      <Customer p={p} />
      <Text size="xs" c="dimmed">
        {t`${weight} · value ${value}`}
        {p.shipment ? ` · ${p.shipment.reference}` : ''}
        {received ? t` · received ${received}` : ''}
      </Text>
      <div>
        <Flags row={p} />
      </div>
    </Stack>
  );
}
