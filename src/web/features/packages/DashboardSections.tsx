import { Anchor, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import type { CSSProperties } from 'react';
import { PackageLink } from '../../components/PackageLinks';
import { formatDate } from '../../lib/format';
import { packageStatusesQueryOptions } from '../../lib/reference/api';
import { packageCountsQueryOptions, packagesQueryOptions } from './api';
import classes from './DashboardSections.module.css';
import { StatusBadge, statusTone } from './StatusBadge';

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

/** The five newest packages, each linking to its page. */
/** The dashboard's "recent packages": the route's loader asks for the same page. */
export const RECENT_QUERY = { sort: 'newest', page: 1, pageSize: 5 } as const;

export function RecentPackages() {
  const recent = useQuery(packagesQueryOptions(RECENT_QUERY));
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
      {recent.isPending ? (
        <Stack gap="xs" aria-busy="true" aria-label="Loading recent packages">
          {Array.from({ length: 5 }, (_, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: placeholders have no identity
            <Skeleton key={i} h={48} />
          ))}
        </Stack>
      ) : recent.isError ? (
        <Text c="dimmed">Recent packages are not available right now.</Text>
      ) : recent.data.items.length === 0 ? (
        <Text c="dimmed">
          No packages yet.{' '}
          <Anchor component={Link} to="/user/packages/pre-alert">
            Pre-alert your first package
          </Anchor>
          .
        </Text>
      ) : (
        <Stack component="ul" gap={0} p={0} m={0} style={{ listStyle: 'none' }} aria-label="Recent packages">
          {recent.data.items.map((pkg) => (
            <li key={pkg.id} className={classes.recent}>
              <div style={{ minWidth: 0 }}>
                <PackageLink pkg={pkg} />
                <Text size="sm" c="dimmed">
                  {pkg.description || 'Package'} · added {formatDate(pkg.created_at)}
                </Text>
              </div>
              <StatusBadge code={pkg.status} name={pkg.status_name} />
            </li>
          ))}
        </Stack>
      )}
    </Card>
  );
}
