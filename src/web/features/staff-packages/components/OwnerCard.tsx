import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { StaffPackageDetail } from '../../../../contract/staff-packages';
import { errorMessage } from '../../../lib/api';
import { useAssignPackage } from '../hooks';
import { CustomerPicker } from './CustomerPicker';

/** Whose parcel it is, and (re)assigning it: the new owner is told it arrived. */
export function OwnerCard({ pkg }: { pkg: StaffPackageDetail }) {
  const { t } = useLingui();
  const assign = useAssignPackage(pkg.id);
  const hint = pkg.consignee_hint;
  const [customer, setCustomer] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <Card withBorder component="section" aria-labelledby="pkg-owner">
      <Title order={2} fz="lg" id="pkg-owner" mb="xs">
        <Trans>Customer</Trans>
      </Title>
      {pkg.owner ? (
        <Stack gap={0} mb="sm">
          <Text fw={600}>
            {pkg.owner.mailbox_number} · {pkg.owner.name}
          </Text>
          <Text size="sm" c="dimmed">
            {pkg.owner.email}
          </Text>
        </Stack>
      ) : (
        <Text fw={600} mb="sm">
          {hint ? t`Unassigned — the label says “${hint}”` : t`Unassigned`}
        </Text>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          if (!customer) return setError(t`Choose a customer`);
          assign.mutate(customer, {
            onSuccess: (saved) => {
              setCustomer(null);
              const mailbox = saved.owner?.mailbox_number ?? '';
              const name = saved.owner?.name ?? '';
              notifications.show({
                color: 'teal',
                title: t`Package assigned`,
                message: t`${mailbox} ${name} has been notified`,
              });
            },
            onError: (err) => setError(errorMessage(err)),
          });
        }}
        noValidate
      >
        <Stack gap="xs">
          <CustomerPicker
            label={pkg.owner ? t`Reassign to` : t`Assign to`}
            value={customer}
            onChange={(v) => {
              setCustomer(v);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={assign.isPending}>
              {pkg.owner ? t`Reassign` : t`Assign`}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
