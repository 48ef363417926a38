import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const [editing, setEditing] = useState(false);
  const update = useUpdateShipment(s.id);
  const download = async (kind: 'csv' | 'pdf') => {
    try {
      await downloadManifest(s.id, s.reference, kind);
    } catch (err) {
      notifications.show({ color: 'red', title: t`The download failed`, message: errorMessage(err) });
    }
  };
  const departs = s.departs_on ? formatDate(s.departs_on) : '';
  return (
    <>
      <Group justify="space-between" align="flex-start">
        <div>
          <Title order={1} fz={{ base: 22, sm: 28 }}>
            {s.reference}
          </Title>
          <Text c="dimmed">
            {modeName(s.mode)} · {departs ? t`departs ${departs}` : t`no departure date`}
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
            <Trans>Edit</Trans>
          </Button>
          {(['csv', 'pdf'] as const).map((kind) => {
            const format = kind.toUpperCase();
            return (
              <Button
                key={kind}
                variant="light"
                leftSection={<IconDownload size={16} aria-hidden />}
                onClick={() => void download(kind)}
              >
                <Trans>Manifest {format}</Trans>
              </Button>
            );
          })}
        </Group>
      </Group>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm" component="section" aria-label={t`Totals`}>
        {[
          // data-total keeps the English key (tests find a total by it); the label is in the reader's language.
          ['Packages', t`Packages`, String(s.package_count)],
          ['Pieces', t`Pieces`, String(s.pieces)],
          ['Weight', t`Weight`, formatWeight(s.weight)],
          ['Value', t`Value`, formatMoney(s.value_cents)],
        ].map(([k, label, v]) => (
          <Paper withBorder p="sm" key={k}>
            <Text size="xs" c="dimmed">
              {label}
            </Text>
            <Text fw={700} fz="lg" data-total={k}>
              {v}
            </Text>
          </Paper>
        ))}
      </SimpleGrid>
      <Modal
        closeButtonProps={{ 'aria-label': t`Close` }}
        opened={editing}
        onClose={() => setEditing(false)}
        title={t`Edit shipment`}
      >
        {editing && (
          <ShipmentForm
            shipment={s}
            send={update.mutateAsync}
            submitLabel={t`Save`}
            onSent={(saved) => {
              setEditing(false);
              notifications.show({ color: 'teal', title: t`Shipment saved`, message: saved.reference });
            }}
          />
        )}
      </Modal>
    </>
  );
}
