import { useQuery } from '@tanstack/react-query';
import { useLocation, useRouter } from '@tanstack/react-router';
import type { MouseEvent } from 'react';
import { menusQueryOptions, type NavNode, toNavSections } from '../../features/menus/api';
import { useSession } from '../../lib/session/use-session';

export function useNavSections() {
  const session = useSession();
  const query = useQuery(menusQueryOptions(session.userId));
  return { sections: query.data ? toNavSections(query.data) : [], query };
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
    (node.route !== '/' && node.route !== '/user' && pathname.startsWith(`${node.route}/`)) ||
    node.children.some((c) => pathname === c.route || pathname.startsWith(`${c.route}/`));
}
