import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Notification, NotificationPage } from '../../../contract/notifications';
import { setTokens } from '../../lib/session/session';
import { renderWithRouter, screen, waitFor, within } from '../../test/render';
import { NotificationsBell } from './NotificationsBell';

const envelope = (data: unknown, status = 200) =>
  new Response(JSON.stringify({ success: status < 400, message: 'OK', data, statusCode: status }), {
    status,
    headers: { 'content-type': 'application/json' },
  });

const b64url = (o: object) =>
  btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`;

const minutesAgo = (m: number) => new Date(Date.now() - m * 60_000).toISOString();

const note = (i: number, read: boolean, link = `/user/packages/p${i}`): Notification => ({
  id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
  kind: 'package_status',
  title: `TBA${i}: In transit`,
  body: `Your package TBA${i} is now “In transit”.`,
  link,
  read_at: read ? minutesAgo(1) : null,
  created_at: minutesAgo(i * 5),
});

function stubApi(items: Notification[]) {
  const state: NotificationPage = {
    items,
    page: 1,
    pageSize: 10,
    total: items.length,
    unread_count: items.filter((n) => n.read_at === null).length,
  };
  const calls: { method: string; url: string }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = String(input instanceof Request ? input.url : input);
    const method = init?.method ?? 'GET';
    calls.push({ method, url });
    if (method === 'POST' && url.endsWith('/read-all')) {
      const updated = state.unread_count;
      state.items = state.items.map((n) => ({ ...n, read_at: n.read_at ?? new Date().toISOString() }));
      state.unread_count = 0;
      return envelope({ updated, unread_count: 0 });
    }
    const one = /\/v1\/notifications\/([^/]+)\/read$/.exec(url);
    if (method === 'POST' && one) {
      state.items = state.items.map((n) =>
        n.id === one[1] ? { ...n, read_at: n.read_at ?? new Date().toISOString() } : n,
      );
      state.unread_count = state.items.filter((n) => n.read_at === null).length;
      return envelope(state.items.find((n) => n.id === one[1]));
    }
    return envelope(state);
  });
  vi.stubGlobal('fetch', fetch);
  return { fetch, calls };
}

beforeEach(() => {
  setTokens({
    access_token: jwt({ sub: 'user-1', cid: 'co-1', role: 'customer', ver: true, exp: 4_000_000_000 }),
    refresh_token: 'refresh-1234567890',
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('NotificationsBell', () => {
  it('shows the unread count on the bell and lists the newest notifications', async () => {
    stubApi([note(1, false), note(2, false), note(3, false), note(4, true)]);
    await renderWithRouter(<NotificationsBell />);
    const bell = await screen.findByRole('button', { name: 'Notifications, 3 unread' });
    expect(screen.getByTestId('notifications-count').textContent).toBe('3');

    await userEvent.click(bell);
    const list = await screen.findByRole('list', { name: 'Recent notifications' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(4);
    expect(links[0]?.textContent).toContain('Unread: TBA1: In transit');
    expect(links[0]?.textContent).toContain('5 minutes ago');
    expect(links[3]?.textContent).not.toContain('Unread');
    expect(links[0]?.getAttribute('href')).toBe('/user/packages/p1');
  });

  it('marks all as read: the count goes and the call is made once', async () => {
    const { calls } = stubApi([note(1, false), note(2, false), note(3, true)]);
    await renderWithRouter(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('button', { name: 'Mark all as read' }));
    await waitFor(() => expect(screen.queryByTestId('notifications-count')).toBeNull());
    expect(screen.getByRole('button', { name: 'Notifications' })).toBeTruthy();
    expect(await screen.findByText('All notifications marked as read')).toBeTruthy();
    expect(calls.filter((c) => c.method === 'POST')).toEqual([
      { method: 'POST', url: '/v1/notifications/read-all' },
    ]);
    expect(screen.queryByText(/^Unread:/)).toBeNull();
  });

  it('opening a notification marks it read and goes to its link', async () => {
    const { calls } = stubApi([note(1, false, '/user/invoices'), note(2, false)]);
    const { router } = await renderWithRouter(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications, 2 unread' }));
    await userEvent.click(await screen.findByRole('link', { name: /TBA1: In transit/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/user/invoices'));
    await waitFor(() => expect(screen.getByRole('button', { name: 'Notifications, 1 unread' })).toBeTruthy());
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      `/v1/notifications/${note(1, false).id}/read`,
    ]);
  });

  it('keeps the empty state when there are none', async () => {
    stubApi([]);
    await renderWithRouter(<NotificationsBell />);
    await userEvent.click(await screen.findByRole('button', { name: 'Notifications' }));
    expect(await screen.findByText('No notifications yet')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark all as read' })).toBeNull();
  });
});
