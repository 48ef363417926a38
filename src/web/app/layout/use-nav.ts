import { useQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { menusQueryOptions, type NavNode, navSectionsFor, sectionsForArea } from '../../features/menus/api';
import { useSession } from '../../lib/session/use-session';

/** The menus as sections: every section (`all`, for search), or those of the area the user is in. */
export function useNavSections({ all = false }: { all?: boolean } = {}) {
  const session = useSession();
  const { pathname } = useLocation();
  const query = useQuery(menusQueryOptions(session.userId));
  // Admins always get a way to the menu editor, even when the menu lost its item (see withMenuEditor).
  const sections = query.data ? navSectionsFor(query.data, { isAdmin: session.role === 'admin' }) : [];
  return {
    sections: all ? sections : sectionsForArea(sections, pathname, { platform: session.platform }),
    query,
  };
}

/** Client-side navigation for plain anchors (menu routes are data, not typed route ids). */
export function useGo() {
  const router = useRouter();
  return (href: string) => (event?: MouseEvent) => {
    if (event && (event.metaKey || event.ctrlKey || event.shiftKey || event.button === 1)) return;
    event?.preventDefault();
    void router.navigate({ href });
  };
}

export function useIsActive() {
  const { pathname } = useLocation();
  return (node: NavNode): boolean =>
    pathname === node.route ||
    // Area homes (/user, /admin) are active on themselves only, not on every page under them.
    (!['/', '/user', '/admin'].includes(node.route) && pathname.startsWith(`${node.route}/`)) ||
    node.children.some((c) => pathname === c.route || pathname.startsWith(`${c.route}/`));
}
