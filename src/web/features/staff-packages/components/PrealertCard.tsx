import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { StaffPackageDetail } from '../../../../contract/staff-packages';
import { errorMessage } from '../../../lib/api';
import { formatDateTime, formatDeclared, formatWeight } from '../../../lib/format';
import { useLinkPrealert, useUnlinkPrealert } from '../hooks';

/** The pre-alert the parcel matched, or linking one by its tracking number. */
export function PrealertCard({ pkg }: { pkg: StaffPackageDetail }) {
  const link = useLinkPrealert(pkg.id);
  const unlink = useUnlinkPrealert(pkg.id);
  const [tracking, setTracking] = useState('');
  const [error, setError] = useState<string | undefined>();
  const pre = pkg.prealert;
  return (
    <Card withBorder component="section" aria-labelledby="pkg-prealert">
      <Title order={2} fz="lg" id="pkg-prealert" mb="xs">
        Pre-alert
      </Title>
      {pre ? (
        <Stack gap={4}>
          <Text size="sm" ff="monospace" fw={600}>
            {pre.tracking_number}
          </Text>
          <Text size="sm">
            {pre.seller_name} · {pre.description}
          </Text>
          <Text size="sm" c="dimmed">
            Declared value {formatDeclared(pre.value_cents, 'USD', 'not given')} ·{' '}
            {Number(pre.weight) > 0 ? `${formatWeight(pre.weight)} · ` : ''}sent{' '}
            {formatDateTime(pre.created_at)}
          </Text>
          <Group justify="flex-end">
            <Button
              variant="light"
              color="red"
              loading={unlink.isPending}
              onClick={() =>
                unlink.mutate(undefined, {
                  onSuccess: () =>
                    notifications.show({
                      color: 'teal',
                      title: 'Pre-alert unlinked',
                      message: 'It is pending again',
                    }),
                  onError: (e) =>
                    notifications.show({ color: 'red', title: 'Could not unlink', message: errorMessage(e) }),
                })
              }
            >
              Unlink pre-alert
            </Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault();
            setError(undefined);
            if (!tracking.trim()) return setError('Enter the pre-alert’s tracking number');
            link.mutate(tracking, {
              onSuccess: (saved) => {
                setTracking('');
                notifications.show({
                  color: 'teal',
                  title: 'Pre-alert linked',
                  message: saved.prealert?.tracking_number ?? '',
                });
              },
              onError: (err) => setError(errorMessage(err)),
            });
          }}
          noValidate
        >
          <Stack gap="xs">
            <TextInput
              label="Pre-alert tracking number"
              description={
                pkg.owner
                  ? 'One of this customer’s pending pre-alerts'
                  : 'The parcel goes to the customer who sent it'
              }
              value={tracking}
              onChange={(e) => setTracking(e.currentTarget.value)}
              error={error}
              autoComplete="off"
            />
            <Group justify="flex-end">
              <Button type="submit" variant="light" loading={link.isPending}>
                Link pre-alert
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Card>
  );
}
