import { msg } from '@lingui/core/macro';
import { Box, Button, Group, Modal, Select, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconX } from '@tabler/icons-react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import type { Prealert } from '../../../contract/packages';
import { FileList } from '../../components/files/FileList';
import { ListResults } from '../../components/list';
import { RelativeTimes } from '../../components/RelativeTime';
import { SearchField } from '../../components/SearchField';
import { ToneBadge } from '../../components/ToneBadge';
import { errorMessage } from '../../lib/api';
import { formatDeclared, formatWeight } from '../../lib/format';
import { prealertsQueryOptions } from './api';
import { useCancelPrealert } from './hooks';
import {
  PREALERT_PAGE_SIZE,
  PREALERT_SEARCH_DEFAULTS,
  PREALERT_STATUS_CODES,
  type PrealertSearch,
  type PrealertStatus,
} from './prealert-search';

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

/** One pre-alert as a compact row: tracking number and state, then what it is and when it was sent. */
export function PrealertCard({
  prealert,
  onCancel,
}: {
  prealert: Prealert;
  onCancel: (p: Prealert) => void;
}) {
  return (
    <>
      {/* The tracking number and its state only: beside a Cancel button too, a phone broke the number in two. */}
      <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          {prealert.tracking_number}
        </Text>
        <PrealertStateBadge status={prealert.status} />
      </Group>
      <Text size="sm" lineClamp={2}>
        {prealert.description}
        <Text span c="dimmed" size="sm">
          {' '}
          · {prealert.seller_name} · value{' '}
          {formatDeclared(prealert.value_cents, prealert.currency || 'USD', 'not given')} ·{' '}
          {formatWeight(prealert.weight)}
        </Text>
      </Text>
      <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          <RelativeTimes
            steps={[
              ['Sent', prealert.created_at],
              ['matched', prealert.matched_at],
              ['cancelled', prealert.cancelled_at],
            ]}
          />
        </Text>
        {prealert.status === 'pending' && (
          <Button
            size="compact-xs"
            variant="light"
            color="red"
            flex="none"
            leftSection={<IconX size={14} aria-hidden />}
            aria-label={`Cancel pre-alert ${prealert.tracking_number}`}
            onClick={() => onCancel(prealert)}
          >
            Cancel
          </Button>
        )}
      </Group>
      {prealert.status === 'cancelled' && prealert.cancel_reason ? (
        // Staff cancelled it: the customer is owed the why, in the company's words.
        <Text size="sm" mt={4}>
          <Text span fw={600}>
            Why it was cancelled:
          </Text>{' '}
          {prealert.cancel_reason}
        </Text>
      ) : null}
      {prealert.files.length > 0 && (
        <Box mt={6}>
          <FileList label={`Files of pre-alert ${prealert.tracking_number}`} files={prealert.files} />
        </Box>
      )}
    </>
  );
}

const STATUS_OPTIONS = PREALERT_STATUS_CODES.map((code) => ({ value: code, label: STATE[code].label }));

export type PrealertSearchChange = (patch: Partial<PrealertSearch>, options?: { replace?: boolean }) => void;

/**
 * The customer's pre-alerts, newest first, as a compact list with a search and a state filter (kept in the URL when
 * the route passes `search` and `onChange`; in the component otherwise). Pending ones can be cancelled after a
 * confirm.
 */
export function PrealertList({
  search: urlSearch,
  onChange: urlChange,
}: {
  search?: PrealertSearch;
  onChange?: PrealertSearchChange;
} = {}) {
  const [localSearch, setLocalSearch] = useState<PrealertSearch>(PREALERT_SEARCH_DEFAULTS);
  const search = urlSearch ?? localSearch;
  const localChange = useCallback<PrealertSearchChange>(
    (patch) => setLocalSearch((prev) => ({ ...prev, ...patch })),
    [],
  );
  const onChange = urlChange ?? localChange;
  const { q, status, page } = search;
  const filtered = Boolean(q || status);
  const [toCancel, setToCancel] = useState<Prealert | null>(null);
  const list = useQuery({
    ...prealertsQueryOptions(page, PREALERT_PAGE_SIZE, { q, status }),
    placeholderData: keepPreviousData,
  });
  const clear = () => onChange({ q: undefined, status: undefined, page: 1 });

  const cancel = useCancelPrealert();
  const confirmCancel = (p: Prealert) =>
    cancel.mutate(p, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          title: 'Pre-alert cancelled',
          message: `${p.tracking_number} was cancelled.`,
        });
        setToCancel(null);
      },
      onError: (e) =>
        notifications.show({
          color: 'red',
          title: 'Could not cancel the pre-alert',
          message: errorMessage(e),
        }),
    });

  return (
    <section aria-labelledby="prealerts-heading">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="lg" id="prealerts-heading">
          Your pre-alerts
        </Title>
        {list.data && (list.data.total > 0 || filtered) && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="prealerts-summary">
            {filtered
              ? `${list.data.total} ${list.data.total === 1 ? 'match' : 'matches'}`
              : `${list.data.total} in all`}
          </Text>
        )}
      </Group>
      <Group align="flex-end" gap="sm" mb="sm" wrap="wrap" role="search" aria-label="Find a pre-alert">
        <Box flex="1 1 14rem" miw={0}>
          <SearchField value={q} onChange={onChange} placeholder="Tracking, description or seller" />
        </Box>
        <Select
          label="State"
          placeholder="All states"
          data={STATUS_OPTIONS}
          value={status ?? null}
          onChange={(v) => onChange({ status: (v as PrealertStatus | null) ?? undefined, page: 1 })}
          clearable
          clearButtonProps={{ 'aria-label': 'Clear state' }}
          comboboxProps={{ withinPortal: true }}
          flex="1 1 10rem"
          maw={{ base: '100%', sm: 220 }}
        />
      </Group>
      <ListResults
        query={list}
        label="Your pre-alerts"
        noun={msg({ message: '{count, plural, one {pre-alert} other {pre-alerts}}' })}
        errorTitle="Could not load your pre-alerts"
        offline={<Text c="dimmed">You're offline. Your pre-alerts appear here once you're back online.</Text>}
        empty={
          filtered ? (
            <Group gap="sm">
              <Text c="dimmed">No pre-alerts match.</Text>
              <Button variant="subtle" size="compact-sm" onClick={clear}>
                Clear filters
              </Button>
            </Group>
          ) : (
            <Text c="dimmed">No pre-alerts yet. The ones you send appear here.</Text>
          )
        }
        card={(p) => <PrealertCard prealert={p} onCancel={setToCancel} />}
        rowKey={(p) => p.id}
        cardId={(p) => `prealert-${p.id}`}
        compact
        summary={false}
        paging={{ page, onChange: ({ page: next }) => onChange({ page: next }), label: 'Pre-alert pages' }}
        region={null}
      />
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
              onClick={() => toCancel && confirmCancel(toCancel)}
            >
              Cancel pre-alert
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
