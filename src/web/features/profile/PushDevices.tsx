import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PushPrompt } from '../../components/push/PushPrompt';
import { QueryError } from '../../components/QueryStates';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { thisDeviceId } from '../../lib/push/subscribe';
import { pushDevicesQueryOptions } from './api';
import { useRemovePushDevice } from './hooks';

/** Push on this device (the button), and every device this user gets push on, each with "Remove". */
export function PushDevices() {
  const devices = useQuery(pushDevicesQueryOptions());
  const remove = useRemovePushDevice();
  const here = thisDeviceId();
  return (
    <Card padding="lg" component="section" aria-labelledby="push-devices-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="push-devices-heading">
          Notifications on your devices
        </Title>
        <PushPrompt place="profile" />
        {devices.isPending ? (
          <Skeleton h={48} aria-label="Loading your devices" />
        ) : devices.isError ? (
          <QueryError
            title="Could not load your devices"
            error={devices.error}
            onRetry={() => void devices.refetch()}
          />
        ) : devices.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            No device gets notifications yet.
          </Text>
        ) : (
          <Stack component="ul" gap="xs" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Your devices">
            {devices.data.map((d) => (
              <Group component="li" key={d.id} justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {d.device_name}{' '}
                    {d.id === here && (
                      <Badge size="sm" variant="light" color="gray">
                        This device
                      </Badge>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Last used {formatDateTime(d.last_used_at)}
                  </Text>
                </div>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={`Remove ${d.device_name}`}
                  loading={remove.isPending && remove.variables === d.id}
                  onClick={() => remove.mutate(d.id)}
                >
                  Remove
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {remove.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(remove.error, 'Could not remove the device. Please try again.')}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
