import type { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BootSession } from '../../contract/first-screen';
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
import { parseHistorySearch } from '../features/packages/history-search';
import { packageStatusesQueryOptions } from '../lib/reference/api';
import { clearSession, setTokens } from '../lib/session/session';
import { customerToken, idbData } from '../test/idb-keyval-memory';
import { seedFirstScreen } from './boot-seed';
import { createQueryClient } from './query-client';
import { setupQueryPersistence } from './query-persistence';

// idb-keyval on a Map (jsdom has no IndexedDB).
vi.mock('idb-keyval', () => import('../test/idb-keyval-memory'));

const user = { id: 'u1', first_name: 'Ann', mailbox_number: 'ISL-1' } as unknown as BootSession['user'];
const session = (balance: number): BootSession =>
  ({
    user,
    data: {
      menus: [{ id: 'm1' }],
      notifications: { items: [], unread_count: 2 },
      summary: { balance_due_cents: balance },
      counts: { total: 3 },
      statuses: [{ code: 'in_transit', sort_order: 1 }],
      recent: { items: [{ id: 'p1' }], page: 1, pageSize: 5, total: 1, total_capped: false },
      awaiting: { items: [], page: 1, pageSize: 20, total: 0 },
    },
  }) as unknown as BootSession;

/** Every query the dashboard and its layout ask with as they open (route loaders and components). */
const firstScreen = (userId: string) => [
  meQueryOptions(userId),
  menusQueryOptions(userId),
  notificationsQueryOptions(userId),
  accountSummaryQueryOptions(),
  packageCountsQueryOptions(),
  packageStatusesQueryOptions(),
  packagesQueryOptions(RECENT_QUERY),
  awaitingPrealertsQueryOptions(),
];

afterEach(() => {
  idbData.clear();
  clearSession();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('seeding the query cache from the boot block', () => {
  it('gives every first-screen query its answer, fresh: opening the dashboard fetches nothing', async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network in this test')));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    expect(seedFirstScreen(client, session(1200), 'u1')).toBe(true);
    for (const options of firstScreen('u1')) {
      // What a route loader does on the way in; a stale or missing answer would be fetched here.
      await client.prefetchQuery(options as Parameters<QueryClient['prefetchQuery']>[0]);
      expect(client.getQueryState(options.queryKey)?.status, String(options.queryKey)).toBe('success');
    }
    expect(fetch).not.toHaveBeenCalled();
    expect(client.getQueryData(meQueryOptions('u1').queryKey)).toEqual(user);
    expect(client.getQueryData(accountSummaryQueryOptions().queryKey)).toEqual({ balance_due_cents: 1200 });
    // The recent list as the list's own fetch keeps it (its total counted).
    expect(client.getQueryData(packagesQueryOptions(RECENT_QUERY).queryKey)).toMatchObject({
      total: 1,
      counted: true,
    });
  });

  it("gives the history's plain view and a package's page their answers under the keys those screens ask with", async () => {
    const fetch = vi.fn(() => Promise.reject(new Error('no network in this test')));
    vi.stubGlobal('fetch', fetch);
    const client = createQueryClient();
    const { user: u, data } = session(0);
    const history = { items: [{ id: 'p1' }], page: 1, pageSize: 20, total: 1, total_capped: false };
    seedFirstScreen(client, { user: u, data: { ...data, history } } as unknown as BootSession, 'u1');
    // The history route's own view of a URL without a query (its loader and component ask with it).
    const plain = packagesQueryOptions(parseHistorySearch({}));
    await client.prefetchQuery(plain);
    expect(client.getQueryData(plain.queryKey)).toMatchObject({ items: [{ id: 'p1' }], counted: true });

    const pkg = { id: 'p9', tracking_number: 'IEX-9' };
    const other = createQueryClient();
    seedFirstScreen(other, { user: u, data: { package: pkg } } as unknown as BootSession, 'u1');
    await other.prefetchQuery(packageQueryOptions('p9'));
    expect(other.getQueryData(packageQueryOptions('p9').queryKey)).toEqual(pkg);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("ignores a block written for another session than this page's cookie", () => {
    const client = createQueryClient();
    expect(seedFirstScreen(client, session(1200), 'u2')).toBe(false);
    expect(seedFirstScreen(client, session(1200), null)).toBe(false);
    expect(client.getQueryCache().getAll()).toHaveLength(0);
  });

  it('is not replaced by the older copy the device persisted on its last visit', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    setTokens({ access_token: customerToken('u1'), refresh_token: 'r' });
    // The last visit: a balance of 500 saved on the device.
    const before = createQueryClient();
    const last = setupQueryPersistence(before);
    seedFirstScreen(before, session(500), 'u1');
    last.onRestored();
    await vi.advanceTimersByTimeAsync(2000);

    // A minute later the page arrives with a balance of 1200; then the persisted cache is restored.
    await vi.advanceTimersByTimeAsync(60_000);
    const client = createQueryClient();
    seedFirstScreen(client, session(1200), 'u1');
    const { persistOptions } = setupQueryPersistence(client);
    await persistQueryClientRestore({ queryClient: client, ...persistOptions });
    expect(client.getQueryData(accountSummaryQueryOptions().queryKey)).toEqual({ balance_due_cents: 1200 });
    // And what the restore brought is really the older copy (the test would prove nothing otherwise).
    const fresh = createQueryClient();
    await persistQueryClientRestore({ queryClient: fresh, ...persistOptions });
    expect(fresh.getQueryData(accountSummaryQueryOptions().queryKey)).toEqual({ balance_due_cents: 500 });
  });
});
