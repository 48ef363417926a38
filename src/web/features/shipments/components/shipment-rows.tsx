import '../i18n';
import { msg, plural, t } from '@lingui/core/macro';
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

// Called while rendering: the global i18n speaks the reader's language.
export const modeName = (mode: Shipment['mode']) => (mode === 'air' ? t`Air` : t`Sea`);

export const shipmentColumns: Column<Shipment>[] = [
  { header: msg`Reference`, cell: (s) => <ShipmentLink s={s} /> },
  { header: msg`Mode`, cell: (s) => modeName(s.mode) },
  { header: msg`Status`, cell: (s) => s.status_name },
  { header: msg`Departs`, nowrap: true, cell: (s) => (s.departs_on ? formatDate(s.departs_on) : '—') },
  { header: msg`Packages`, align: 'right', cell: (s) => s.package_count },
  { header: msg`Pieces`, align: 'right', cell: (s) => s.pieces },
  { header: msg`Weight`, align: 'right', nowrap: true, cell: (s) => formatWeight(s.weight) },
  { header: msg`Value`, align: 'right', nowrap: true, cell: (s) => formatMoney(s.value_cents) },
];

// "Air · 3 packages · 4 pcs · 10 lb · $120.00" on a phone's card.
function cardFacts(s: Shipment) {
  const mode = modeName(s.mode);
  const packages = plural(s.package_count, { one: '# package', other: '# packages' });
  const pieces = s.pieces;
  const weight = formatWeight(s.weight);
  const value = formatMoney(s.value_cents);
  return t`${mode} · ${packages} · ${pieces} pcs · ${weight} · ${value}`;
}

export function ShipmentCard({ s }: { s: Shipment }) {
  return (
    <>
      <Group justify="space-between">
        <ShipmentLink s={s} />
        <Text size="sm">{s.status_name}</Text>
      </Group>
      <Text size="sm" c="dimmed">
        {cardFacts(s)}
      </Text>
    </>
  );
}
