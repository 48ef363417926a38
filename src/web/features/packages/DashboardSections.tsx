import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import type { PackageSummary, Prealert } from '../../../contract/packages';
import { PackageLink } from '../../components/PackageLinks';
import { PackageStatusBadge, statusTone } from '../../components/PackageStatusBadge';
import { RelativeTime } from '../../components/RelativeTime';
import { packageStatusesQueryOptions } from '../../lib/reference/api';
import {
  awaitingPrealertsQueryOptions,
  packageCountsQueryOptions,
  packagesQueryOptions,
  RECENT_QUERY,
} from './api';
import classes from './DashboardSections.module.css';

/** Counts by status (names and order from the status table); each opens the history filtered by it. */
export function PackageCounts() {
  const { t } = useLingui();
  const counts = useQuery(packageCountsQueryOptions());
  const total = counts.data?.total;
  const statuses = useQuery(packageStatusesQueryOptions());
  const loading = counts.isPending || statuses.isPending;
  return (
    <Card padding="lg" component="section" aria-labelledby="counts-heading">
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} fz="lg" id="counts-heading">
          <Trans>Your packages by status</Trans>
        </Title>
        <Anchor component={Link} to="/user/packages/history" size="sm">
          {total === undefined ? t`All packages` : t`All packages (${total})`}
        </Anchor>
      </Group>
      {loading ? (
        <SimpleGrid
          cols={{ base: 2, sm: 3, md: 5 }}
          spacing="sm"
          role="status"
          aria-busy="true"
          aria-label={t`Loading counts`}
        >
          {Array.from({ length: 9 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={72} />
          ))}
        </SimpleGrid>
      ) : counts.isError || statuses.isError ? (
        <Text c="dimmed">
          <Trans>The counts are not available right now.</Trans>
        </Text>
      ) : (
        <SimpleGrid component="ul" cols={{ base: 2, sm: 3, md: 5 }} spacing="sm" className={classes.tiles}>
          {statuses.data.map((s) => {
            const n = counts.data.by_status[s.code] ?? 0;
            return (
              <li key={s.code}>
                <UnstyledButton
                  renderRoot={(props) => (
                    <Link to="/user/packages/history" search={{ status: s.code }} {...props} />
                  )}
                  className={classes.tile}
                  data-empty={n === 0 || undefined}
                  style={{ '--tile-tone': `var(--mantine-color-${statusTone(s.code)}-6)` } as CSSProperties}
                >
                  <Text size="sm" className={classes.name}>
                    {s.name}
                  </Text>
                  <Text fz={26} fw={800} lh={1.1}>
                    {n}
                  </Text>
                </UnstyledButton>
              </li>
            );
          })}
        </SimpleGrid>
      )}
    </Card>
  );
}

// Kept for the dashboard route's import; its loader should import it from ./api, which loads no words.

type RecentItem =
  | { kind: 'package'; at: string; pkg: PackageSummary }
  | { kind: 'prealert'; at: string; prealert: Prealert };

/** At most this many pre-alerts among the recent items: a parcel ready for pickup must not be pushed off. */
export const RECENT_PREALERTS_MAX = 2;

/**
 * The five newest things the customer sent or received: packages, and the newest pre-alerts no package stands for
 * yet (issue 16: a parcel just pre-alerted is what a customer looks for first), two at most (the "Pre-alerted" tile
 * and My packages list them all).
 */
export function recentItems(packages: PackageSummary[], awaiting: Prealert[], limit = 5): RecentItem[] {
  const newestAwaiting = [...awaiting]
    .sort((a, b) => Date.parse(b.created_at) - Date.parse(a.created_at))
    .slice(0, RECENT_PREALERTS_MAX);
  const items: RecentItem[] = [
    ...packages.map((pkg) => ({ kind: 'package' as const, at: pkg.created_at, pkg })),
    ...newestAwaiting.map((prealert) => ({ kind: 'prealert' as const, at: prealert.created_at, prealert })),
  ];
  return items.sort((a, b) => Date.parse(b.at) - Date.parse(a.at)).slice(0, limit);
}

/** "Shoes · added 2 days ago", or for a pre-alert "Shoes · pre-alerted 2 days ago, not received yet". */
function RecentLine({ what, at, prealert = false }: { what: string; at: string; prealert?: boolean }) {
  const when = <RelativeTime value={at} />;
  return prealert ? (
    <Trans>
      {what} · pre-alerted {when}, not received yet
    </Trans>
  ) : (
    <Trans>
      {what} · added {when}
    </Trans>
  );
}

export function RecentPackages() {
  const { t } = useLingui();
  const recent = useQuery(packagesQueryOptions(RECENT_QUERY));
  const awaiting = useQuery(awaitingPrealertsQueryOptions());
  const items = recent.data ? recentItems(recent.data.items, awaiting.data?.items ?? []) : [];
  // Drawn once both lists are in, so pre-alerts do not push the packages down a moment later; a pre-alert list that
  // cannot load (offline, never fetched: paused; or failed) does not hold the packages back.
  const prealertLabel = (tracking: string) => t`${tracking}, pre-alert`;
  const loading = recent.isPending || (awaiting.isPending && awaiting.fetchStatus === 'fetching');
  return (
    <Card padding="lg" component="section" aria-labelledby="recent-heading">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="lg" id="recent-heading">
          <Trans>Recent packages</Trans>
        </Title>
        <Anchor component={Link} to="/user/packages/history" size="sm">
          <Trans>View all</Trans>
        </Anchor>
      </Group>
      {loading ? (
        <Stack gap="xs" role="status" aria-busy="true" aria-label={t`Loading recent packages`}>
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={48} />
          ))}
        </Stack>
      ) : recent.isError ? (
        <Text c="dimmed">
          <Trans>Recent packages are not available right now.</Trans>
        </Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">
          <Trans>
            No packages yet.{' '}
            <Anchor component={Link} to="/user/packages/pre-alert">
              Pre-alert your first package
            </Anchor>
            .
          </Trans>
        </Text>
      ) : (
        <Stack
          component="ul"
          gap={0}
          p={0}
          m={0}
          style={{ listStyle: 'none' }}
          aria-label={t`Recent packages`}
        >
          {items.map((item) =>
            item.kind === 'package' ? (
              <li key={item.pkg.id} className={classes.recent}>
                <div style={{ minWidth: 0 }}>
                  <PackageLink pkg={item.pkg} />
                  <Text size="sm" c="dimmed">
                    <RecentLine what={item.pkg.description || t`Package`} at={item.pkg.created_at} />
                  </Text>
                </div>
                <PackageStatusBadge code={item.pkg.status} name={item.pkg.status_name} />
              </li>
            ) : (
              <li key={item.prealert.id} className={classes.recent} data-testid="recent-prealert">
                <div style={{ minWidth: 0 }}>
                  <Anchor
                    renderRoot={(props) => (
                      <Link
                        to="/user/packages/pre-alert"
                        search={{ q: item.prealert.tracking_number }}
                        {...props}
                      />
                    )}
                    fw={600}
                    style={{ overflowWrap: 'anywhere' }}
                    aria-label={prealertLabel(item.prealert.tracking_number)}
                  >
                    <bdi>{item.prealert.tracking_number}</bdi>
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    <RecentLine
                      prealert
                      what={item.prealert.description || t`Parcel`}
                      at={item.prealert.created_at}
                    />
                  </Text>
                </div>
                <PackageStatusBadge code="pre_alerted" name={t`Pre-alerted`} />
              </li>
            ),
          )}
        </Stack>
      )}
    </Card>
  );
}
