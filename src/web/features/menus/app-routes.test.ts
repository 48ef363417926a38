import { describe, expect, it } from 'vitest';
import { APP_ROUTES, isMenuRoute, MENU_ROUTES } from '../../../contract/app-routes';
import { MENU_ICONS } from '../../../contract/menus';
// The generated file's text, as vite reads it (?raw): the interface below is what the router itself checks paths by.
import routeTreeSource from '../../routeTree.gen.ts?raw';
import { MENU_ICON_COMPONENTS } from './icons';

/** The router's own list of pages: the keys of `FileRoutesByFullPath` in the generated route tree. */
function routerPaths(): string[] {
  const block = routeTreeSource.match(/export interface FileRoutesByFullPath \{([\s\S]*?)\n\}/)?.[1] ?? '';
  return [...block.matchAll(/^\s*'([^']+)':/gm)].map((m) => {
    const path = m[1] as string;
    return path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  });
}

describe('the app routes of the contract', () => {
  it('are exactly the pages of the route tree (a page added or removed must be added or removed there too)', () => {
    const fromRouter = routerPaths();
    expect(fromRouter.length).toBeGreaterThan(30);
    expect([...APP_ROUTES].sort()).toEqual([...new Set(fromRouter)].sort());
  });

  it('let a menu open a signed-in screen, with an optional filter, and nothing else', () => {
    expect(MENU_ROUTES).toContain('/user/fees');
    expect(MENU_ROUTES).toContain('/admin/menu');
    expect(MENU_ROUTES.some((r) => r.includes('$'))).toBe(false);
    expect(isMenuRoute('/admin/packages?status=received')).toBe(true);
    for (const bad of [
      '/login',
      '/user/packages/$id',
      '/user/nope',
      '/user/fees?',
      '/user/fees?a=<b>',
      'https://x.test',
    ]) {
      expect(isMenuRoute(bad), bad).toBe(false);
    }
  });
});

describe('the menu icons', () => {
  it('have a component for every name the contract allows, and no more', () => {
    expect(Object.keys(MENU_ICON_COMPONENTS).sort()).toEqual([...MENU_ICONS].sort());
    expect(MENU_ICONS.length).toBeGreaterThanOrEqual(50);
  });
});
