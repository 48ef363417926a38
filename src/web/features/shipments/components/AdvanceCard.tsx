import { Button, Card, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ShipmentStep, shipmentSteps } from '../../../../contract/constants';
import type { ShipmentDetail } from '../../../../contract/shipments';
import { errorMessage } from '../../../lib/api';
import { packageStatusesQueryOptions } from '../../../lib/reference/api';
import { useAdvanceShipment } from '../hooks';

const packages = (n: number) => `${n} package${n === 1 ? '' : 's'}`;

/** Moving the whole shipment on, after a confirmation: every package gets the event, each customer one notice. */
export function AdvanceCard({ shipment: s }: { shipment: ShipmentDetail }) {
  const statuses = useQuery(packageStatusesQueryOptions());
  const advance = useAdvanceShipment(s.id);
  const [step, setStep] = useState<ShipmentStep | null>(null);
  const [confirming, setConfirming] = useState(false);
  const stepName = (code: string) => statuses.data?.find((x) => x.code === code)?.name ?? code;
  const confirm = () => {
    if (!step) return;
    advance.mutate(step, {
      onSuccess: (r) => {
        setConfirming(false);
        notifications.show({
          color: 'teal',
          title: `${packages(r.moved)} now “${r.shipment.status_name}”`,
          message: `${r.notified} customer${r.notified === 1 ? '' : 's'} notified, once each`,
        });
      },
      onError: (e) =>
        notifications.show({ color: 'red', title: 'Could not advance', message: errorMessage(e) }),
    });
  };
  return (
    <Card withBorder component="section" aria-labelledby="advance">
      <Title order={2} fz="lg" id="advance" mb="xs">
        Move the whole shipment
      </Title>
      <Stack gap="xs">
        <Select
          label="Advance to"
          placeholder="Choose a status"
          data={shipmentSteps.map((code) => ({ value: code, label: stepName(code) }))}
          value={step}
          onChange={(v) => setStep(v as ShipmentStep | null)}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed">
          Every package gets the event; each customer is notified once for all their parcels.
        </Text>
        <Group justify="flex-end">
          <Button disabled={!step || s.package_count === 0} onClick={() => setConfirming(true)}>
            Advance…
          </Button>
        </Group>
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': 'Close' }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title="Advance the shipment?"
      >
        <Stack gap="sm">
          <Text>
            Move all {packages(s.package_count)} of {s.reference} to “{step ? stepName(step) : ''}” and notify
            their customers?
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={confirm} loading={advance.isPending} data-autofocus>
              Advance {packages(s.package_count)}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
