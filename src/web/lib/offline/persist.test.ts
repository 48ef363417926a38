import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore, persistQueryClientSave } from '@tanstack/react-query-persist-client';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { anonymous, type Session } from '../session/session';
import {
  CACHE_KEY_PREFIX,
  cacheKeyFor,
  createPersistOptions,
  createUserPersister,
  dropPersistedExcept,
  idbKeyValueStore,
  isUserQuery,
  type KeyValueStore,
  PERSIST_MAX_AGE_MS,
  persistAtOnce,
  persistenceOwner,
  persistNow,
  shouldPersistQuery,
  watchSessionForPersistence,
} from './persist';

// idb-keyval is replaced by a Map: jsdom has no IndexedDB.
const idb = vi.hoisted(() => ({ data: new Map<string, unknown>(), stores: [] as string[] }));
vi.mock('idb-keyval', () => ({
  createStore: (db: string, store: string) => {
    idb.stores.push(`${db}/${store}`);
    return {};
  },
  get: async (key: string) => idb.data.get(key),
  set: async (key: string, value: unknown) => {
    idb.data.set(key, value);
  },
  del: async (key: string) => {
    idb.data.delete(key);
  },
  keys: async () => [...idb.data.keys()],
}));

function memoryStore(): KeyValueStore & { data: Map<string, string> } {
  const data = new Map<string, string>();
  return {
    data,
    get: async (k) => data.get(k),
    set: async (k, v) => {
      data.set(k, v);
    },
    setAtOnce: (k, v) => {
      data.set(k, v);
    },
    del: async (k) => {
      data.delete(k);
    },
    keys: async () => [...data.keys()],
  };
}

const user = (userId: string | null): Session => ({
  authenticated: true,
  verified: true,
  role: 'customer',
  userId,
  companyId: 'c1',
});

// The persist packages are typed against their own copy of query-core (see vite.config.ts): same class, other type.
type PersistedQueryClient = Parameters<typeof persistQueryClientSave>[0]['queryClient'];
const as = (client: QueryClient) => client as unknown as PersistedQueryClient;

const flush = () => new Promise((r) => setTimeout(r, 0));

function clientWith(entries: Array<[unknown[], unknown]>) {
  const client = new QueryClient({ defaultOptions: { queries: { gcTime: PERSIST_MAX_AGE_MS } } });
  for (const [key, data] of entries) client.setQueryData(key, data);
  return client;
}

describe('persistenceOwner', () => {
  it('is the user id of a logged-in session, null when anonymous, undefined when the user is unknown', () => {
    expect(persistenceOwner(user('u1'))).toBe('u1');
    expect(persistenceOwner(anonymous)).toBeNull();
    expect(persistenceOwner(user(null))).toBeUndefined();
  });
});

describe('the user persister', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('saves under the user key (throttled) and restores it', async () => {
    const store = memoryStore();
    const persister = createUserPersister({ store, owner: () => 'u1', throttleMs: 1000 });
    const client = clientWith([[['packages', 'list'], [{ id: 1 }]]]);
    await persistQueryClientSave({ queryClient: as(client), persister, buster: 'b1' });
    await vi.advanceTimersByTimeAsync(1000);
    expect([...store.data.keys()]).toEqual([cacheKeyFor('u1')]);

    const fresh = new QueryClient();
    await persistQueryClientRestore({
      queryClient: as(fresh),
      persister,
      buster: 'b1',
      maxAge: PERSIST_MAX_AGE_MS,
    });
    expect(fresh.getQueryData(['packages', 'list'])).toEqual([{ id: 1 }]);
  });

  it('persists nothing for an anonymous or unknown session', async () => {
    const store = memoryStore();
    for (const owner of [null, undefined]) {
      const persister = createUserPersister({ store, owner: () => owner, throttleMs: 0 });
      await persistQueryClientSave({ queryClient: as(clientWith([[['me', 'x'], { id: 'x' }]])), persister });
      await vi.advanceTimersByTimeAsync(10);
      expect(await persister.restoreClient()).toBeUndefined();
    }
    expect(store.data.size).toBe(0);
  });

  it("never writes a user's snapshot after that user logged out or another logged in", async () => {
    const store = memoryStore();
    let owner: string | null = 'u1';
    const persister = createUserPersister({ store, owner: () => owner, throttleMs: 1000 });
    // The first save goes out at once; the second waits for the throttle.
    await persistQueryClientSave({ queryClient: as(clientWith([[['a'], 1]])), persister, buster: 'b' });
    await vi.advanceTimersByTimeAsync(0);
    const pending = persistQueryClientSave({
      queryClient: as(clientWith([[['a'], 2]])),
      persister,
      buster: 'b',
    });
    store.data.clear(); // logout deleted the entry...
    owner = 'u2'; // ...and another user logged in before the throttled write
    await vi.advanceTimersByTimeAsync(1000);
    await pending;
    expect(store.data.size).toBe(0);
  });

  it('discards a cache saved by another build (buster) or older than 7 days', async () => {
    const store = memoryStore();
    const persister = createUserPersister({ store, owner: () => 'u1', throttleMs: 0 });
    await persistQueryClientSave({ queryClient: as(clientWith([[['a'], 1]])), persister, buster: 'build-1' });
    await vi.advanceTimersByTimeAsync(10);
    const busted = new QueryClient();
    await persistQueryClientRestore({
      queryClient: as(busted),
      persister,
      buster: 'build-2',
      maxAge: PERSIST_MAX_AGE_MS,
    });
    expect(busted.getQueryData(['a'])).toBeUndefined();
    expect(store.data.size).toBe(0); // removed, not left behind

    await persistQueryClientSave({ queryClient: as(clientWith([[['a'], 1]])), persister, buster: 'build-2' });
    await vi.advanceTimersByTimeAsync(10);
    vi.setSystemTime(Date.now() + PERSIST_MAX_AGE_MS + 1);
    const expired = new QueryClient();
    await persistQueryClientRestore({
      queryClient: as(expired),
      persister,
      buster: 'build-2',
      maxAge: PERSIST_MAX_AGE_MS,
    });
    expect(expired.getQueryData(['a'])).toBeUndefined();
  });
});

