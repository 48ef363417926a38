import { PAGE_SIZE_DEFAULT } from './constants';
import type { ReplyOf } from './endpoint';
import { menuCalls } from './menus.calls';
import { notificationCalls } from './notifications.calls';
import { packageCalls, prealertCalls } from './packages.calls';
import { profileCalls } from './profile.calls';
import { referenceCalls } from './reference.calls';
import type { User } from './users';

/*
 * The answers a signed-in customer's first screen needs, which the server writes into the document it serves
 * (pwa/boot-session.ts) and the PWA puts into its query cache before the first render (web/app/boot-seed.ts): both
 * sides read the calls and their queries from here, so the answers written are the ones the screens ask for.
 */

/** The dashboard's "recent packages": the newest few. */
export const RECENT_PACKAGES_QUERY = { sort: 'newest', page: 1, pageSize: 5 } as const;
/** The pre-alerts awaiting their parcel, listed beside the packages. */
export const AWAITING_PREALERTS_PAGE_SIZE = 20;
/** The bell shows the newest few; older ones are read where they link to. */
export const BELL_PAGE_SIZE = 10;

/** The package history's plain view (no filter, first page): what /user/packages/history opens on. */
export const HISTORY_FIRST_QUERY = { sort: 'newest', page: 1, pageSize: PAGE_SIZE_DEFAULT } as const;

/** One GET of the API, as the PWA's query asks it. */
export interface FirstScreenCall {
  readonly call: { readonly method: 'GET'; readonly path: string };
  /** Values for the path's `:name` parts. */
  readonly params?: Readonly<Record<string, string>>;
  readonly query?: Readonly<Record<string, string | number>>;
}

/** What the layout shows on every signed-in customer screen: the navigation and the bell. */
export const SHELL_CALLS = {
  menus: { call: menuCalls.list },
  notifications: { call: notificationCalls.list, query: { page: 1, pageSize: BELL_PAGE_SIZE } },
} as const satisfies Record<string, FirstScreenCall>;

/** What /user (the dashboard) asks for as it opens, beside the shell's. */
export const DASHBOARD_CALLS = {
  summary: { call: profileCalls.summary },
  counts: { call: packageCalls.counts },
  statuses: { call: referenceCalls.packageStatuses },
  recent: { call: packageCalls.list, query: RECENT_PACKAGES_QUERY },
  awaiting: {
    call: prealertCalls.list,
    query: { page: 1, pageSize: AWAITING_PREALERTS_PAGE_SIZE, awaiting: '1' },
  },
} as const satisfies Record<string, FirstScreenCall>;

/** What the package history's plain view asks for, beside the shell's. */
export const HISTORY_CALLS = {
  history: { call: packageCalls.list, query: HISTORY_FIRST_QUERY },
  statuses: DASHBOARD_CALLS.statuses,
} as const satisfies Record<string, FirstScreenCall>;

/** A package's page asks for that package (its id is the path's). */
const packageCall = (id: string) => ({ package: { call: packageCalls.one, params: { id } } }) as const;

type Calls = typeof SHELL_CALLS &
  typeof DASHBOARD_CALLS &
  typeof HISTORY_CALLS &
  ReturnType<typeof packageCall>;

/** Each first-screen answer by name; a name is absent when its call did not answer 200. */
export type FirstScreenData = { [K in keyof Calls]?: ReplyOf<Calls[K]['call']> };

/** The signed-in part of the boot block: the session's own user (as `GET /v1/auth/me`) and its first screen. */
export interface BootSession {
  user: User;
  data: FirstScreenData;
}

/** Screens under /user/packages/ that are not a package's page. */
const PACKAGE_SCREENS = new Set(['history', 'cost-estimator', 'pre-alert', 'purchase-request']);

/** The package a path opens (`/user/packages/<id>`), or null for any other path. */
export function packageIdOf(path: string): string | null {
  const id = /^\/user\/packages\/([\w-]{1,64})\/?$/.exec(path)?.[1];
  return id && !PACKAGE_SCREENS.has(id) ? id : null;
}

/**
 * The calls whose answers a signed-in customer's document carries for `path` (its `search`, without the `?`): the
 * shell's on every /user screen, and the screen's own where it is the dashboard, the history's plain view or a
 * package's page. The history with a filter or another page in its URL gets the shell's only: the screen reads its
 * view from the URL, and the common case is the plain one.
 */
export function firstScreenCalls(path: string, search: string): Record<string, FirstScreenCall> {
  const screen = path.replace(/\/+$/, '') || '/';
  if (screen !== '/user' && !screen.startsWith('/user/')) return {};
  if (screen === '/user') return { ...SHELL_CALLS, ...DASHBOARD_CALLS };
  if (screen === '/user/packages/history') return search ? SHELL_CALLS : { ...SHELL_CALLS, ...HISTORY_CALLS };
  const id = packageIdOf(screen);
  return id ? { ...SHELL_CALLS, ...packageCall(id) } : SHELL_CALLS;
}

/** The URL of a first-screen call, path values and query as the PWA's client writes them. */
export function urlOf({ call, params, query }: FirstScreenCall): string {
  const path = call.path.replace(/:(\w+)/g, (part, name: string) =>
    params?.[name] === undefined ? part : encodeURIComponent(params[name]),
  );
  if (!query) return path;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `${path}?${search}`;
}
