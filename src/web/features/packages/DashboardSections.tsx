import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import type { PackageSummary, Prealert } from '../../../contract/packages';
import { PackageLink } from '../../components/PackageLinks';
import { PackageStatusBadge, statusTone } from '../../components/PackageStatusBadge';
import { RelativeTime } from '../../components/RelativeTime';
import { packageStatusesQueryOptions } from '../../lib/reference/api';
import { awaitingPrealertsQueryOptions, packageCountsQueryOptions, packagesQueryOptions } from './api';
import classes from './DashboardSections.module.css';

/** Counts by status (names and order from the status table); each opens the history filtered by it. */
export function PackageCounts() {
  const counts = useQuery(packageCountsQueryOptions());
  const statuses = useQuery(packageStatusesQueryOptions());
  const loading = counts.isPending || statuses.isPending;
  return (
    <Card padding="lg" component="section" aria-labelledby="counts-heading">
      <Group justify="space-between" align="baseline" mb="md">
        <Title order={2} fz="lg" id="counts-heading">
          Your packages by status
        </Title>
        <Anchor component={Link} to="/user/packages/history" size="sm">
          All packages{counts.data ? ` (${counts.data.total})` : ''}
        </Anchor>
      </Group>
      {loading ? (
        <SimpleGrid
          cols={{ base: 2, sm: 3, md: 5 }}
          spacing="sm"
          aria-busy="true"
          aria-label="Loading counts"
        >
          {Array.from({ length: 9 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={72} />
          ))}
        </SimpleGrid>
      ) : counts.isError || statuses.isError ? (
        <Text c="dimmed">The counts are not available right now.</Text>
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

/** The dashboard's "recent packages": the route's loader asks for the same page. */
export const RECENT_QUERY = { sort: 'newest', page: 1, pageSize: 5 } as const;

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

export function RecentPackages() {
  const recent = useQuery(packagesQueryOptions(RECENT_QUERY));
  const awaiting = useQuery(awaitingPrealertsQueryOptions());
  const items = recent.data ? recentItems(recent.data.items, awaiting.data?.items ?? []) : [];
  // Drawn once both lists are in, so pre-alerts do not push the packages down a moment later; a pre-alert list that
  // cannot load (offline, never fetched: paused; or failed) does not hold the packages back.
  const loading = recent.isPending || (awaiting.isPending && awaiting.fetchStatus === 'fetching');
  return (
    <Card padding="lg" component="section" aria-labelledby="recent-heading">
      <Group justify="space-between" align="baseline" mb="sm">
        <Title order={2} fz="lg" id="recent-heading">
          Recent packages
        </Title>
        <Anchor component={Link} to="/user/packages/history" size="sm">
          View all
        </Anchor>
      </Group>
      {loading ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading recent packages">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={48} />
          ))}
        </Stack>
      ) : recent.isError ? (
        <Text c="dimmed">Recent packages are not available right now.</Text>
      ) : items.length === 0 ? (
        <Text c="dimmed">
          No packages yet.{' '}
          <Anchor component={Link} to="/user/packages/pre-alert">
            Pre-alert your first package
          </Anchor>
          .
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Recent packages">
          {items.map((item) =>
            item.kind === 'package' ? (
              <li key={item.pkg.id} className={classes.recent}>
                <div style={{ minWidth: 0 }}>
                  <PackageLink pkg={item.pkg} />
                  <Text size="sm" c="dimmed">
                    {item.pkg.description || 'Package'} · added <RelativeTime value={item.pkg.created_at} />
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
                    aria-label={`${item.prealert.tracking_number}, pre-alert`}
                  >
                    {item.prealert.tracking_number}
                  </Anchor>
                  <Text size="sm" c="dimmed">
                    {item.prealert.description || 'Parcel'} · pre-alerted{' '}
                    <RelativeTime value={item.prealert.created_at} />, not received yet
                  </Text>
                </div>
                <PackageStatusBadge code="pre_alerted" name="Pre-alerted" />
              </li>
            ),
          )}
        </Stack>
      )}
    </Card>
  );
}
