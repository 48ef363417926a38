/**
 * The query cache persisted to IndexedDB (idb-keyval), one entry per user, so screens opened offline show the
 * last data. Rules:
 * - only a logged-in session with a known user id persists; an anonymous session persists nothing;
 * - the entry is keyed by user (`query-cache:<userId>`) and busted by build id (`buster`), kept 7 days (`maxAge`);
 * - logout (or a failed refresh) deletes every entry; another user logging in deletes the previous user's entry
 *   and drops that user's queries from memory;
 * - only successful queries are saved: no failed or pending queries, no mutations, nothing binary.
 *
 * Why not @tanstack/query-sync-storage-persister: upstream deprecated it for the async one, and nothing here needs a
 * synchronous store (the tenant's company and parish list, needed for the first paint, are already kept in
 * localStorage by features/tenant); localStorage would also cap the cache at ~5 MB and block the main thread.
 */
import { createAsyncStoragePersister } from '@tanstack/query-async-storage-persister';
import { dehydrate, type Query, type QueryClient } from '@tanstack/react-query';
import type { Persister, PersistQueryClientOptions } from '@tanstack/react-query-persist-client';
import { createStore, del, get, keys, promisifyRequest, set, type UseStore } from 'idb-keyval';
import type { Session } from '../session/session';

export const PERSIST_MAX_AGE_MS = 7 * 24 * 60 * 60 * 1000;
export const PERSIST_THROTTLE_MS = 1000;
export const CACHE_KEY_PREFIX = 'query-cache:';
export const cacheKeyFor = (userId: string) => `${CACHE_KEY_PREFIX}${userId}`;

/** Query-key roots that hold the host's own data (the same for every user): kept across a change of user. */
export const PUBLIC_QUERY_ROOTS: ReadonlySet<string> = new Set(['company', 'parishes']);

/** True for queries holding a user's data (everything but the tenant's public data). */
export const isUserQuery = (query: Pick<Query, 'queryKey'>): boolean =>
  !PUBLIC_QUERY_ROOTS.has(String(query.queryKey[0]));

/**
 * Whose cache may be read and written:
 * - a user id for a logged-in session;
 * - null for an anonymous session (nothing persists, every entry is deleted);
 * - undefined when logged in but the user is unknown (no access token to read: persist nothing, delete nothing).
 */
export function persistenceOwner(session: Session): string | null | undefined {
  if (!session.authenticated) return null;
  return session.userId ?? undefined;
}

/** The few operations needed on the key-value store (idb-keyval in the app, a Map in tests). */
export interface KeyValueStore {
  get(key: string): Promise<string | undefined>;
  set(key: string, value: string): Promise<void>;
  /**
   * Starts the write in this task and asks for its commit at once, for a page being left: a transaction left to
   * commit by itself was lost when the page went away first (a reload a moment after data arrived lost it offline).
   */
  setAtOnce(key: string, value: string): void;
  del(key: string): Promise<void>;
  keys(): Promise<string[]>;
}

/** An IndexedDB database of its own ("portal-query-cache"), opened on first use. */
export function idbKeyValueStore(dbName = 'portal-query-cache', storeName = 'clients'): KeyValueStore {
  let store: UseStore | undefined;
  const use = () => {
    store ??= createStore(dbName, storeName);
    return store;
  };
  return {
    get: (key) => get<string>(key, use()),
    set: (key, value) => set(key, value, use()),
    setAtOnce: (key, value) => {
      void use()('readwrite', (objects) => {
        objects.put(value, key);
        objects.transaction.commit?.();
        return promisifyRequest(objects.transaction);
      }).catch(() => undefined);
    },
    del: (key) => del(key, use()),
    keys: async () => (await keys(use())).map(String),
  };
}

/**
 * A persister whose entry follows the session's user. The user is resolved when the cache is dehydrated (so a
 * snapshot is always filed under the user who was logged in when it was taken) and checked again when the
 * throttled write happens (so a snapshot never lands after that user logged out or was replaced).
 */
export function createUserPersister(options: {
  store: KeyValueStore;
  owner: () => string | null | undefined;
  throttleMs?: number;
}): Persister {
  const { store, owner, throttleMs = PERSIST_THROTTLE_MS } = options;
  const perUser = new Map<string, Persister>();
  const persisterFor = (userId: string) => {
    let persister = perUser.get(userId);
    if (!persister) {
      persister = createAsyncStoragePersister({
        key: cacheKeyFor(userId),
        throttleTime: throttleMs,
        storage: {
          getItem: async (key) => {
            try {
              return (await store.get(key)) ?? null;
            } catch {
              return null; // an unreadable store is an empty cache
            }
          },
          setItem: async (key, value) => {
            if (owner() !== userId) return;
            await store.set(key, value);
          },
          removeItem: async (key) => {
            try {
              await store.del(key);
            } catch {
              /* nothing to remove */
            }
          },
        },
      });
      perUser.set(userId, persister);
    }
    return persister;
  };
  return {
    persistClient: (client) => {
      const userId = owner();
      return userId ? persisterFor(userId).persistClient(client) : undefined;
    },
    restoreClient: () => {
      const userId = owner();
      return userId ? persisterFor(userId).restoreClient() : undefined;
    },
    removeClient: () => {
      const userId = owner();
      return userId ? persisterFor(userId).removeClient() : undefined;
    },
  };
}

