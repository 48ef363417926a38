import './i18n';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
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
  pending: { label: msg`Pending`, tone: 'brand' },
  matched: { label: msg`Matched`, tone: 'green' },
  cancelled: { label: msg`Cancelled`, tone: 'gray' },
} as const;

export function PrealertStateBadge({ status }: { status: Prealert['status'] }) {
  const { i18n } = useLingui();
  const state = STATE[status];
  return (
    // Never shrinks: beside a long tracking number on a phone it was cut to "Pendi…".
    <ToneBadge tone={state.tone} data-state={status} flex="none">
      {i18n._(state.label)}
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
  const { t } = useLingui();
  const tracking = prealert.tracking_number;
  const seller = prealert.seller_name;
  const value = formatDeclared(prealert.value_cents, prealert.currency || 'USD', t`not given`);
  const weight = formatWeight(prealert.weight);
  return (
    <>
      {/* The tracking number and its state only: beside a Cancel button too, a phone broke the number in two. */}
      <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
        <Text fw={700} style={{ overflowWrap: 'anywhere', minWidth: 0 }}>
          <bdi>{prealert.tracking_number}</bdi>
        </Text>
        <PrealertStateBadge status={prealert.status} />
      </Group>
      <Text size="sm" lineClamp={2}>
        {prealert.description}
        <Text span c="dimmed" size="sm">
          {' '}
          <Trans>
            · {seller} · value <bdi>{value}</bdi> · {weight}
          </Trans>
        </Text>
      </Text>
      <Group justify="space-between" align="center" gap="xs" wrap="nowrap">
        <Text size="xs" c="dimmed">
          <RelativeTimes
            steps={[
              [t`Sent`, prealert.created_at],
              [t`matched`, prealert.matched_at],
              [t`cancelled`, prealert.cancelled_at],
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
            aria-label={t`Cancel pre-alert ${tracking}`}
            onClick={() => onCancel(prealert)}
          >
            <Trans>Cancel</Trans>
          </Button>
        )}
      </Group>
      {prealert.status === 'cancelled' && prealert.cancel_reason ? (
        // Staff cancelled it: the customer is owed the why, in the company's words.
        <Text size="sm" mt={4}>
          <Text span fw={600}>
            <Trans>Why it was cancelled:</Trans>
          </Text>{' '}
          {prealert.cancel_reason}
        </Text>
      ) : null}
      {prealert.files.length > 0 && (
        <Box mt={6}>
          <FileList label={t`Files of pre-alert ${tracking}`} files={prealert.files} />
        </Box>
      )}
    </>
  );
}

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
  const { t, i18n } = useLingui();
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
        const cancelled = p.tracking_number;
        notifications.show({
          color: 'green',
          title: t`Pre-alert cancelled`,
          message: t`${cancelled} was cancelled.`,
        });
        setToCancel(null);
      },
      onError: (e) =>
        notifications.show({
          color: 'red',
          title: t`Could not cancel the pre-alert`,
          message: errorMessage(e),
        }),
    });

  const total = list.data?.total ?? 0;
  const cancelTracking = toCancel?.tracking_number;
  return (
    <section aria-labelledby="prealerts-heading">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="lg" id="prealerts-heading">
          <Trans>Your pre-alerts</Trans>
        </Title>
        {list.data && (list.data.total > 0 || filtered) && (
          <Text size="sm" c="dimmed" aria-live="polite" data-testid="prealerts-summary">
            {filtered ? (
              <Plural value={total} one="# match" other="# matches" />
            ) : (
              <Trans>{total} in all</Trans>
            )}
          </Text>
        )}
      </Group>
      <Group align="flex-end" gap="sm" mb="sm" wrap="wrap" role="search" aria-label={t`Find a pre-alert`}>
        <Box flex="1 1 14rem" miw={0}>
          <SearchField value={q} onChange={onChange} placeholder={t`Tracking, description or seller`} />
        </Box>
        <Select
          label={t`State`}
          placeholder={t`All states`}
          data={PREALERT_STATUS_CODES.map((code) => ({ value: code, label: i18n._(STATE[code].label) }))}
          value={status ?? null}
          onChange={(v) => onChange({ status: (v as PrealertStatus | null) ?? undefined, page: 1 })}
          clearable
          clearButtonProps={{ 'aria-label': t`Clear state` }}
          comboboxProps={{ withinPortal: true }}
          flex="1 1 10rem"
          maw={{ base: '100%', sm: 220 }}
        />
      </Group>
      <ListResults
        query={list}
        label={t`Your pre-alerts`}
        noun={msg({ message: '{count, plural, one {pre-alert} other {pre-alerts}}' })}
        errorTitle={t`Could not load your pre-alerts`}
        offline={
          <Text c="dimmed">
            <Trans>You're offline. Your pre-alerts appear here once you're back online.</Trans>
          </Text>
        }
        empty={
          filtered ? (
            <Group gap="sm">
              <Text c="dimmed">
                <Trans>No pre-alerts match.</Trans>
              </Text>
              <Button variant="subtle" size="compact-sm" onClick={clear}>
                <Trans>Clear filters</Trans>
              </Button>
            </Group>
          ) : (
            <Text c="dimmed">
              <Trans>No pre-alerts yet. The ones you send appear here.</Trans>
            </Text>
          )
        }
        card={(p) => <PrealertCard prealert={p} onCancel={setToCancel} />}
        rowKey={(p) => p.id}
        cardId={(p) => `prealert-${p.id}`}
        compact
        summary={false}
        paging={{ page, onChange: ({ page: next }) => onChange({ page: next }), label: t`Pre-alert pages` }}
        region={null}
      />
      <Modal
        opened={toCancel !== null}
        onClose={() => (cancel.isPending ? undefined : setToCancel(null))}
        title={t`Cancel this pre-alert?`}
        centered
        closeButtonProps={{ 'aria-label': t`Close` }}
      >
        <Stack gap="md">
          <Text>
            <Trans>
              The warehouse will no longer expect <bdi>{cancelTracking}</bdi>. You can send a new pre-alert
              for it later.
            </Trans>
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setToCancel(null)} disabled={cancel.isPending}>
              <Trans>Keep it</Trans>
            </Button>
            <Button
              color="red.9"
              loading={cancel.isPending}
              onClick={() => toCancel && confirmCancel(toCancel)}
            >
              <Trans>Cancel pre-alert</Trans>
            </Button>
          </Group>
        </Stack>
      </Modal>
    </section>
  );
}
