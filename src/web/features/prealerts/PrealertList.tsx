import '@mantine/core/styles/Pagination.css';
import {
  Alert,
  Button,
  Card,
  Group,
  Modal,
  Pagination,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { Prealert } from '../../../contract/packages';
import { FileList } from '../../components/files/FileList';
import { ToneBadge } from '../../components/ToneBadge';
import { errorMessage } from '../../lib/api';
import { formatDate, formatMoney, formatWeight } from '../../lib/format';
import { cancelPrealert, prealertKeys, prealertsQueryOptions } from './api';

const PAGE_SIZE = 10;

const STATE = {
  pending: { label: 'Pending', tone: 'brand' },
  matched: { label: 'Matched', tone: 'green' },
  cancelled: { label: 'Cancelled', tone: 'gray' },
} as const;

export function PrealertStateBadge({ status }: { status: Prealert['status'] }) {
  const state = STATE[status];
  return (
    // Never shrinks: beside a long tracking number on a phone it was cut to "Pendi…".
    <ToneBadge tone={state.tone} data-state={status} flex="none">
      {state.label}
    </ToneBadge>
  );
}

export function PrealertCard({
  prealert,
  onCancel,
}: {
  prealert: Prealert;
  onCancel: (p: Prealert) => void;
}) {
  return (
    <Card component="li" padding="md" withBorder>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
              {prealert.tracking_number}
            </Text>
            <Text size="sm">{prealert.description}</Text>
          </div>
          <PrealertStateBadge status={prealert.status} />
        </Group>
        <Text size="sm" c="dimmed">
          {prealert.seller_name} · {formatMoney(prealert.value_cents, prealert.currency || 'USD')} ·{' '}
          {formatWeight(prealert.weight)} · sent {formatDate(prealert.created_at)}
          {prealert.matched_at ? ` · matched ${formatDate(prealert.matched_at)}` : ''}
          {prealert.cancelled_at ? ` · cancelled ${formatDate(prealert.cancelled_at)}` : ''}
        </Text>
        {prealert.status === 'cancelled' && prealert.cancel_reason ? (
          // Staff cancelled it: the customer is owed the why, in the company's words.
          <Text size="sm">
            <Text span fw={600}>
              Why it was cancelled:
            </Text>{' '}
            {prealert.cancel_reason}
          </Text>
        ) : null}
        {prealert.files.length > 0 && (
          <FileList label={`Files of pre-alert ${prealert.tracking_number}`} files={prealert.files} />
        )}
        {prealert.status === 'pending' && (
          <Group justify="flex-end">
            <Button
              size="xs"
              variant="light"
              color="red"
              leftSection={<IconX size={14} aria-hidden />}
              aria-label={`Cancel pre-alert ${prealert.tracking_number}`}
              onClick={() => onCancel(prealert)}
            >
              Cancel
            </Button>
          </Group>
        )}
      </Stack>
    </Card>
  );
}

/** The customer's pre-alerts, newest first, with their state; pending ones can be cancelled (after a confirm). */
export function PrealertList() {
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [toCancel, setToCancel] = useState<Prealert | null>(null);
  const list = useQuery({ ...prealertsQueryOptions(page, PAGE_SIZE), placeholderData: keepPreviousData });
  const pages = list.data ? Math.max(1, Math.ceil(list.data.total / list.data.pageSize)) : 1;

  const cancel = useMutation({
    mutationFn: (p: Prealert) => cancelPrealert(p.id),
    onSuccess: async (p) => {
      notifications.show({
        color: 'green',
        title: 'Pre-alert cancelled',
        message: `${p.tracking_number} was cancelled.`,
      });
      setToCancel(null);
      await queryClient.invalidateQueries({ queryKey: prealertKeys.all });
    },
    onError: (e) => {
      notifications.show({ color: 'red', title: 'Could not cancel the pre-alert', message: errorMessage(e) });
    },
  });

  return (
    <section aria-labelledby="prealerts-heading">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="lg" id="prealerts-heading">
          Your pre-alerts
        </Title>
        {list.data && list.data.total > 0 && (
          <Text size="sm" c="dimmed">
            {list.data.total} in all
          </Text>
        )}
      </Group>
      {list.isPending && list.fetchStatus === 'paused' ? (
        // Offline and never loaded on this device: the form above still works (it queues in the outbox).
        <Text c="dimmed">You're offline. Your pre-alerts appear here once you're back online.</Text>
      ) : list.isPending ? (
        <Stack gap="sm" aria-busy="true" aria-label="Loading your pre-alerts">
          <Skeleton h={110} />
          <Skeleton h={110} />
        </Stack>
      ) : list.isError && !list.data ? (
        <Alert color="red" variant="light" role="alert" title="Could not load your pre-alerts">
          {errorMessage(list.error)}
        </Alert>
      ) : list.data.items.length === 0 ? (
        <Text c="dimmed">No pre-alerts yet. The ones you send appear here.</Text>
      ) : (
        <Stack gap="md">
          <SimpleGrid
            component="ul"
            cols={{ base: 1, lg: 2 }}
            spacing="sm"
            p={0}
            m={0}
            style={{ listStyle: 'none', opacity: list.isPlaceholderData ? 0.6 : 1 }}
            aria-label="Your pre-alerts"
            aria-busy={list.isPlaceholderData}
          >
            {list.data.items.map((p) => (
              <PrealertCard key={p.id} prealert={p} onCancel={setToCancel} />
            ))}
          </SimpleGrid>
          {pages > 1 && (
            <nav aria-label="Pre-alert pages">
              <Pagination
                total={pages}
                value={page}
                onChange={setPage}
                siblings={0}
                size="sm"
                getItemProps={(p) => ({ 'aria-label': `Page ${p}` })}
                getControlProps={(control) => ({
                  'aria-label': {
                    first: 'First page',
                    previous: 'Previous page',
                    next: 'Next page',
                    last: 'Last page',
                  }[control],
                })}
              />
            </nav>
          )}
        </Stack>
      )}
      <Modal
        opened={toCancel !== null}
        onClose={() => (cancel.isPending ? undefined : setToCancel(null))}
        title="Cancel this pre-alert?"
        centered
        closeButtonProps={{ 'aria-label': 'Close' }}
      >
        <Stack gap="md">
          <Text>
            The warehouse will no longer expect {toCancel?.tracking_number}. You can send a new pre-alert for
            it later.
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToCancel(null)} disabled={cancel.isPending}>
              Keep it
            </Button>
            <Button
              color="red.9"
              loading={cancel.isPending}
              onClick={() => toCancel && cancel.mutate(toCancel)}
            >
              Cancel pre-alert
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
