import './i18n';
import { t } from '@lingui/core/macro';
import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import { MENU_EDITOR_ROUTE } from '../../../contract/app-routes';
import type {
  Menu,
  MenuItem,
  MenuItemBody,
  MenuOrderBody,
  menuItemUpdateSchema,
} from '../../../contract/menus';
import { menuCalls } from '../../../contract/menus.calls';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/query-keys';

export const fetchMenus = () => api.call(menuCalls.list);

/** Every cached copy of the menus (each user's navigation, the editor): invalidated after an edit. */
export const MENUS_KEY = [queryRoots.menus] as const;

/** How often a signed-in user's navigation asks for the menus again: an admin's edit reaches them without a deploy. */
export const MENU_REFRESH_MS = 5 * 60_000;

/**
 * The navigation menu; the server already drops admin items for customers. It is refetched whenever the window
 * regains focus (a small GET; the app's default is off) and every few minutes while the tab is visible, and is
 * persisted with the rest of the user's query cache (its key root is not a public one), so offline the last menu
 * still shows.
 */
export const menusQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: [...MENUS_KEY, userId],
    queryFn: fetchMenus,
    enabled: Boolean(userId),
    staleTime: 60_000,
    refetchOnWindowFocus: 'always',
    refetchInterval: MENU_REFRESH_MS,
    refetchIntervalInBackground: false,
  });

export type MenuItemUpdate = z.input<typeof menuItemUpdateSchema>;

export const addMenuItem = (body: MenuItemBody) => api.call(menuCalls.addItem, { body });
export const updateMenuItem = (id: number, body: MenuItemUpdate) =>
  api.call(menuCalls.updateItem, { params: { id }, body });
export const removeMenuItem = (id: number) => api.call(menuCalls.removeItem, { params: { id } });
export const reorderMenu = (id: number, body: MenuOrderBody) =>
  api.call(menuCalls.reorder, { params: { id }, body });

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

/** The navigation's sections for this user: the menus as the server sent them, and for admins the editor's way in. */
export const navSectionsFor = (menus: Menu[], { isAdmin }: { isAdmin: boolean }): NavSection[] =>
  toNavSections(menus).map((s) => (isAdmin && s.code === 'admin' ? withMenuEditor(s) : s));

const hasRoute = (nodes: NavNode[], route: string): boolean =>
  nodes.some((n) => n.route.split('?')[0] === route || hasRoute(n.children, route));

/**
 * An admin always has a way to the menu editor: when no enabled item of the admin menu opens /admin/menu (a broken
 * or half-edited menu), one is added at the end. The server also refuses to remove the last such item.
 */
export function withMenuEditor(section: NavSection): NavSection {
  if (hasRoute(section.items, MENU_EDITOR_ROUTE)) return section;
  return {
    ...section,
    items: [
      ...section.items,
      { id: -3, title: t`Menus`, icon: 'menu-2', route: MENU_EDITOR_ROUTE, children: [] },
    ],
  };
}

export const isAdminPath = (pathname: string) => pathname === '/admin' || pathname.startsWith('/admin/');

export const isPlatformPath = (pathname: string) =>
  pathname === '/platform' || pathname.startsWith('/platform/');

/**
 * The navigation of the area the user is in: the back office (/admin, and the platform console for its operator)
 * shows the admin menu, everywhere else the customer menu. Staff get a last item that switches area, so both stay one
 * click away; the platform's operator also gets the console, which no company's menu lists.
 */
export function sectionsForArea(
  sections: NavSection[],
  pathname: string,
  { platform = false }: { platform?: boolean } = {},
): NavSection[] {
  const admin = sections.find((s) => s.code === 'admin');
  const extra: NavNode[] = platform
    ? [{ id: -3, title: t`Platform console`, icon: 'building-store', route: '/platform', children: [] }]
    : [];
  if (!admin) return withLast(sections, extra);
  const rest = sections.filter((s) => s !== admin);
  const inAdmin = isAdminPath(pathname) || (platform && isPlatformPath(pathname));
  const switcher: NavNode = inAdmin
    ? { id: -1, title: t`Customer portal`, icon: 'home', route: '/user', children: [] }
    : { id: -2, title: t`Back office`, icon: 'layout-dashboard', route: '/admin', children: [] };
  return withLast(inAdmin || rest.length === 0 ? [admin] : rest, [...extra, switcher]);
}

/** The area's sections with `items` added at the end of the last one. */
function withLast(area: NavSection[], items: NavNode[]): NavSection[] {
  if (items.length === 0) return area;
  return area.map((s, i) => (i === area.length - 1 ? { ...s, items: [...s.items, ...items] } : s));
}
