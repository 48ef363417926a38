import { type QueryClient, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BELL_PAGE_SIZE as FIRST_SCREEN_BELL_PAGE_SIZE } from '../../../contract/first-screen';
import type { NotificationPage } from '../../../contract/notifications';
import { notificationCalls } from '../../../contract/notifications.calls';
import { api } from '../../lib/api';
import { useSession } from '../../lib/session/use-session';

/** The bell shows the newest few (as the document's first screen asks for them: contract/first-screen.ts). */
export const BELL_PAGE_SIZE = FIRST_SCREEN_BELL_PAGE_SIZE;
/** Poll modestly: Query skips the interval while the tab is hidden and refetches when it is focused again. */
export const POLL_MS = 60_000;

/**
 * Under the `me` root on purpose: the bell is part of the layout on every screen, like the user menu, so the offline
 * summary (lib/offline/offline-status, SHELL_QUERY_ROOTS) must not count it as the screen's own data.
 */
export const notificationKeys = {
  all: ['me', 'notifications'] as const,
  bell: (userId: string | null) => ['me', 'notifications', userId, { pageSize: BELL_PAGE_SIZE }] as const,
};

export const fetchNotifications = () =>
  api.call(notificationCalls.list, { query: { page: 1, pageSize: BELL_PAGE_SIZE } });

export const notificationsQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: notificationKeys.bell(userId),
    queryFn: fetchNotifications,
    enabled: Boolean(userId),
    staleTime: 30_000,
    refetchInterval: POLL_MS,
    refetchIntervalInBackground: false,
    refetchOnWindowFocus: true,
    // Offline, a screen never waits on the bell: it shows what it has cached, or says it is offline.
    meta: { offlineOptional: true },
  });

export const markNotificationRead = (id: string) => api.call(notificationCalls.read, { params: { id } });

export const markAllNotificationsRead = () => api.call(notificationCalls.readAll);

/** The cached pages with `ids` (all when null) marked read now, so the badge drops at once. */
function markCachedRead(queryClient: QueryClient, ids: ReadonlySet<string> | null) {
  const now = new Date().toISOString();
  queryClient.setQueriesData<NotificationPage>({ queryKey: notificationKeys.all }, (page) => {
    if (!page) return page;
    let newlyRead = 0;
    const items = page.items.map((n) => {
      if (n.read_at !== null || (ids !== null && !ids.has(n.id))) return n;
      newlyRead++;
      return { ...n, read_at: now };
    });
    const unread_count = ids === null ? 0 : Math.max(0, page.unread_count - newlyRead);
    return { ...page, items, unread_count };
  });
}

/** Marks one read (optimistically) or all of them; on failure the cache is put back, then always refetched. */
function useReadMutation<TVariables>(
  mutationFn: (v: TVariables) => Promise<unknown>,
  ids: (v: TVariables) => ReadonlySet<string> | null,
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onMutate: async (v: TVariables) => {
      await queryClient.cancelQueries({ queryKey: notificationKeys.all });
      const previous = queryClient.getQueriesData<NotificationPage>({ queryKey: notificationKeys.all });
      markCachedRead(queryClient, ids(v));
      return { previous };
    },
    onError: (_e, _v, context) => {
      for (const [key, data] of context?.previous ?? []) queryClient.setQueryData(key, data);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationKeys.all }),
  });
}

export const useMarkRead = () => useReadMutation(markNotificationRead, (id: string) => new Set([id]));
export const useMarkAllRead = () =>
  useReadMutation(
    () => markAllNotificationsRead(),
    () => null,
  );

/** The signed-in user's newest notifications and unread count, polled while the tab is visible. */
export function useNotifications() {
  const session = useSession();
  return useQuery(notificationsQueryOptions(session.userId));
}
