import { Anchor, Group, Text } from '@mantine/core';
import { Link } from '@tanstack/react-router';
import type { Shipment } from '../../../../contract/shipments';
import type { Column } from '../../../components/list';
import { formatDate, formatMoney, formatWeight } from '../../../lib/format';

function ShipmentLink({ s }: { s: Shipment }) {
  return (
    <Anchor
      renderRoot={(props) => <Link to="/admin/shipments/$id" params={{ id: s.id }} {...props} />}
      fw={600}
    >
      {s.reference}
    </Anchor>
  );
}

export const modeName = (mode: Shipment['mode']) => (mode === 'air' ? 'Air' : 'Sea');

export const shipmentColumns: Column<Shipment>[] = [
  { header: 'Reference', cell: (s) => <ShipmentLink s={s} /> },
  { header: 'Mode', cell: (s) => modeName(s.mode) },
  { header: 'Status', cell: (s) => s.status_name },
  { header: 'Departs', nowrap: true, cell: (s) => (s.departs_on ? formatDate(s.departs_on) : '—') },
  { header: 'Packages', align: 'right', cell: (s) => s.package_count },
  { header: 'Pieces', align: 'right', cell: (s) => s.pieces },
  { header: 'Weight', align: 'right', nowrap: true, cell: (s) => formatWeight(s.weight) },
  { header: 'Value', align: 'right', nowrap: true, cell: (s) => formatMoney(s.value_cents) },
];

export function ShipmentCard({ s }: { s: Shipment }) {
  return (
    <>
      <Group justify="space-between">
        <ShipmentLink s={s} />
        <Text size="sm">{s.status_name}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {modeName(s.mode)} · {s.package_count} packages · {s.pieces} pcs · {formatWeight(s.weight)} ·{' '}
        {formatMoney(s.value_cents)}
      </Text>
    </>
  );
}
