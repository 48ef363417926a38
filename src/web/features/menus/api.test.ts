import { QueryClient } from '@tanstack/react-query';
import { persistQueryClientRestore } from '@tanstack/react-query-persist-client';
import { describe, expect, it } from 'vitest';
import type { Menu } from '../../../contract/menus';
import { createPersistOptions, type KeyValueStore, persistNow } from '../../lib/offline/persist';
import { MENU_REFRESH_MS, menusQueryOptions, navSectionsFor, sectionsForArea, toNavSections } from './api';

const item = (id: number, route: string) => ({
  id,
  menu_id: 1,
  parent_id: null,
  title: route,
  icon: 'circle',
  route,
  sort_order: id,
  roles: ['customer' as const, 'staff' as const, 'admin' as const],
  is_active: true,
});
const customer: Menu = {
  id: 1,
  code: 'customer',
  title: 'Customer',
  items: [item(1, '/user'), item(2, '/user/fees')],
};
const admin: Menu = {
  id: 2,
  code: 'admin',
  title: 'Administration',
  items: [item(3, '/admin'), item(4, '/admin/receive')],
};
const routes = (menus: Menu[], path: string) =>
  sectionsForArea(toNavSections(menus), path).map((s) => [s.code, s.items.map((i) => i.route)]);

describe('sectionsForArea', () => {
  it('shows a customer their menu only, with no area switch', () => {
    expect(routes([customer], '/user')).toEqual([['customer', ['/user', '/user/fees']]]);
  });

  it('shows staff the back office menu in /admin, with a way back to the portal', () => {
    expect(routes([customer, admin], '/admin/receive')).toEqual([
      ['admin', ['/admin', '/admin/receive', '/user']],
    ]);
  });

  it('gives the platform operator the console, and the back office menu while in it', () => {
    const nav = (path: string) =>
      sectionsForArea(toNavSections([customer, admin]), path, { platform: true }).map((s) => [
        s.code,
        s.items.map((i) => i.route),
      ]);
    expect(nav('/platform')).toEqual([['admin', ['/admin', '/admin/receive', '/platform', '/user']]]);
    expect(nav('/user')).toEqual([['customer', ['/user', '/user/fees', '/platform', '/admin']]]);
    expect(routes([customer, admin], '/platform')).toEqual([['customer', ['/user', '/user/fees', '/admin']]]);
  });

  it('shows staff the portal menu elsewhere, with a way into the back office', () => {
    expect(routes([customer, admin], '/user/fees')).toEqual([
      ['customer', ['/user', '/user/fees', '/admin']],
    ]);
  });
});

describe('the admin’s way to the menu editor', () => {
  const editorRoutes = (menus: Menu[], isAdmin: boolean) =>
    navSectionsFor(menus, { isAdmin })
      .flatMap((s) => s.items)
      .filter((i) => i.route === '/admin/menu').length;

  it('is added for an admin when the admin menu lost its item (deleted or disabled)', () => {
    expect(editorRoutes([customer, admin], true)).toBe(1);
    const disabled: Menu = {
      ...admin,
      items: [...admin.items, { ...item(5, '/admin/menu'), is_active: false }],
    };
    expect(editorRoutes([customer, disabled], true)).toBe(1);
  });

  it('is not doubled when the menu has it, and never given to staff', () => {
    const withEditor: Menu = { ...admin, items: [...admin.items, item(5, '/admin/menu')] };
    expect(editorRoutes([customer, withEditor], true)).toBe(1);
    expect(editorRoutes([customer, admin], false)).toBe(0);
  });
});

describe('the navigation query', () => {
  it('refetches on focus and every few minutes, so an admin’s edit reaches everyone without a deploy', () => {
    const options = menusQueryOptions('u1');
    expect(options.refetchOnWindowFocus).toBe('always');
    expect(options.refetchInterval).toBe(MENU_REFRESH_MS);
    expect(MENU_REFRESH_MS).toBeLessThanOrEqual(10 * 60_000);
  });

  it('is persisted with the user’s cache, so offline the last menu still shows', async () => {
    const data = new Map<string, string>();
    const store: KeyValueStore = {
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
    const options = createPersistOptions({ store, owner: () => 'u1', buster: 'b1', throttleMs: 0 });
    const online = new QueryClient();
    const { queryKey } = menusQueryOptions('u1');
    online.setQueryData(queryKey, [customer]);
    await persistNow(online, options);
    await new Promise((r) => setTimeout(r, 10));
    const offline = new QueryClient();
    await persistQueryClientRestore({ queryClient: offline, ...options });
    expect(offline.getQueryData(queryKey)).toEqual([customer]);
  });
});
