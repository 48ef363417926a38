import '../i18n';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { type ShipmentStep, shipmentSteps } from '../../../../contract/constants';
import type { ShipmentDetail } from '../../../../contract/shipments';
import { errorMessage } from '../../../lib/api';
import { packageStatusesQueryOptions } from '../../../lib/reference/api';
import { useAdvanceShipment } from '../hooks';

// Called while rendering: the global i18n speaks the reader's language.
const packages = (n: number) => plural(n, { one: '# package', other: '# packages' });

/** Moving the whole shipment on, after a confirmation: every package gets the event, each customer one notice. */
export function AdvanceCard({ shipment: s }: { shipment: ShipmentDetail }) {
  const { t } = useLingui();
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
        const moved = packages(r.moved);
        const status = r.shipment.status_name;
        notifications.show({
          color: 'teal',
          title: t`${moved} now “${status}”`,
          message: plural(r.notified, {
            one: '# customer notified, once each',
            other: '# customers notified, once each',
          }),
        });
      },
      onError: (e) =>
        notifications.show({ color: 'red', title: t`Could not advance`, message: errorMessage(e) }),
    });
  };
  const all = packages(s.package_count);
  const reference = s.reference;
  const target = step ? stepName(step) : '';
  return (
    <Card withBorder component="section" aria-labelledby="advance">
      <Title order={2} fz="lg" id="advance" mb="xs">
        <Trans>Move the whole shipment</Trans>
      </Title>
      <Stack gap="xs">
        <Select
          label={t`Advance to`}
          placeholder={t`Choose a status`}
          data={shipmentSteps.map((code) => ({ value: code, label: stepName(code) }))}
          value={step}
          onChange={(v) => setStep(v as ShipmentStep | null)}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed">
          <Trans>Every package gets the event; each customer is notified once for all their parcels.</Trans>
        </Text>
        <Group justify="flex-end">
          <Button disabled={!step || s.package_count === 0} onClick={() => setConfirming(true)}>
            <Trans>Advance…</Trans>
          </Button>
        </Group>
      </Stack>
      <Modal
        closeButtonProps={{ 'aria-label': t`Close` }}
        opened={confirming}
        onClose={() => setConfirming(false)}
        title={t`Advance the shipment?`}
      >
        <Stack gap="sm">
          <Text>
            <Trans>
              Move all {all} of <bdi>{reference}</bdi> to “{target}” and notify their customers?
            </Trans>
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              <Trans>Cancel</Trans>
            </Button>
            <Button onClick={confirm} loading={advance.isPending} data-autofocus>
              <Trans>Advance {all}</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Card>
  );
}
