import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, Card, Group, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PushPrompt } from '../../components/push/PushPrompt';
import { QueryError } from '../../components/QueryStates';
import { errorMessage } from '../../lib/api';
import { formatDateTime } from '../../lib/format';
import { thisDeviceId } from '../../lib/push/subscribe';
import { pushDevicesQueryOptions } from './api';
import { useRemovePushDevice } from './hooks';

function LastUsed({ at }: { at: string }) {
  const when = formatDateTime(at);
  return <Trans>Last used {when}</Trans>;
}

/** Push on this device (the button), and every device this user gets push on, each with "Remove". */
export function PushDevices() {
  const devices = useQuery(pushDevicesQueryOptions());
  const remove = useRemovePushDevice();
  const here = thisDeviceId();
  const { t } = useLingui();
  return (
    <Card padding="lg" component="section" aria-labelledby="push-devices-heading">
      <Stack gap="sm">
        <Title order={2} fz="lg" id="push-devices-heading">
          <Trans>Notifications on your devices</Trans>
        </Title>
        <PushPrompt place="profile" />
        {devices.isPending ? (
          <Skeleton h={48} role="status" aria-label={t`Loading your devices`} />
        ) : devices.isError ? (
          <QueryError
            title={t`Could not load your devices`}
            error={devices.error}
            onRetry={() => void devices.refetch()}
          />
        ) : devices.data.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>No device gets notifications yet.</Trans>
          </Text>
        ) : (
          <Stack
            component="ul"
            gap="xs"
            p={0}
            m={0}
            style={{ listStyle: 'none' }}
            aria-label={t`Your devices`}
          >
            {devices.data.map((d) => (
              <Group component="li" key={d.id} justify="space-between" wrap="nowrap" gap="xs">
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" fw={500}>
                    {d.device_name}{' '}
                    {d.id === here && (
                      <Badge size="sm" variant="light" color="gray">
                        <Trans>This device</Trans>
                      </Badge>
                    )}
                  </Text>
                  <Text size="xs" c="dimmed">
                    <LastUsed at={d.last_used_at} />
                  </Text>
                </div>
                <Button
                  variant="subtle"
                  color="red"
                  size="compact-sm"
                  aria-label={t`Remove ${d.device_name}`}
                  loading={remove.isPending && remove.variables === d.id}
                  onClick={() => remove.mutate(d.id)}
                >
                  <Trans>Remove</Trans>
                </Button>
              </Group>
            ))}
          </Stack>
        )}
        {remove.isError && (
          <Text size="sm" c="red.8" role="alert">
            {errorMessage(remove.error, t`Could not remove the device. Please try again.`)}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
