import type { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { currentBuild } from '../lib/offline/build-info';
import {
  createPersistOptions,
  idbKeyValueStore,
  persistenceOwner,
  watchSessionForPersistence,
} from '../lib/offline/persist';
import { onSessionChange, readSession } from '../lib/session/session';

/**
 * Wires the persisted query cache to the session: entries per user in IndexedDB, busted by the build id, cleaned
 * on logout and when another user logs in. Returns the options for PersistQueryClientProvider.
 */
export function setupQueryPersistence(
  queryClient: QueryClient,
): Omit<PersistQueryClientOptions, 'queryClient'> {
  const store = idbKeyValueStore();
  const owner = () => persistenceOwner(readSession());
  watchSessionForPersistence({ queryClient, store, owner, onSessionChange });
  return createPersistOptions({ store, owner, buster: currentBuild.buildId });
}
