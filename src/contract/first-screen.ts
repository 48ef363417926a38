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

/** One GET of the API, as the PWA's query asks it. */
export interface FirstScreenCall {
  readonly call: { readonly method: 'GET'; readonly path: string };
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

type Calls = typeof SHELL_CALLS & typeof DASHBOARD_CALLS;

/** Each first-screen answer by name; a name is absent when its call did not answer 200. */
export type FirstScreenData = { [K in keyof Calls]?: ReplyOf<Calls[K]['call']> };

/** The signed-in part of the boot block: the session's own user (as `GET /v1/auth/me`) and its first screen. */
export interface BootSession {
  user: User;
  data: FirstScreenData;
}

/** The URL of a first-screen call, query as the PWA's client writes it. */
export function urlOf({ call, query }: FirstScreenCall): string {
  if (!query) return call.path;
  const search = new URLSearchParams(Object.entries(query).map(([k, v]) => [k, String(v)]));
  return `${call.path}?${search}`;
}
