import { onlineManager, QueryClient, QueryClientProvider, useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { setDisplayTimeZone } from '../../contract/format';
import { act, render, screen } from '../test/render';
import { formatDataTime, NEVER_LOADED_MESSAGE, OfflineGate, offlineBannerText } from './OfflineBanner';

function Screen({ queryKey, fn }: { queryKey: string[]; fn: () => Promise<unknown> }) {
  const { data } = useQuery({ queryKey, queryFn: fn, networkMode: 'offlineFirst', retry: 1, retryDelay: 0 });
  return <p>{data === undefined ? 'Loading…' : `Screen data: ${JSON.stringify(data)}`}</p>;
}

const offlineFetch = () => Promise.reject(new TypeError('Failed to fetch'));

/** Renders against a client holding data restored from a previous visit. */
function renderWith(client: QueryClient, ui: ReactNode) {
  return render(<QueryClientProvider client={client}>{ui}</QueryClientProvider>);
}

afterEach(() => {
  onlineManager.setOnline(true);
});

describe('offline banner text', () => {
  it('is nothing online, the data time offline', () => {
    const now = new Date(2026, 10, 21, 15, 30).getTime();
    expect(offlineBannerText({ online: true, since: now }, now)).toBeNull();
    expect(offlineBannerText({ online: false, since: null }, now)).toBe('Offline');
    expect(offlineBannerText({ online: false, since: now, missing: 'all' }, now)).toBe('Offline');
    // Times in the company's zone (America/Jamaica, UTC−5): 14:05 UTC is 9:05 AM there.
    const earlier = Date.UTC(2026, 10, 21, 14, 5);
    expect(offlineBannerText({ online: false, since: earlier }, Date.UTC(2026, 10, 21, 20, 30))).toBe(
      'Offline — data from 9:05 AM',
    );
  });
  it('says the server cannot be reached, by the company’s name, when the browser says online but nothing answers', () => {
    const now = Date.UTC(2026, 10, 21, 20, 30);
    const status = { online: false, since: Date.UTC(2026, 10, 21, 14, 5), reason: 'unreachable' as const };
    expect(offlineBannerText(status, now, 'Island Express')).toBe(
      "Can't reach Island Express right now — data from 9:05 AM",
    );
    expect(offlineBannerText({ ...status, since: null }, now)).toBe("Can't reach the server right now");
    expect(offlineBannerText({ ...status, reason: 'offline' }, now, 'Island Express')).toBe(
      'Offline — data from 9:05 AM',
    );
  });
  it('names the day when the data is older than today', () => {
    const now = Date.UTC(2026, 10, 21, 20, 30);
    expect(formatDataTime(Date.UTC(2026, 10, 19, 23, 0), now)).toBe('Nov 19, 2026, 6:00 PM');
    expect(formatDataTime(Date.UTC(2025, 11, 30, 13, 0), now)).toBe('Dec 30, 2025, 8:00 AM');
  });
  it('says "today" by the company’s day: 04:30 UTC is last night in Kingston, this morning in London', () => {
    const now = Date.UTC(2026, 10, 21, 20, 30);
    expect(formatDataTime(Date.UTC(2026, 10, 21, 4, 30), now)).toBe('Nov 20, 2026, 11:30 PM');
    try {
      setDisplayTimeZone('Europe/London');
      expect(formatDataTime(Date.UTC(2026, 10, 21, 4, 30), now)).toBe('4:30 AM');
    } finally {
      setDisplayTimeZone(null);
    }
  });
});

describe('<OfflineGate>', () => {
  it('shows nothing extra online', async () => {
    render(
      <OfflineGate>
        <Screen queryKey={['packages']} fn={async () => [1, 2]} />
      </OfflineGate>,
    );
    expect(await screen.findByText('Screen data: [1,2]')).toBeTruthy();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offline: keeps the last data on screen with "Offline — data from <time>"', async () => {
    const queryClient = new QueryClient();
    const fetchedAt = Date.now() - 60_000;
    queryClient.setQueryData(['packages'], [7], { updatedAt: fetchedAt });
    act(() => onlineManager.setOnline(false));
    renderWith(
      queryClient,
      <OfflineGate>
        <Screen queryKey={['packages']} fn={offlineFetch} />
      </OfflineGate>,
    );
    expect(await screen.findByText('Screen data: [7]')).toBeTruthy();
    const banner = await screen.findByRole('status');
    expect(banner.textContent).toBe(`Offline — data from ${formatDataTime(fetchedAt)}`);
    expect(screen.queryByText(NEVER_LOADED_MESSAGE)).toBeNull();
  });

  it('offline and never loaded: the clear message instead of a spinner', async () => {
    act(() => onlineManager.setOnline(false));
    render(
      <OfflineGate>
        <Screen queryKey={['invoices']} fn={offlineFetch} />
      </OfflineGate>,
    );
    expect(await screen.findByText(NEVER_LOADED_MESSAGE)).toBeTruthy();
    expect(screen.getByRole('heading', { name: "You're offline" })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Offline');
    // The screen stays mounted but hidden, so it appears by itself once online.
    expect(screen.getByText('Loading…', { selector: 'p' }).closest('[hidden]')).not.toBeNull();
  });

  it('offline with part of the screen never loaded: the data plus a note', async () => {
    const queryClient = new QueryClient();
    queryClient.setQueryData(['package-statuses'], ['ready'], { updatedAt: Date.now() - 5_000 });
    act(() => onlineManager.setOnline(false));
    renderWith(
      queryClient,
      <OfflineGate>
        <Screen queryKey={['package-statuses']} fn={offlineFetch} />
        <Screen queryKey={['packages', 'page-2']} fn={offlineFetch} />
      </OfflineGate>,
    );
    expect(await screen.findByText('Screen data: ["ready"]')).toBeTruthy();
    expect(
      await screen.findByText("Parts of this page haven't been loaded on this device yet.", { exact: false }),
    ).toBeTruthy();
    expect(screen.queryByText(NEVER_LOADED_MESSAGE)).toBeNull();
  });
});
