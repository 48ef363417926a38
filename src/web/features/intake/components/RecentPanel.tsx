import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Anchor, Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { useEffect, useState } from 'react';
import type { RecentItem } from '../../../../contract/intake';
import { errorMessage } from '../../../lib/api';
import { formatWeight } from '../../../lib/format';
import { useOutbox } from '../../../lib/offline/outbox-app';
import { recentQueryOptions } from '../api';
import { useUndoReceipt } from '../hooks';

function Count({ value, label, testId }: { value: number | undefined; label: string; testId?: string }) {
  return (
    <div>
      <Text fz={32} fw={700} lh={1} data-testid={testId}>
        {value ?? '–'}
      </Text>
      <Text size="sm" c="dimmed">
        {label}
      </Text>
    </div>
  );
}

/** One receipt of the clerk's: its number, whose it is and its weight (never cut), and Undo while it may be. */
function RecentRow({ item, now }: { item: RecentItem; now: number }) {
  const { t } = useLingui();
  const undo = useUndoReceipt();
  const canUndo = item.undo_until !== null && Date.parse(item.undo_until) > now;
  const onUndo = () =>
    undo.mutate(item.id, {
      onSuccess: () => notifications.show({ title: t`Receipt undone`, message: item.tracking_number }),
      onError: (e) => notifications.show({ color: 'red', title: t`Not undone`, message: errorMessage(e) }),
    });
  return (
    <Group component="li" justify="space-between" wrap="nowrap" gap="xs" align="flex-start">
      <div style={{ minWidth: 0, flex: 1 }}>
        <Anchor
          renderRoot={(props) => <Link to="/admin/packages/$id" params={{ id: item.id }} {...props} />}
          fw={600}
          size="sm"
          style={{ overflowWrap: 'anywhere' }}
        >
          {item.tracking_number}
        </Anchor>
        <Text size="xs" c={item.unassigned ? 'red.9' : 'dimmed'} style={{ overflowWrap: 'anywhere' }}>
          {item.customer}
          {item.prealert_matched ? t` · pre-alert` : ''} · {formatWeight(item.weight)}
        </Text>
      </div>
      {canUndo && (
        <Button
          size="sm"
          variant="subtle"
          color="red"
          mih={40}
          flex="none"
          loading={undo.isPending}
          onClick={onUndo}
          aria-label={t`Undo ${item.tracking_number}`}
        >
          <Trans>Undo</Trans>
        </Button>
      )}
    </Group>
  );
}

/** Today's counts, what waits on this device, and the clerk's last receipts (undoable for a few minutes). */
export function RecentPanel() {
  const { t } = useLingui();
  const recent = useQuery(recentQueryOptions());
  const queued = useOutbox().records.filter((r) => r.kind === 'intake');
  const items = recent.data?.items ?? [];
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, []);
  const waiting = queued.length;
  const queuedLabels = queued.map((q) => q.label).join(', ');
  return (
    <Card withBorder padding="md">
      <Stack gap="sm">
        <Title order={2} fz="lg">
          <Trans>Today</Trans>
        </Title>
        <Group gap="lg">
          <Count value={recent.data?.today_mine} label={t`by you`} testId="intake-count" />
          <Count value={recent.data?.today_company} label={t`in the warehouse`} />
        </Group>
        {queued.length > 0 && (
          <Alert color="yellow" title={t`${waiting} waiting to send`}>
            <Trans>{queuedLabels}: kept on this device and sent when the connection is back.</Trans>
          </Alert>
        )}
        <Title order={3} fz="md">
          <Trans>Last received</Trans>
        </Title>
        {items.length === 0 ? (
          <Text size="sm" c="dimmed">
            <Trans>Nothing received by you yet.</Trans>
          </Text>
        ) : (
          <Stack
            gap={8}
            component="ul"
            style={{ listStyle: 'none', padding: 0, margin: 0 }}
            aria-label={t`Last received`}
          >
            {items.map((i) => (
              <RecentRow key={i.id} item={i} now={now} />
            ))}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}
