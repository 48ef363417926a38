import '../i18n';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Anchor, Card, Group, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import type { ShipmentDetail } from '../../../../contract/shipments';
import type { StaffPackageRow } from '../../../../contract/staff-packages';
import { type Column, ListRows } from '../../../components/list';
import { errorMessage } from '../../../lib/api';
import { formatDeclared, formatWeight } from '../../../lib/format';
import { useRemoveFromShipment } from '../hooks';

type Row = StaffPackageRow;

function TrackingLink({ p }: { p: Row }) {
  return (
    <Anchor
      renderRoot={(props) => <Link to="/admin/packages/$id" params={{ id: p.id }} {...props} />}
      ff="monospace"
      size="sm"
      fw={600}
    >
      {p.tracking_number}
    </Anchor>
  );
}

/** The shipment's packages (its manifest), each removable. */
export function ManifestCard({ shipment: s }: { shipment: ShipmentDetail }) {
  const { t } = useLingui();
  const remove = useRemoveFromShipment(s.id);
  const unassigned = t`Unassigned`;
  const removeButton = (p: Row) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={t`Remove ${p.tracking_number} from the shipment`}
      onClick={() =>
        remove.mutate(p.id, {
          onError: (e) =>
            notifications.show({ color: 'red', title: t`Could not remove`, message: errorMessage(e) }),
        })
      }
      size="lg"
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
  // "2 pcs · 1.5 lb · value $40.00" on a phone's card.
  const cardFacts = (p: Row) => {
    const pieces = p.pieces;
    const weight = formatWeight(p.weight);
    const value = formatDeclared(p.declared_value_cents, 'USD', t`not given`);
    return t`${pieces} pcs · ${weight} · value ${value}`;
  };
  const columns: Column<Row>[] = [
    { header: msg`Tracking`, cell: (p) => <TrackingLink p={p} /> },
    { header: msg`Mailbox`, cell: (p) => p.owner?.mailbox_number ?? '—' },
    { header: msg`Customer`, cell: (p) => p.owner?.name ?? unassigned },
    { header: msg`Status`, cell: (p) => p.status_name },
    { header: msg`Pcs`, align: 'right', cell: (p) => p.pieces },
    { header: msg`Weight`, align: 'right', nowrap: true, cell: (p) => formatWeight(p.weight) },
    {
      header: msg`Value`,
      align: 'right',
      nowrap: true,
      cell: (p) => formatDeclared(p.declared_value_cents, 'USD', '—'),
    },
    {
      header: msg`Description`,
      cell: (p) => (
        <Text size="sm" lineClamp={1} maw={200}>
          {p.description || '—'}
        </Text>
      ),
    },
    { header: msg`Actions`, srOnlyHeader: true, cell: removeButton },
  ];
  return (
    <Card withBorder component="section" aria-labelledby="manifest">
      <Title order={2} fz="lg" id="manifest" mb="xs">
        {t`Packages`}
      </Title>
      {s.packages.length === 0 ? (
        <Text c="dimmed">{t`No packages yet: scan them in above, or add them from the packages list.`}</Text>
      ) : (
        <ListRows
          label={t`Shipment packages`}
          rows={s.packages}
          rowKey={(p) => p.id}
          columns={columns}
          table={{ minWidth: 820 }}
          card={(p) => (
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <TrackingLink p={p} />
                <Text size="sm">
                  {p.owner ? `${p.owner.mailbox_number} · ${p.owner.name}` : unassigned} · {p.status_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {cardFacts(p)}
                  {p.description ? ` · ${p.description}` : ''}
                </Text>
              </div>
              {removeButton(p)}
            </Group>
          )}
        />
      )}
    </Card>
  );
}