describe('persistNow (after the restore)', () => {
  it('saves data that arrived while the restore ran, with the buster and the same filters', async () => {
    const store = memoryStore();
    const options = createPersistOptions({ store, owner: () => 'u1', buster: 'b9', throttleMs: 0 });
    // A route loader fetched this while IndexedDB was still being read: no cache event follows the restore.
    const client = clientWith([[['packages', 'list', { pageSize: 20 }], { items: [1] }]]);
    await client.prefetchQuery({
      queryKey: ['bad'],
      queryFn: () => Promise.reject(new Error('x')),
      retry: false,
    });
    await persistNow(client, options);
    await flush();
    const saved = JSON.parse(store.data.get(cacheKeyFor('u1')) ?? '{}');
    expect(saved.buster).toBe('b9');
    expect(saved.clientState.queries.map((q: { queryKey: unknown[] }) => q.queryKey)).toEqual([
      ['packages', 'list', { pageSize: 20 }],
    ]);
  });
});

describe('persistAtOnce (the page is being left)', () => {
  it('writes in the same task, in the format the persister restores, only for a logged-in user', async () => {
    const store = memoryStore();
    const client = clientWith([[['authorized-persons'], [{ name: 'Marlon' }]]]);
    await client.prefetchQuery({
      queryKey: ['bad'],
      queryFn: () => Promise.reject(new Error('x')),
      retry: false,
    });
    persistAtOnce(client, { store, owner: () => null, buster: 'b1' });
    persistAtOnce(client, { store, owner: () => undefined, buster: 'b1' });
    expect(store.data.size).toBe(0);

    // No await between the call and the write: a page being unloaded gets no later task.
    persistAtOnce(client, { store, owner: () => 'u1', buster: 'b1' });
    expect([...store.data.keys()]).toEqual([cacheKeyFor('u1')]);

    const fresh = new QueryClient();
    await persistQueryClientRestore({
      queryClient: as(fresh),
      persister: createUserPersister({ store, owner: () => 'u1' }),
      buster: 'b1',
      maxAge: PERSIST_MAX_AGE_MS,
    });
    expect(fresh.getQueryData(['authorized-persons'])).toEqual([{ name: 'Marlon' }]);
    expect(fresh.getQueryState(['bad'])).toBeUndefined();
  });
});

