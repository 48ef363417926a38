import type { QueryClient } from '@tanstack/react-query';
import type { PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { currentBuild } from '../lib/offline/build-info';
import {
  createPersistOptions,
  idbKeyValueStore,
  persistAtOnce,
  persistenceOwner,
  persistNow,
  watchSessionForPersistence,
} from '../lib/offline/persist';
import { onSessionChange, readSession } from '../lib/session/session';

/**
 * Wires the persisted query cache to the session: entries per user in IndexedDB, busted by the build id, cleaned
 * on logout and when another user logs in. Returns the props for PersistQueryClientProvider: its options, and
 * `onRestored` (for both onSuccess and onError) which saves what arrived while the restore ran.
 */
export function setupQueryPersistence(queryClient: QueryClient): {
  persistOptions: Omit<PersistQueryClientOptions, 'queryClient'>;
  onRestored: () => void;
} {
  const store = idbKeyValueStore();
  const owner = () => persistenceOwner(readSession());
  watchSessionForPersistence({ queryClient, store, owner, onSessionChange });
  const persistOptions = createPersistOptions({ store, owner, buster: currentBuild.buildId });
  // The provider saves on cache events only once its restore is over and React has run its effect; a query that
  // finished in between (route loaders fetch at once) would be saved only at its next change. So: one save when the
  // restore ends, and from then on a save on every cache event (the throttled persister merges both subscriptions).
  let restored = false;
  const save = () => void persistNow(queryClient, persistOptions);
  queryClient.getQueryCache().subscribe((event) => {
    if (restored && (event.type === 'added' || event.type === 'removed' || event.type === 'updated')) save();
  });
  // The throttled save can still be pending when the app goes to the background or is closed (a reload within the
  // throttle window lost the last answers): write at once, unthrottled and committed in the same task, when the page
  // is hidden or left.
  const saveAtOnce = () => {
    if (restored) persistAtOnce(queryClient, { store, owner, buster: currentBuild.buildId });
  };
  if (typeof document !== 'undefined') {
    document.addEventListener('visibilitychange', () => {
      if (document.visibilityState === 'hidden') saveAtOnce();
    });
    window.addEventListener('pagehide', saveAtOnce);
  }
  return {
    persistOptions,
    onRestored: () => {
      restored = true;
      save();
    },
  };
}
