import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { cacheKeyFor } from '../lib/offline/persist';
import { setTokens } from '../lib/session/session';
import { customerToken, idbData } from '../test/idb-keyval-memory';
import { setupQueryPersistence } from './query-persistence';

// idb-keyval on a Map (jsdom has no IndexedDB).
vi.mock('idb-keyval', () => import('../test/idb-keyval-memory'));

const savedKeys = () => {
  const raw = idbData.get(cacheKeyFor('u1')) as string | undefined;
  return raw ? (JSON.parse(raw).clientState.queries as { queryKey: unknown[] }[]).map((q) => q.queryKey) : [];
};

afterEach(() => {
  idbData.clear();
  vi.useRealTimers();
});

describe('setupQueryPersistence', () => {
  it('saves what arrived while the restore ran, then every change, for the logged-in user', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setTokens({ access_token: customerToken('u1'), refresh_token: 'r' });
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
