import {
  Badge,
  Button,
  Card,
  Group,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import type { CustomerRef, QueuePackage, QueuePrealert } from '../../../contract/matching';
import { matchingCalls } from '../../../contract/matching.calls';
import { packageCalls } from '../../../contract/packages.calls';
import { CardList, LoadingCards } from '../../components/CardList';
import { usePageTitle } from '../../components/PageTitle';
import { PageButtons } from '../../components/Paging';
import { QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { api, errorMessage, isApiError } from '../../lib/api';
import { formatDate } from '../../lib/format';
import { unmatchedQueryOptions, withoutPrealertQueryOptions } from './api';
import { type MatchingSearch, QUEUE_PAGE_SIZE } from './matching-search';

const REASON: Record<string, string> = {
  tracking: 'Similar tracking number',
  same_customer: 'Same customer',
  seller: 'Same seller, soon after',
};

const who = (c: CustomerRef | null) => (c ? `${c.mailbox_number} · ${c.name}` : 'Unassigned');

type Pair = {
  prealert: Pick<QueuePrealert, 'id' | 'tracking_number' | 'customer'>;
  /** customer: undefined when not known (a manual pick); null when Unassigned. */
  pkg: Pick<QueuePackage, 'id' | 'tracking_number'> & { customer?: CustomerRef | null };
};

function useInvalidate() {
  const qc = useQueryClient();
  return (ids: { prealert: string; pkg?: string }) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: ['matching'] }),
      qc.invalidateQueries({ queryKey: ['audit', 'prealert', ids.prealert] }),
      ...(ids.pkg ? [qc.invalidateQueries({ queryKey: ['audit', 'package', ids.pkg] })] : []),
    ]);
}

