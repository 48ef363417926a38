import { Button, Group, Modal, Paper, SimpleGrid, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconDownload, IconPencil } from '@tabler/icons-react';
import { useState } from 'react';
import type { ShipmentDetail } from '../../../../contract/shipments';
import { ToneBadge } from '../../../components/ToneBadge';
import { errorMessage } from '../../../lib/api';
import { formatDate, formatMoney, formatWeight } from '../../../lib/format';
import { downloadManifest } from '../api';
import { useUpdateShipment } from '../hooks';
import { ShipmentForm } from './ShipmentForm';
import { modeName } from './shipment-rows';

/** The shipment's name, status, editing and manifest downloads, then its totals. */
export function ShipmentHeader({ shipment: s }: { shipment: ShipmentDetail }) {
  const [editing, setEditing] = useState(false);
  const update = useUpdateShipment(s.id);
  const download = async (kind: 'csv' | 'pdf') => {
    try {
      await downloadManifest(s.id, s.reference, kind);
    } catch (err) {
      notifications.show({ color: 'red', title: 'The download failed', message: errorMessage(err) });
    }
  };
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {s.reference}
          </Title>
          <Text c="dimmed">
            {modeName(s.mode)} · {s.departs_on ? `departs ${formatDate(s.departs_on)}` : 'no departure date'}
            {s.note ? ` · ${s.note}` : ''}
          </Text>
        </div>
        <Group gap="xs">
          <ToneBadge tone={s.status === 'open' ? 'gray' : 'teal'} size="lg">
            {s.status_name}
          </ToneBadge>
          <Button
            variant="default"
            leftSection={<IconPencil size={16} aria-hidden />}
            onClick={() => setEditing(true)}
          >
            Edit
          </Button>
          {(['csv', 'pdf'] as const).map((kind) => (
            <Button
              key={kind}
              variant="light"
              leftSection={<IconDownload size={16} aria-hidden />}
              onClick={() => void download(kind)}
            >
              Manifest {kind.toUpperCase()}
            </Button>
          ))}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="section" aria-label="Totals">
        {[
          ['Packages', String(s.package_count)],
          ['Pieces', String(s.pieces)],
          ['Weight', formatWeight(s.weight)],
          ['Value', formatMoney(s.value_cents)],
        ].map(([k, v]) => (
          <Paper withBorder p="sm" key={k}>
            <Text size="xs" c="dimmed">
              {k}
            </Text>
            <Text fw={700} fz="lg" data-total={k}>
              {v}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={editing}
        onClose={() => setEditing(false)}
        title="Edit shipment"
      >
        {editing && (
          <ShipmentForm
            shipment={s}
            send={update.mutateAsync}
            submitLabel="Save"
            onSent={(saved) => {
              setEditing(false);
              notifications.show({ color: 'teal', title: 'Shipment saved', message: saved.reference });
            }}
          />
        )}
      </Modal>
    </>
  );
}
