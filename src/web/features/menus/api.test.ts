import { describe, expect, it } from 'vitest';
import type { Menu } from '../../../contract/menus';
import { sectionsForArea, toNavSections } from './api';

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

  it('shows staff the portal menu elsewhere, with a way into the back office', () => {
    expect(routes([customer, admin], '/user/fees')).toEqual([
      ['customer', ['/user', '/user/fees', '/admin']],
    ]);
  });
});
