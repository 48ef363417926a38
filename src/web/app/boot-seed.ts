import type { QueryClient, QueryKey } from '@tanstack/react-query';
import { type BootSession, HISTORY_FIRST_QUERY } from '../../contract/first-screen';
import { meQueryOptions } from '../features/auth/api';
import { accountSummaryQueryOptions } from '../features/dashboard/api';
import { menusQueryOptions } from '../features/menus/api';
import { notificationsQueryOptions } from '../features/notifications/api';
import {
  awaitingPrealertsQueryOptions,
  packageCountsQueryOptions,
  packageQueryOptions,
  packagesQueryOptions,
  RECENT_QUERY,
} from '../features/packages/api';
import { countedPage } from '../lib/api/counted-pages';
import { packageStatusesQueryOptions } from '../lib/reference/api';

/**
 * Puts the signed-in user and the first screen's answers the server wrote into the page (app/boot.ts) into the
 * query cache, under the keys the screens ask with, before the first render: the dashboard draws at once and no
 * query fetches on mount (they are fresh). Only for the session whose cookie this page runs with (`userId`): a
 * block written for another (a sign-out or sign-in since) is ignored. Returns whether it seeded.
 *
 * `updatedAt` is this device's clock when the page arrived (the document is never stored, so its answers are as
 * old as the request): staleness is measured in it, and the persisted copy restored next (query-persistence.ts),
 * written earlier by the same clock, is older and so never replaces them (hydrate keeps the newer).
 */
export function seedFirstScreen(
  queryClient: QueryClient,
  session: BootSession,
  userId: string | null,
  updatedAt = Date.now(),
): boolean {
  if (!userId || session.user.id !== userId) return false;
  const set = (key: QueryKey, value: unknown) => {
    if (value !== undefined) queryClient.setQueryData(key, value, { updatedAt });
  };
  const { data } = session;
  set(meQueryOptions(userId).queryKey, session.user);
  set(menusQueryOptions(userId).queryKey, data.menus);
  set(notificationsQueryOptions(userId).queryKey, data.notifications);
  set(accountSummaryQueryOptions().queryKey, data.summary);
  set(packageCountsQueryOptions().queryKey, data.counts);
  set(packageStatusesQueryOptions().queryKey, data.statuses);
  set(packagesQueryOptions(RECENT_QUERY).queryKey, data.recent && countedPage(data.recent));
  set(awaitingPrealertsQueryOptions().queryKey, data.awaiting);
  set(packagesQueryOptions(HISTORY_FIRST_QUERY).queryKey, data.history && countedPage(data.history));
  if (data.package) set(packageQueryOptions(data.package.id).queryKey, data.package);
  return true;
}
