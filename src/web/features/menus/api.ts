import { queryOptions } from '@tanstack/react-query';
import type { Menu, MenuItem } from '../../../contract/menus';
import { menuCalls } from '../../../contract/menus.calls';
import { api } from '../../lib/api';

export const fetchMenus = () => api.call(menuCalls.list);

/** The navigation menu; the server already drops admin items for customers. */
export const menusQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['menus', userId],
    queryFn: fetchMenus,
    enabled: Boolean(userId),
    staleTime: 10 * 60_000,
  });

export interface NavNode {
  id: number;
  title: string;
  icon: string;
  route: string;
  children: NavNode[];
}

/** Flat menu items -> a sorted tree, one section per menu. */
export function toNavSections(menus: Menu[]): { title: string; code: string; items: NavNode[] }[] {
  return menus.map((menu) => {
    const active = menu.items.filter((i) => i.is_active !== false);
    const byParent = new Map<number | null, MenuItem[]>();
    for (const item of active) {
      const key = item.parent_id && active.some((p) => p.id === item.parent_id) ? item.parent_id : null;
      byParent.set(key, [...(byParent.get(key) ?? []), item]);
    }
    const build = (parent: number | null): NavNode[] =>
      (byParent.get(parent) ?? [])
        .sort((a, b) => a.sort_order - b.sort_order || a.title.localeCompare(b.title))
        .map((i) => ({ id: i.id, title: i.title, icon: i.icon, route: i.route, children: build(i.id) }));
    return { title: menu.title, code: menu.code, items: build(null) };
  });
}

type NavSection = ReturnType<typeof toNavSections>[number];

export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

/**
 * The navigation of the area the user is in: the back office (/admin) shows the admin menu, everywhere else the
 * customer menu. Staff get a last item that switches area, so both stay one click away.
 */
export function sectionsForArea(sections: NavSection[], pathname: string): NavSection[] {
  const admin = sections.find((s) => s.code === 'admin');
  if (!admin) return sections;
  const rest = sections.filter((s) => s !== admin);
  const inAdmin = isAdminPath(pathname);
  const switcher: NavNode = inAdmin
    ? { id: -1, title: 'Customer portal', icon: 'home', route: '/user', children: [] }
    : { id: -2, title: 'Back office', icon: 'layout-dashboard', route: '/admin', children: [] };
  const area = inAdmin || rest.length === 0 ? [admin] : rest;
  return area.map((s, i) => (i === area.length - 1 ? { ...s, items: [...s.items, switcher] } : s));
}
