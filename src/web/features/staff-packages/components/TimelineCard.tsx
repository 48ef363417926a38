import '@mantine/core/styles/Timeline.css';
import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Button,
  Card,
  Group,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  Timeline,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PackageStatusCode } from '../../../../contract/constants';
import type { StaffPackageDetail } from '../../../../contract/staff-packages';
import { errorMessage } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { packageStatusesQueryOptions } from '../../../lib/reference/api';
import { useAddStatusEvent } from '../hooks';
import { HoldReasonFields, holdBody, noHold } from './HoldReasonFields';

/** The package's events, newest last, and adding one (the customer is told). */
export function TimelineCard({ pkg }: { pkg: StaffPackageDetail }) {
  const { t } = useLingui();
  const statuses = useQuery(packageStatusesQueryOptions());
  const addEvent = useAddStatusEvent(pkg.id);
  const [status, setStatus] = useState<string | null>(null);
  const [note, setNote] = useState('');
  const [hold, setHold] = useState(noHold);
  const [error, setError] = useState<string | undefined>();
  const [holdError, setHoldError] = useState<string | undefined>();
  return (
    <Card withBorder component="section" aria-labelledby="pkg-timeline">
      <Title order={2} fz="lg" id="pkg-timeline" mb="sm">
        <Trans>Timeline</Trans>
      </Title>
      <Timeline active={pkg.events.length - 1} bulletSize={14} lineWidth={2} mb="md">
        {pkg.events.map((e) => (
          <Timeline.Item key={e.id} title={e.status_name}>
            {e.note && <Text size="sm">{e.note}</Text>}
            <Text size="xs" c="dimmed">
              {formatDateTime(e.created_at)}
              {e.actor ? ` · ${e.actor}` : ''}
            </Text>
          </Timeline.Item>
        ))}
      </Timeline>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          setError(undefined);
          setHoldError(undefined);
          if (!status) return setError(t`Choose a status`);
          const held = holdBody(status, hold);
          if (!held.ok) return setHoldError(held.error);
          addEvent.mutate(
            { status: status as PackageStatusCode, note, ...held.fields },
            {
              onSuccess: () => {
                setStatus(null);
                setNote('');
                setHold(noHold);
                notifications.show({
                  color: 'teal',
                  title: t`Event added`,
                  message: t`The customer has been notified`,
                });
              },
              onError: (err) => setError(errorMessage(err)),
            },
          );
        }}
        noValidate
      >
        <Stack gap="xs">
          <Title order={3} fz="md">
            <Trans>Add event</Trans>
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t`Status`}
              data={(statuses.data ?? []).map((s) => ({ value: s.code, label: s.name }))}
              value={status}
              onChange={setStatus}
              error={error}
              comboboxProps={{ withinPortal: true }}
            />
            <HoldReasonFields status={status} value={hold} onChange={setHold} error={holdError} />
            <Textarea
              label={t`Note to the customer`}
              value={note}
              maxLength={300}
              autosize
              minRows={1}
              onChange={(e) => setNote(e.currentTarget.value)}
            />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" loading={addEvent.isPending}>
              <Trans>Add event</Trans>
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