/** Confirms a match, then makes it. */
function MatchConfirm({ pair, onClose }: { pair: Pair | null; onClose: () => void }) {
  const invalidate = useInvalidate();
  const match = useMutation({
    mutationFn: (p: Pair) =>
      api.call(matchingCalls.match, { params: { id: p.prealert.id }, body: { package_id: p.pkg.id } }),
    onSuccess: async (_r, p) => {
      notifications.show({
        color: 'green',
        message: `Matched ${p.prealert.tracking_number} to ${p.pkg.tracking_number}`,
      });
      onClose();
      await invalidate({ prealert: p.prealert.id, pkg: p.pkg.id });
    },
    onError: (e) => notifications.show({ color: 'red', title: 'Could not match', message: errorMessage(e) }),
  });
  return (
    <Modal
      opened={pair !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Match pre-alert and package"
    >
      {pair && (
        <Stack gap="md">
          <Text>
            Match pre-alert <b>{pair.prealert.tracking_number}</b> ({who(pair.prealert.customer)}) to package{' '}
            <b>{pair.pkg.tracking_number}</b>
            {pair.pkg.customer !== undefined && ` (${who(pair.pkg.customer)})`}?
            {pair.pkg.customer === null && ' The package goes to this customer, who is told it arrived.'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={match.isPending}>
              Cancel
            </Button>
            <Button loading={match.isPending} onClick={() => match.mutate(pair)}>
              Match
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}

/** Cancels a pre-alert with a reason the customer sees. */
function CancelPrealert({ prealert, onClose }: { prealert: QueuePrealert | null; onClose: () => void }) {
  const invalidate = useInvalidate();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const cancel = useMutation({
    mutationFn: (p: QueuePrealert) =>
      api.call(matchingCalls.cancel, { params: { id: p.id }, body: { reason } }),
    onSuccess: async (_r, p) => {
      notifications.show({ color: 'green', message: `Pre-alert ${p.tracking_number} cancelled` });
      setReason('');
      setError(null);
      onClose();
      await invalidate({ prealert: p.id });
    },
    onError: (e) => {
      const field = isApiError(e) ? e.fieldErrors.reason?.[0] : undefined;
      setError(field ?? errorMessage(e));
    },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (prealert) cancel.mutate(prealert);
  };
  return (
    <Modal
      opened={prealert !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Cancel pre-alert"
    >
      {prealert && (
        <form onSubmit={submit} noValidate aria-label="Cancel pre-alert">
          <Stack gap="md">
            <Text>
              Cancel pre-alert <b>{prealert.tracking_number}</b> of {who(prealert.customer)}?
            </Text>
            <Textarea
              label="Reason (the customer sees it)"
              required
              autosize
              minRows={2}
              maxLength={500}
              value={reason}
              error={error}
              onChange={(e) => setReason(e.currentTarget.value)}
              data-autofocus
            />
            <Group justify="flex-end" gap="sm">
              <Button variant="default" onClick={onClose} disabled={cancel.isPending}>
                Keep it
              </Button>
              <Button type="submit" color="red.9" loading={cancel.isPending}>
                Cancel pre-alert
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}

/** A pre-alert's manual pick: find received packages by tracking number, then match one. */
function ManualPick({ prealert, onPick }: { prealert: QueuePrealert; onPick: (p: Pair) => void }) {
  const [tracking, setTracking] = useState('');
  const [q, setQ] = useState<string | null>(null);
  const found = useQuery({
    queryKey: ['matching', 'pick', q] as const,
    queryFn: () => api.call(packageCalls.list, { query: { q: q ?? '', pageSize: 5 } }),
    enabled: q !== null,
  });
  const inputId = `pick-${prealert.id}`;
  return (
    <Stack gap={6}>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          if (tracking.trim()) setQ(tracking.trim());
        }}
      >
        <Group gap="xs" align="flex-end" wrap="nowrap">
          <TextInput
            id={inputId}
            label="Match by tracking number"
            size="sm"
            style={{ flex: 1 }}
            value={tracking}
            onChange={(e) => setTracking(e.currentTarget.value)}
            autoComplete="off"
          />
          <Button type="submit" variant="default" size="sm" mih={36}>
            Find
          </Button>
        </Group>
      </form>
      {found.isError && <Text c="red">{errorMessage(found.error)}</Text>}
      {found.data && found.data.items.length === 0 && (
        <Text c="dimmed">No package has this tracking number.</Text>
      )}
      {found.data?.items.map((k) => (
        <Group key={k.id} justify="space-between" wrap="nowrap" gap="xs">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            {k.tracking_number} · {k.status_name}
          </Text>
          <Button
            size="xs"
            mih={32}
            onClick={() => onPick({ prealert, pkg: { id: k.id, tracking_number: k.tracking_number } })}
          >
            Match {k.tracking_number}
          </Button>
        </Group>
      ))}
    </Stack>
  );
}

function Queue({
  title,
  count,
  page,
  total,
  onPage,
  children,
}: {
  title: string;
  count: number | undefined;
  page: number;
  total: number;
  onPage: (page: number) => void;
  children: React.ReactNode;
}) {
  const id = `queue-${title.toLowerCase().replace(/\W+/g, '-')}`;
  const pages = Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE));
  return (
    <Stack gap="sm" component="section" aria-labelledby={id}>
      <Group justify="space-between">
        <Title order={2} fz="lg" id={id}>
          {title}
        </Title>
        {count !== undefined && <Badge variant="light">{count}</Badge>}
      </Group>
      {children}
      {pages > 1 && (
        <PageButtons
          total={pages}
          value={Math.min(page, pages)}
          onChange={onPage}
          aria-label={`${title} pages`}
        />
      )}
    </Stack>
  );
}

/** /admin/prealerts: pending pre-alerts and received packages without one, side by side, with suggestions. */
export function PrealertMatching({
  search,
  onChange,
}: {
  search: MatchingSearch;
  onChange: (patch: Partial<MatchingSearch>) => void;
}) {
  usePageTitle('Pre-alert matching');
  const pre = useQuery(unmatchedQueryOptions(search.pp, QUEUE_PAGE_SIZE));
  const pkgs = useQuery(withoutPrealertQueryOptions(search.kp, QUEUE_PAGE_SIZE));
  const [pair, setPair] = useState<Pair | null>(null);
  const [cancelling, setCancelling] = useState<QueuePrealert | null>(null);

  return (
    <Stack gap="md">
      <ScreenHeader
        title="Pre-alert matching"
        description="Match pending pre-alerts to received packages, or cancel a pre-alert with a reason."
      />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Queue
          title="Pre-alerts waiting for a package"
          count={pre.data?.total}
          page={search.pp}
          total={pre.data?.total ?? 0}
          onPage={(pp) => onChange({ pp })}
        >
          <QueryStates
            query={pre}
            loading={<LoadingCards h={120} />}
            errorTitle="Could not load the pre-alerts"
            isEmpty={(d) => d.total === 0}
            empty={<Text c="dimmed">No pre-alert is waiting.</Text>}
          >
            {(d) => (
              <CardList label="Pre-alerts waiting for a package" stale={pre.isPlaceholderData}>
                {d.items.map((p) => (
                  <li key={p.id} style={{ gridColumn: '1 / -1' }}>
                    <Card withBorder padding="md" aria-label={`Pre-alert ${p.tracking_number}`}>
                      <Stack gap="xs">
                        <Group justify="space-between" wrap="nowrap">
                          <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                            {p.tracking_number}
                          </Text>
                          <Button variant="default" size="xs" mih={32} onClick={() => setCancelling(p)}>
                            Cancel with reason
                          </Button>
                        </Group>
                        <Text size="sm">
                          {who(p.customer)} · {p.seller_name} · {p.description} · sent{' '}
                          {formatDate(p.created_at)}
                        </Text>
                        {p.suggestions.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            No suggested package.
                          </Text>
                        ) : (
                          <Stack
                            gap={4}
                            component="ul"
                            p={0}
                            m={0}
                            style={{ listStyle: 'none' }}
                            aria-label="Suggested packages"
                          >
                            {p.suggestions.map((k) => (
                              <Group key={k.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                                <div style={{ minWidth: 0 }}>
                                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                                    {k.tracking_number}
                                  </Text>
                                  <Text size="xs" c="dimmed">
                                    {REASON[k.reason]} · {who(k.customer)}
                                    {k.received_at ? ` · received ${formatDate(k.received_at)}` : ''}
                                  </Text>
                                </div>
                                <Button size="xs" mih={32} onClick={() => setPair({ prealert: p, pkg: k })}>
                                  Match {k.tracking_number}
                                </Button>
                              </Group>
                            ))}
                          </Stack>
                        )}
                        <ManualPick prealert={p} onPick={setPair} />
                      </Stack>
                    </Card>
                  </li>
                ))}
              </CardList>
            )}
          </QueryStates>
        </Queue>
        <Queue
          title="Packages without a pre-alert"
          count={pkgs.data?.total}
          page={search.kp}
          total={pkgs.data?.total ?? 0}
          onPage={(kp) => onChange({ kp })}
        >
          <QueryStates
            query={pkgs}
            loading={<LoadingCards h={120} />}
            errorTitle="Could not load the packages"
            isEmpty={(d) => d.total === 0}
            empty={<Text c="dimmed">Every received package has its pre-alert.</Text>}
          >
            {(d) => (
              <CardList label="Packages without a pre-alert" stale={pkgs.isPlaceholderData}>
                {d.items.map((k) => (
                  <li key={k.id} style={{ gridColumn: '1 / -1' }}>
                    <Card withBorder padding="md" aria-label={`Package ${k.tracking_number}`}>
                      <Stack gap="xs">
                        <Text fw={700} style={{ overflowWrap: 'anywhere' }}>
                          {k.tracking_number}
                        </Text>
                        <Text size="sm">
                          {who(k.customer)}
                          {k.customer === null && k.consignee_hint ? ` (label: ${k.consignee_hint})` : ''}
                          {k.received_at ? ` · received ${formatDate(k.received_at)}` : ''}
                        </Text>
                        {k.suggestions.length === 0 ? (
                          <Text size="sm" c="dimmed">
                            No suggested pre-alert.
                          </Text>
                        ) : (
                          <Stack
                            gap={4}
                            component="ul"
                            p={0}
                            m={0}
                            style={{ listStyle: 'none' }}
                            aria-label="Suggested pre-alerts"
                          >
                            {k.suggestions.map((p) => (
                              <Group key={p.id} component="li" justify="space-between" wrap="nowrap" gap="xs">
                                <div style={{ minWidth: 0 }}>
                                  <Text size="sm" fw={600} style={{ overflowWrap: 'anywhere' }}>
                                    {p.tracking_number}
                                  </Text>
                                  <Text size="xs" c="dimmed">
                                    {REASON[p.reason]} · {who(p.customer)}
                                  </Text>
                                </div>
                                <Button size="xs" mih={32} onClick={() => setPair({ prealert: p, pkg: k })}>
                                  Match {p.tracking_number}
                                </Button>
                              </Group>
                            ))}
                          </Stack>
                        )}
                      </Stack>
                    </Card>
                  </li>
                ))}
              </CardList>
            )}
          </QueryStates>
        </Queue>
      </SimpleGrid>
      <MatchConfirm pair={pair} onClose={() => setPair(null)} />
      <CancelPrealert prealert={cancelling} onClose={() => setCancelling(null)} />
    </Stack>
  );
}
