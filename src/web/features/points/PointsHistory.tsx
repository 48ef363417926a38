import '@mantine/core/styles/EmptyState.css';
import './i18n';
import { msg } from '@lingui/core/macro';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, EmptyState, Group, List, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconStar } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { PAGE_SIZES } from '../../../contract/constants';
import { formatDecimal, formatMoney } from '../../../contract/format';
import type { PointsEntry, PointsPage } from '../../../contract/points';
import { type Column, ListResults } from '../../components/list';
import { usePageTitle } from '../../components/PageTitle';
import { RelativeTime } from '../../components/RelativeTime';
import { pointsQueryOptions } from './api';
import type { PointsSearch } from './points-search';

const points = { format: (n: number) => formatDecimal(n, 0) };
const signed = { format: (n: number) => (n > 0 ? `+${formatDecimal(n, 0)}` : formatDecimal(n, 0)) };

// Mantine's green-9 is 4.1:1 on a striped row; these pass 4.5:1 on both schemes.
function pointsColor(n: number) {
  return n < 0
    ? 'light-dark(#b02525, var(--mantine-color-red-4))'
    : 'light-dark(#1e6b30, var(--mantine-color-green-4))';
}

/** "Invoice INV-2026-0042" linking to it, "Pre-alert 1Z…"; never an internal key. */
function Reference({ entry }: { entry: PointsEntry }) {
  const label = entry.reference_label ?? null;
  if (!label) return <>—</>;
  if (!entry.invoice_id) return <>{label}</>;
  return (
    <Anchor
      renderRoot={(props) => (
        <Link to="/user/invoices/$id" params={{ id: entry.invoice_id ?? '' }} {...props} />
      )}
    >
      {label}
    </Anchor>
  );
}

/** What a point is worth, how points are earned and how to use them, from the company's settings. */
function PointsRules({ rules }: { rules: NonNullable<PointsPage['rules']> }) {
  const money = (cents: number) => formatMoney(cents, rules.currency);
  return (
    <Card padding="lg" component="section" aria-labelledby="points-rules-heading" data-testid="points-rules">
      <Title order={2} fz="lg" id="points-rules-heading" mb="xs">
        <Trans>How points work</Trans>
      </Title>
      <List size="sm" spacing={4}>
        <List.Item>
          <Trans>
            Each point is worth <strong>{money(rules.point_value_cents)}</strong> off an invoice.
          </Trans>
        </List.Item>
        <List.Item>
          {rules.prealert_bonus > 0 ? (
            <Trans>
              You earn 1 point for every {money(rules.cents_per_point)} you pay on an invoice, and{' '}
              {points.format(rules.prealert_bonus)} points for each pre-alert sent with its invoice file.
            </Trans>
          ) : (
            <Trans>You earn 1 point for every {money(rules.cents_per_point)} you pay on an invoice.</Trans>
          )}
        </List.Item>
        <List.Item>
          <Trans>
            To use them, ask to pay with points at the counter: they come off the invoice you are paying.
          </Trans>
        </List.Item>
      </List>
    </Card>
  );
}

/** On a phone: date, reason (which names the reference) and points; the rest from the sm breakpoint. */
const ledgerColumns: Column<PointsEntry>[] = [
  { header: msg`Date`, nowrap: true, cell: (e) => <RelativeTime value={e.created_at} /> },
  { header: msg`Reason`, cell: (e) => e.reason },
  {
    header: msg`Reference`,
    visibleFrom: 'sm',
    cell: (e) => <Reference entry={e} />,
    td: () => ({ style: { overflowWrap: 'anywhere' } }),
  },
  {
    header: msg`Points`,
    align: 'right',
    nowrap: true,
    cell: (e) => signed.format(e.points),
    td: (e) => ({ fw: 600, c: pointsColor(e.points) }),
  },
  {
    header: msg`Balance after`,
    align: 'right',
    visibleFrom: 'sm',
    cell: (e) => points.format(e.balance_after),
  },
];

/** Phones: the points on the same line as the reason so they never scroll away. */
function LedgerCard({ e }: { e: PointsEntry }) {
  return (
    <>
      <Group justify="space-between" align="flex-start" gap="xs" wrap="nowrap">
        <Text size="sm" style={{ minWidth: 0, overflowWrap: 'anywhere' }}>
          {e.reason}
        </Text>
        <Text fw={600} c={pointsColor(e.points)} style={{ whiteSpace: 'nowrap' }}>
          {signed.format(e.points)}
        </Text>
      </Group>
      <Text size="xs" c="dimmed" mt={4} style={{ overflowWrap: 'anywhere' }}>
        <RelativeTime value={e.created_at} />
        {e.reference_label ? (
          <>
            {' · '}
            <Reference entry={e} />
          </>
        ) : null}{' '}
        · <Trans>Balance {points.format(e.balance_after)}</Trans>
      </Text>
    </>
  );
}

/** /user/points/history: the balance, then the ledger a page at a time (the page lives in the URL). */
export function PointsHistory({
  search,
  onChange,
}: {
  search: PointsSearch;
  onChange: (patch: Partial<PointsSearch>) => void;
}) {
  const { t } = useLingui();
  usePageTitle(t`Points`);
  const query = useQuery(pointsQueryOptions(search.page, search.pageSize));
  const data = query.data;

  return (
    <Stack gap="md">
      <Title order={1} fz={{ base: 24, sm: 28 }}>
        <Trans>Points</Trans>
      </Title>
      <Card padding="lg" component="section" aria-labelledby="points-balance-heading">
        <Group gap="md" wrap="nowrap">
          <IconStar size={32} aria-hidden color="var(--mantine-color-yellow-7)" />
          <div>
            <Text size="sm" c="dimmed" id="points-balance-heading" component="h2" m={0} fw={500}>
              <Trans>Your balance</Trans>
            </Text>
            {data ? (
              <>
                <Text fz={36} fw={700} lh={1.1} data-testid="points-balance">
                  <Plural value={data.balance} one="# point" other="# points" />
                </Text>
                {data.rules && (
                  <Text size="sm" c="dimmed" data-testid="points-worth">
                    <Trans>
                      Worth {formatMoney(data.balance * data.rules.point_value_cents, data.rules.currency)}{' '}
                      off an invoice
                    </Trans>
                  </Text>
                )}
              </>
            ) : query.isPending ? (
              <Skeleton h={40} w={180} mt={4} role="status" aria-label={t`Loading your balance`} />
            ) : (
              <Text fz={36} fw={700} lh={1.1}>
                —
              </Text>
            )}
          </div>
        </Group>
      </Card>

      {data?.rules && <PointsRules rules={data.rules} />}

      <Card padding="lg" component="section" aria-labelledby="points-ledger-heading">
        <Title order={2} fz="lg" id="points-ledger-heading" mb="sm">
          <Trans>History</Trans>
        </Title>
        <ListResults
          query={query}
          label={t`Points history`}
          noun={msg({ message: '{count, plural, one {entry} other {entries}}' })}
          errorTitle={t`Could not load your points`}
          empty={
            <EmptyState
              py="xl"
              icon={<IconStar size={28} aria-hidden />}
              variant="light"
              title={t`No points yet`}
              description={t`You earn points when you pay an invoice and when you send a pre-alert with its invoice.`}
            />
          }
          columns={ledgerColumns}
          card={(e) => <LedgerCard e={e} />}
          rowKey={(e) => String(e.id)}
          table={{ minWidth: 300 }}
          paging={{ page: search.page, pageSize: search.pageSize, sizes: PAGE_SIZES, onChange }}
          region={null}
        />
      </Card>
    </Stack>
  );
}
