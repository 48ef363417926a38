import '../i18n';
import { msg, plural, t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Group, Stack, Text, Title } from '@mantine/core';
import type { CounterPackage } from '../../../../contract/counter';
import { type Column, ListRows, type RowSelection } from '../../../components/list';
import { ToneBadge } from '../../../components/ToneBadge';
import { formatWeight } from '../../../lib/format';
import { BILLING_LABELS, BILLING_TONES } from '../labels';

// Called while rendering: the global i18n speaks the reader's language.
const weightOf = (p: CounterPackage) => {
  const weight = formatWeight(p.weight);
  const pieces = p.pieces;
  return pieces > 1 ? t`${weight} · ${pieces} pcs` : weight;
};

/** Paid, unpaid or not billed, and on which invoice: the number stays whole. */
function Billing({ p }: { p: CounterPackage }) {
  const { i18n } = useLingui();
  return (
    <Group gap={6} wrap="nowrap">
      <ToneBadge tone={BILLING_TONES[p.billing]} data-billing={p.billing} flex="none">
        {i18n._(BILLING_LABELS[p.billing])}
      </ToneBadge>
      {p.invoice?.number && (
        <Text size="xs" c="dimmed" dir="ltr" style={{ whiteSpace: 'nowrap' }}>
          {p.invoice.number}
        </Text>
      )}
    </Group>
  );
}

const columns: Column<CounterPackage>[] = [
  {
    header: msg`Tracking number`,
    cell: (p) => p.tracking_number,
    td: () => ({ fw: 600, style: { overflowWrap: 'anywhere' } }),
  },
  { header: msg`Description`, cell: (p) => p.description || '—' },
  { header: msg`Weight`, nowrap: true, cell: weightOf },
  { header: msg`Status`, cell: (p) => p.status_name },
  { header: msg`Billing`, cell: (p) => <Billing p={p} /> },
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
  const { t: tr } = useLingui();
  const n = packages.filter(selection.isSelected).length;
  const total = packages.length;
  return (
    <section>
      <Group justify="space-between" mb="xs" gap="xs">
        <Title order={2} fz="lg" id="counter-parcels">
          <Trans>Parcels at the branch</Trans>
        </Title>
        <Text size="sm" aria-live="polite" data-testid="parcels-selected">
          {total === 0
            ? tr`None waiting`
            : plural(total, { one: `${n} of # parcel selected`, other: `${n} of # parcels selected` })}
        </Text>
      </Group>
      {packages.length === 0 ? (
        <Text c="dimmed">
          <Trans>Nothing waiting for this customer at the branch.</Trans>
        </Text>
      ) : (
        <ListRows
          label={tr`Parcels at the branch`}
          rows={packages}
          rowKey={(p) => p.id}
          columns={columns}
          card={(p) => <ParcelCard p={p} />}
          table={{
            minWidth: 640,
            regionLabel: tr`Parcels at the branch`,
            rowProps: (p) => ({ 'data-tracking': p.tracking_number }),
          }}
          selection={selection}
        />
      )}
    </section>
  );
}
