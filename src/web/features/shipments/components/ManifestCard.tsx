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
  const remove = useRemoveFromShipment(s.id);
  const removeButton = (p: Row) => (
    <ActionIcon
      variant="subtle"
      color="red"
      aria-label={`Remove ${p.tracking_number} from the shipment`}
      onClick={() =>
        remove.mutate(p.id, {
          onError: (e) =>
            notifications.show({ color: 'red', title: 'Could not remove', message: errorMessage(e) }),
        })
      }
      size="lg"
    >
      <IconTrash size={18} aria-hidden />
    </ActionIcon>
  );
  const columns: Column<Row>[] = [
    { header: 'Tracking', cell: (p) => <TrackingLink p={p} /> },
    { header: 'Mailbox', cell: (p) => p.owner?.mailbox_number ?? '—' },
    { header: 'Customer', cell: (p) => p.owner?.name ?? 'Unassigned' },
    { header: 'Status', cell: (p) => p.status_name },
    { header: 'Pcs', align: 'right', cell: (p) => p.pieces },
    { header: 'Weight', align: 'right', nowrap: true, cell: (p) => formatWeight(p.weight) },
    {
      header: 'Value',
      align: 'right',
      nowrap: true,
      cell: (p) => formatDeclared(p.declared_value_cents, 'USD', '—'),
    },
    {
      header: 'Description',
      cell: (p) => (
        <Text size="sm" lineClamp={1} maw={200}>
          {p.description || '—'}
        </Text>
      ),
    },
    { header: 'Actions', srOnlyHeader: true, cell: removeButton },
  ];
  return (
    <Card withBorder component="section" aria-labelledby="manifest">
      <Title order={2} fz="lg" id="manifest" mb="xs">
        Packages
      </Title>
      {s.packages.length === 0 ? (
        <Text c="dimmed">No packages yet: scan them in above, or add them from the packages list.</Text>
      ) : (
        <ListRows
          label="Shipment packages"
          rows={s.packages}
          rowKey={(p) => p.id}
          columns={columns}
          table={{ minWidth: 820 }}
          card={(p) => (
            <Group justify="space-between" wrap="nowrap" align="flex-start" gap="xs">
              <div style={{ minWidth: 0 }}>
                <TrackingLink p={p} />
                <Text size="sm">
                  {p.owner ? `${p.owner.mailbox_number} · ${p.owner.name}` : 'Unassigned'} · {p.status_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {p.pieces} pcs · {formatWeight(p.weight)} · value{' '}
                  {formatDeclared(p.declared_value_cents, 'USD', 'not given')}
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
