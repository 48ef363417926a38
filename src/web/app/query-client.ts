import { onlineManager, QueryClient } from '@tanstack/react-query';
import { ApiError } from '../lib/api/api-error';
import { PERSIST_MAX_AGE_MS } from '../lib/offline/persist';

/**
 * The API client already retries once where it is safe; Query must not stack its own retries on top.
 * Offline: reads run once (`offlineFirst`: a cached answer may still come back) and then pause until the network
 * returns, keeping the persisted data on screen; queries live as long as the persisted cache (7 days), so nothing
 * restored from it is garbage-collected before it could be shown.
 */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        retry: (count, error) => count < 1 && error instanceof ApiError && error.isNetworkError,
        // Offline, the retry pauses at once (the screen shows its cached data or the offline message without
        // waiting out a back-off); online, Query's usual back-off.
        retryDelay: (attempt) => (onlineManager.isOnline() ? Math.min(1000 * 2 ** attempt, 30_000) : 0),
        staleTime: 30_000,
        gcTime: PERSIST_MAX_AGE_MS,
        networkMode: 'offlineFirst',
        refetchOnWindowFocus: false,
      },
      // A change made offline fails at once with a network error (or goes to the outbox) instead of waiting,
      // paused and silent, for a network that may never come back while the user watches a spinner.
      mutations: { retry: false, networkMode: 'always' },
    },
  });
}