describe('what is persisted', () => {
  it('keeps successful queries only, and nothing binary or opted out', () => {
    const q = (status: 'success' | 'error' | 'pending', data: unknown, meta?: Record<string, unknown>) => ({
      state: { status, data },
      ...(meta ? { meta } : {}),
    });
    expect(shouldPersistQuery(q('success', { id: 1 }))).toBe(true);
    expect(shouldPersistQuery(q('error', undefined))).toBe(false);
    expect(shouldPersistQuery(q('pending', undefined))).toBe(false);
    expect(shouldPersistQuery(q('success', new Blob(['x'])))).toBe(false);
    expect(shouldPersistQuery(q('success', new ArrayBuffer(2)))).toBe(false);
    expect(shouldPersistQuery(q('success', 1, { persist: false }))).toBe(false);
  });

  it('never persists failed queries or mutations (the options given to the provider)', async () => {
    const store = memoryStore();
    const options = createPersistOptions({ store, owner: () => 'u1', buster: 'b', throttleMs: 0 });
    expect(options.buster).toBe('b');
    expect(options.maxAge).toBe(7 * 24 * 60 * 60 * 1000);
    const client = clientWith([[['ok'], 1]]);
    await client.prefetchQuery({
      queryKey: ['bad'],
      queryFn: () => Promise.reject(new Error('x')),
      retry: false,
    });
    void client
      .getMutationCache()
      .build(client, { mutationFn: async () => 1 })
      .execute(undefined)
      .catch(() => {});
    await persistQueryClientSave({ queryClient: as(client), ...options });
    await flush();
    const saved = JSON.parse(store.data.get(cacheKeyFor('u1')) ?? '{}');
    expect(saved.buster).toBe('b');
    expect(saved.clientState.queries.map((x: { queryKey: unknown[] }) => x.queryKey)).toEqual([['ok']]);
    expect(saved.clientState.mutations).toEqual([]);
  });

  it('treats the tenant data as public and everything else as user data', () => {
    expect(isUserQuery({ queryKey: ['company', 'me'] })).toBe(false);
    expect(isUserQuery({ queryKey: ['parishes'] })).toBe(false);
    expect(isUserQuery({ queryKey: ['me', 'u1'] })).toBe(true);
    expect(isUserQuery({ queryKey: ['packages', 'list', {}] })).toBe(true);
  });
});

describe('cleanup', () => {
  it("drops every other user's cache, or all of them for an anonymous session", async () => {
    const store = memoryStore();
    for (const id of ['u1', 'u2', 'u3']) store.data.set(cacheKeyFor(id), '{}');
    store.data.set('unrelated', 'x');
    await dropPersistedExcept(store, 'u2');
    expect([...store.data.keys()].sort()).toEqual([cacheKeyFor('u2'), 'unrelated']);
    await dropPersistedExcept(store, undefined); // user unknown: keep
    expect(store.data.has(cacheKeyFor('u2'))).toBe(true);
    await dropPersistedExcept(store, null);
    expect([...store.data.keys()]).toEqual(['unrelated']);
  });

  it('follows the session: start, another user logging in, logout', async () => {
    const store = memoryStore();
    for (const id of ['u1', 'old']) store.data.set(cacheKeyFor(id), '{}');
    let session: Session = user('u1');
    const listeners = new Set<() => void>();
    const client = clientWith([
      [['company', 'me'], { name: 'Island' }],
      [['me', 'u1'], { id: 'u1' }],
      [['packages', 'list'], [1]],
    ]);
    const stop = watchSessionForPersistence({
      queryClient: client,
      store,
      owner: () => persistenceOwner(session),
      onSessionChange: (l) => {
        listeners.add(l);
        return () => listeners.delete(l);
      },
    });
    const change = async (next: Session) => {
      session = next;
      for (const l of listeners) l();
      await flush();
    };
    await flush();
    expect([...store.data.keys()]).toEqual([cacheKeyFor('u1')]); // a stale user's cache is gone at start

    await change(user('u1')); // a token refresh: same user, nothing happens
    expect(client.getQueryData(['packages', 'list'])).toEqual([1]);

    await change(user('u2')); // another user logs in
    expect(store.data.has(cacheKeyFor('u1'))).toBe(false);
    expect(client.getQueryData(['packages', 'list'])).toBeUndefined();
    expect(client.getQueryData(['me', 'u1'])).toBeUndefined();
    expect(client.getQueryData(['company', 'me'])).toEqual({ name: 'Island' }); // the host's data stays

    store.data.set(cacheKeyFor('u2'), '{}');
    await change(anonymous); // logout
    expect([...store.data.keys()].filter((k) => k.startsWith(CACHE_KEY_PREFIX))).toEqual([]);
    stop();
    expect(listeners.size).toBe(0);
  });
});

describe('idbKeyValueStore', () => {
  it('opens its own database on first use and maps get/set/del/keys onto idb-keyval', async () => {
    idb.data.clear();
    idb.stores.length = 0;
    const store = idbKeyValueStore();
    expect(idb.stores).toEqual([]); // nothing opened at creation
    await store.set(cacheKeyFor('u1'), '{"a":1}');
    expect(await store.get(cacheKeyFor('u1'))).toBe('{"a":1}');
    expect(await store.keys()).toEqual([cacheKeyFor('u1')]);
    await store.del(cacheKeyFor('u1'));
    expect(await store.keys()).toEqual([]);
    expect(idb.stores).toEqual(['portal-query-cache/clients']);
  });
});
