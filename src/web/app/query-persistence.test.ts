import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheKeyFor } from '../lib/offline/persist';
import { setTokens } from '../lib/session/session';
import { setupQueryPersistence } from './query-persistence';

// idb-keyval on a Map (jsdom has no IndexedDB).
const idb = vi.hoisted(() => new Map<string, unknown>());
vi.mock('idb-keyval', () => ({
  createStore: () => ({}),
  get: async (key: string) => idb.get(key),
  set: async (key: string, value: unknown) => {
    idb.set(key, value);
  },
  del: async (key: string) => {
    idb.delete(key);
  },
  keys: async () => [...idb.keys()],
}));

const b64 = (o: object) => btoa(JSON.stringify(o)).replace(/=+$/, '');
const token = (sub: string) =>
  `${b64({ alg: 'none' })}.${b64({ sub, cid: 'c1', role: 'customer', ver: true, exp: 9e9 })}.sig`;

const savedKeys = () => {
  const raw = idb.get(cacheKeyFor('u1')) as string | undefined;
  return raw ? (JSON.parse(raw).clientState.queries as { queryKey: unknown[] }[]).map((q) => q.queryKey) : [];
};

afterEach(() => {
  idb.clear();
  vi.useRealTimers();
});

describe('setupQueryPersistence', () => {
  it('saves what arrived while the restore ran, then every change, for the logged-in user', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setTokens({ access_token: token('u1'), refresh_token: 'r' });
    const client = new QueryClient();
    const { persistOptions, onRestored } = setupQueryPersistence(client);
    expect(persistOptions.buster).toBe(import.meta.env.VITE_BUILD_ID);

    // A route loader's data lands before the restore is over: nothing is written yet (it would overwrite the entry
    // being restored).
    client.setQueryData(['packages', 'list', { pageSize: 20 }], { items: [1] });
    await vi.advanceTimersByTimeAsync(2000);
    expect(savedKeys()).toEqual([]);

    onRestored();
    await vi.advanceTimersByTimeAsync(10);
    expect(savedKeys()).toEqual([['packages', 'list', { pageSize: 20 }]]);

    client.setQueryData(['packages', 'counts'], { total: 1 });
    await vi.advanceTimersByTimeAsync(1500);
    expect(savedKeys()).toEqual([
      ['packages', 'list', { pageSize: 20 }],
      ['packages', 'counts'],
    ]);
  });
});