/** Deletes every persisted cache but `keepUserId`'s (all of them for null). Undefined keeps everything. */
export async function dropPersistedExcept(store: KeyValueStore, keepUserId: string | null | undefined) {
  if (keepUserId === undefined) return;
  const keep = keepUserId === null ? null : cacheKeyFor(keepUserId);
  try {
    const stored = await store.keys();
    await Promise.all(
      stored.filter((k) => k.startsWith(CACHE_KEY_PREFIX) && k !== keep).map((k) => store.del(k)),
    );
  } catch {
    /* an unavailable store holds nothing to delete */
  }
}

/** Files and other binary data do not survive JSON: never persisted. */
function isJsonSafe(data: unknown): boolean {
  if (typeof Blob !== 'undefined' && data instanceof Blob) return false;
  if (data instanceof ArrayBuffer || ArrayBuffer.isView(data)) return false;
  return true;
}

/**
 * Successful queries only (no errors, nothing pending), not opted out with `meta: { persist: false }`.
 * Typed structurally: the persist packages see their own copy of query-core's `Query` type (see vite.config.ts).
 */
export function shouldPersistQuery(query: {
  state: Pick<Query['state'], 'status' | 'data'>;
  meta?: Query['meta'];
}): boolean {
  return query.state.status === 'success' && query.meta?.persist !== false && isJsonSafe(query.state.data);
}

/** The options of PersistQueryClientProvider (the client itself is passed to the provider). */
export function createPersistOptions(options: {
  store: KeyValueStore;
  owner: () => string | null | undefined;
  buster: string;
  throttleMs?: number;
}): Omit<PersistQueryClientOptions, 'queryClient'> {
  return {
    persister: createUserPersister(options),
    buster: options.buster,
    maxAge: PERSIST_MAX_AGE_MS,
    dehydrateOptions: {
      shouldDehydrateQuery: shouldPersistQuery,
      shouldDehydrateMutation: () => false,
    },
  };
}

/**
 * Saves the cache now (through the persister's throttle, so calls in a burst make one write). PersistQueryClientProvider
 * only saves on cache events seen by its own subscription, which starts after the restore; see app/query-persistence.
 */
export function persistNow(
  queryClient: QueryClient,
  options: Pick<PersistQueryClientOptions, 'persister' | 'buster'> & {
    dehydrateOptions?: Parameters<typeof dehydrate>[1];
  },
): Promise<void> {
  return Promise.resolve(
    options.persister.persistClient({
      buster: options.buster ?? '',
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, options.dehydrateOptions),
    }),
  ).catch(() => undefined);
}

/**
 * Writes the cache now, unthrottled, in the persister's format, committing at once (see `setAtOnce`): for when the
 * page is hidden or left, where a throttled save still waiting would be lost with the page.
 */
export function persistAtOnce(
  queryClient: QueryClient,
  options: { store: KeyValueStore; owner: () => string | null | undefined; buster: string },
): void {
  const userId = options.owner();
  if (!userId) return;
  try {
    const value = JSON.stringify({
      buster: options.buster,
      timestamp: Date.now(),
      clientState: dehydrate(queryClient, {
        shouldDehydrateQuery: shouldPersistQuery,
        shouldDehydrateMutation: () => false,
      }),
    });
    options.store.setAtOnce(cacheKeyFor(userId), value);
  } catch {
    /* an unserialisable cache is saved by the next throttled save, as before */
  }
}

/**
 * Keeps the persisted caches in step with the session: at start, and on every login, logout or refresh.
 * A change of user (logout included) drops the previous user's queries from memory and every other user's entry.
 */
export function watchSessionForPersistence(options: {
  queryClient: QueryClient;
  store: KeyValueStore;
  owner: () => string | null | undefined;
  onSessionChange: (listener: () => void) => () => void;
}): () => void {
  const { queryClient, store, owner } = options;
  let last = owner();
  void dropPersistedExcept(store, last);
  return options.onSessionChange(() => {
    const next = owner();
    if (next === undefined || next === last) return;
    const previous = last;
    last = next;
    if (previous) queryClient.removeQueries({ predicate: isUserQuery });
    void dropPersistedExcept(store, next);
  });
}
