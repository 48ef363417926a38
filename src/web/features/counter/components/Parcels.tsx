import { Group, Stack, Text, Title } from '@mantine/core';
import type { CounterPackage } from '../../../../contract/counter';
import { type Column, ListRows, type RowSelection } from '../../../components/list';
import { ToneBadge } from '../../../components/ToneBadge';
import { formatWeight } from '../../../lib/format';
import { BILLING_LABELS, BILLING_TONES, plural } from '../labels';

const weightOf = (p: CounterPackage) =>
  `${formatWeight(p.weight)}${p.pieces > 1 ? ` · ${p.pieces} pcs` : ''}`;

/** Paid, unpaid or not billed, and on which invoice: the number stays whole. */
function Billing({ p }: { p: CounterPackage }) {
  return (
    <Group gap={6} wrap="nowrap">
      <ToneBadge tone={BILLING_TONES[p.billing]} data-billing={p.billing} flex="none">
        {BILLING_LABELS[p.billing]}
      </ToneBadge>
      {p.invoice?.number && (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {p.invoice.number}
        </Text>
      )}
    </Group>
  );
}

const columns: Column<CounterPackage>[] = [
  {
    header: 'Tracking number',
    cell: (p) => p.tracking_number,
    td: () => ({ fw: 600, style: { overflowWrap: 'anywhere' } }),
  },
  { header: 'Description', cell: (p) => p.description || '—' },
  { header: 'Weight', nowrap: true, cell: weightOf },
  { header: 'Status', cell: (p) => p.status_name },
  { header: 'Billing', cell: (p) => <Billing p={p} /> },
];

/** A phone: the tracking number, whether it is paid (and on which invoice), then what it is. */
function ParcelCard({ p }: { p: CounterPackage }) {
  return (
    <Stack gap={4}>
      <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
        {p.tracking_number}
      </Text>
      <Billing p={p} />
      <Text size="sm" c="dimmed">
        {[p.description, weightOf(p), p.status_name].filter(Boolean).join(' · ')}
      </Text>
    </Stack>
  );
}

/** The customer's parcels at the branch, chosen for the release (all of them to start with). */
export function Parcels({
  packages,
  selection,
}: {
  packages: CounterPackage[];
  selection: RowSelection<CounterPackage>;
}) {
  const n = packages.filter(selection.isSelected).length;
  return (
    <section>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="lg" id="counter-parcels">
          Parcels at the branch
        </Title>
        <Text size="sm" aria-live="polite" data-testid="parcels-selected">
          {packages.length === 0 ? 'None waiting' : `${n} of ${plural(packages.length, 'parcel')} selected`}
        </Text>
      </Group>
      {packages.length === 0 ? (
        <Text c="dimmed">Nothing waiting for this customer at the branch.</Text>
      ) : (
        <ListRows
          label="Parcels at the branch"
          rows={packages}
          rowKey={(p) => p.id}
          columns={columns}
          card={(p) => <ParcelCard p={p} />}
          table={{
            minWidth: 640,
            regionLabel: 'Parcels at the branch',
            rowProps: (p) => ({ 'data-tracking': p.tracking_number }),
          }}
          selection={selection}
        />
      )}
    </section>
  );
}
