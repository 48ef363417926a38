/**
 * Every page of the PWA, as the router knows it (`src/web/routeTree.gen.ts`, full paths without the trailing
 * slash of index routes). A web unit test checks this list equals the route tree, so a page added or removed
 * without updating it fails CI instead of letting menus point at pages that do not exist.
 */
export const APP_ROUTES = [
  '/',
  '/admin',
  '/admin/counter',
  '/admin/customers',
  '/admin/customers/$id',
  '/admin/duties',
  '/admin/import',
  '/admin/invoice/add',
  '/admin/invoice/edit/$id',
  '/admin/invoice/list',
  '/admin/invoice/preview/$id',
  '/admin/menu',
  '/admin/menu/$id',
  '/admin/packages',
  '/admin/packages/$id',
  '/admin/prealerts',
  '/admin/rates',
  '/admin/receive',
  '/admin/settings',
  '/admin/settings/branding',
  '/admin/shipments',
  '/admin/shipments/$id',
  '/admin/staff',
  '/error/not-authorized',
  '/error/not-found',
  '/error/server-error',
  '/forgotPassword',
  '/invite/$token',
  '/login',
  '/pages/error/not-authorized',
  '/pages/error/not-found',
  '/pass/$token',
  '/platform',
  '/platform/companies/$id',
  '/platform/companies/new',
  '/resetPassword',
  '/signup',
  '/user',
  '/user/authorizeduser',
  '/user/fees',
  '/user/invoices',
  '/user/invoices/$id',
  '/user/invoices/payment/$attemptId',
  '/user/packages/$id',
  '/user/packages/cost-estimator',
  '/user/packages/history',
  '/user/packages/pre-alert',
  '/user/packages/purchase-request',
  '/user/pickup-pass',
  '/user/points/history',
  '/user/profile',
  '/verification',
  '/verification/$id',
  '/verification/verified',
] as const;

/**
 * The pages a menu item may open: the signed-in areas (/user, /admin) without path parameters (a menu names a
 * screen, not one record). Public and error pages are left out: a navigation entry to /login helps nobody.
 */
export const MENU_ROUTES: readonly string[] = APP_ROUTES.filter(
  (r) =>
    !r.includes('$') &&
    (r === '/user' || r.startsWith('/user/') || r === '/admin' || r.startsWith('/admin/')),
);

/** The editor of the menus: an admin must always be able to reach it (see the lock-out guard on the server). */
export const MENU_EDITOR_ROUTE = '/admin/menu';

/** A query string a menu may add to its page (e.g. a list's filter): plain URL characters only. */
const QUERY = /^[A-Za-z0-9_.~%=&+,:-]*$/;

/** The page a menu route opens, without its query string. */
export const routePath = (route: string): string => route.split('?')[0] ?? route;

/**
 * True when a menu route opens one of the app's pages, optionally with a query string (`/admin/packages?status=x`
 * gives a filtered list its own entry).
 */
export function isMenuRoute(route: string): boolean {
  const q = route.indexOf('?');
  const path = q < 0 ? route : route.slice(0, q);
  const query = q < 0 ? '' : route.slice(q + 1);
  return MENU_ROUTES.includes(path) && (q < 0 || (query.length > 0 && QUERY.test(query)));
}
