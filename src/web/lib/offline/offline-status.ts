import { onlineManager, type Query, useQueryClient } from '@tanstack/react-query';
import { useCallback, useRef, useSyncExternalStore } from 'react';
import { offlineReason } from './online';
import { isUserQuery } from './persist';

/** Query-key roots the layout itself shows on every screen (company, user, menus): not the screen's data. */
export const SHELL_QUERY_ROOTS: ReadonlySet<string> = new Set(['company', 'parishes', 'me', 'menus']);

const isScreenQuery = (query: Pick<Query, 'queryKey'>) =>
  isUserQuery(query) && !SHELL_QUERY_ROOTS.has(String(query.queryKey[0]));

/**
 * What an offline screen has:
 * - `since`: when its data was fetched (the oldest `dataUpdatedAt` among the screen's active queries with data,
 *   else among every active query), null when nothing has data;
 * - `missing`: 'none' when every query of the screen has data, 'some' when the screen shows some data but a part
 *   was never loaded on this device, 'all' when the screen has nothing to show (it was never loaded here).
 * The screen's queries are the active ones outside the layout's own (SHELL_QUERY_ROOTS).
 */
export interface OfflineSummary {
  since: number | null;
  missing: 'none' | 'some' | 'all';
}

type QueryView = Pick<Query, 'queryKey' | 'state' | 'isActive'> & { meta?: Query['meta'] };

/**
 * A query that cannot get its data now: no data, and its fetch paused (offline) or failed. Queries a screen can do
 * without offline (a side list next to a form that works offline, say) opt out with `meta: { offlineOptional: true }`.
 */
const isMissing = (q: QueryView) =>
  q.meta?.offlineOptional !== true &&
  q.state.data === undefined &&
  (q.state.fetchStatus === 'paused' || q.state.status === 'error');

const hasData = (q: QueryView) => q.state.data !== undefined;

function oldest(queries: QueryView[]): number | null {
  let min: number | null = null;
  for (const q of queries) {
    const at = q.state.dataUpdatedAt;
    // 0 is "never fetched" (initial data from localStorage, say): it says nothing about when data was fetched.
    if (at > 0 && (min === null || at < min)) min = at;
  }
  return min;
}

export function summarizeOffline(queries: readonly QueryView[]): OfflineSummary {
  const active = queries.filter((q) => q.isActive());
  const screen = active.filter(isScreenQuery);
  const screenWithData = screen.filter(hasData);
  const since = oldest(screenWithData) ?? oldest(active.filter(hasData));
  // The layout copes with its own queries missing; only the screen's decide whether the screen can be shown.
  if (!screen.some(isMissing)) return { since, missing: 'none' };
  return { since, missing: screenWithData.length > 0 ? 'some' : 'all' };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    useCallback((onChange) => onlineManager.subscribe(onChange), []),
    () => onlineManager.isOnline(),
    () => true,
  );
}

const EMPTY: OfflineSummary = { since: null, missing: 'none' };

/**
 * Online state plus, when offline, why (the browser's flag, or a server that does not answer) and the summary of the
 * current screen's queries (see summarizeOffline).
 */
export function useOfflineStatus(): { online: boolean; reason: 'offline' | 'unreachable' } & OfflineSummary {
  const online = useOnline();
  const queryClient = useQueryClient();
  const last = useRef<OfflineSummary>(EMPTY);
  const subscribe = useCallback(
    (onChange: () => void) => (online ? () => {} : queryClient.getQueryCache().subscribe(onChange)),
    [online, queryClient],
  );
  const getSnapshot = useCallback(() => {
    if (online) return EMPTY;
    const next = summarizeOffline(queryClient.getQueryCache().getAll());
    // Same values, same object: useSyncExternalStore must not see a change on every cache event.
    if (next.since !== last.current.since || next.missing !== last.current.missing) last.current = next;
    return last.current;
  }, [online, queryClient]);
  const summary = useSyncExternalStore(subscribe, getSnapshot, () => EMPTY);
  return { online, reason: online ? 'offline' : offlineReason(), ...summary };
}
