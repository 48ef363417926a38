import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { StaffPackageDetail } from '../../../../contract/staff-packages';
import { errorMessage } from '../../../lib/api';
import { useAssignPackage } from '../hooks';
import { CustomerPicker } from './CustomerPicker';

/** Whose parcel it is, and (re)assigning it: the new owner is told it arrived. */
export function OwnerCard({ pkg }: { pkg: StaffPackageDetail }) {
  const assign = useAssignPackage(pkg.id);
  const [customer, setCustomer] = useState<string | null>(null);
  const [error, setError] = useState<string | undefined>();
  return (
    <Card withBorder component="section" aria-labelledby="pkg-owner">
      <Title order={2} fz="lg" id="pkg-owner" mb="xs">
        Customer
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
          Unassigned{pkg.consignee_hint ? ` — the label says “${pkg.consignee_hint}”` : ''}
        </Text>
      )}
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          if (!customer) return setError('Choose a customer');
          assign.mutate(customer, {
            onSuccess: (saved) => {
              setCustomer(null);
              notifications.show({
                color: 'teal',
                title: 'Package assigned',
                message: `${saved.owner?.mailbox_number ?? ''} ${saved.owner?.name ?? ''} has been notified`,
              });
            },
            onError: (err) => setError(errorMessage(err)),
          });
        }}
        noValidate
      >
        <Stack gap="xs">
          <CustomerPicker
            label={pkg.owner ? 'Reassign to' : 'Assign to'}
            value={customer}
            onChange={(v) => {
              setCustomer(v);
              setError(undefined);
            }}
            error={error}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={assign.isPending}>
              {pkg.owner ? 'Reassign' : 'Assign'}
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
