/** Plain code, no zod: validateSearch runs in the router, which lives in the entry bundle. */
import { PAGE_MAX, prealertStatuses } from '../../../contract/constants';
import { searchInt, searchOneOf, searchText } from '../../lib/search-params';

export type PrealertStatus = (typeof prealertStatuses)[number];
export const PREALERT_STATUS_CODES: readonly PrealertStatus[] = prealertStatuses;
export const PREALERT_PAGE_SIZE = 10;

/** The list under the pre-alert form: words, a state and a page, all in the URL (`/user/packages/pre-alert?q=…`). */
export interface PrealertSearch {
  q: string | undefined;
  status: PrealertStatus | undefined;
  page: number;
}

export const PREALERT_SEARCH_DEFAULTS: PrealertSearch = { q: undefined, status: undefined, page: 1 };

export function parsePrealertSearch(raw: Record<string, unknown>): PrealertSearch {
  return {
    q: searchText(raw.q),
    status: searchOneOf(PREALERT_STATUS_CODES, raw.status),
    page: searchInt(raw.page, 1, PAGE_MAX) ?? 1,
  };
}

/** Only what differs from the defaults goes in the URL. */
export function toPrealertUrlSearch(s: Partial<PrealertSearch>): Partial<PrealertSearch> {
  const out: Partial<PrealertSearch> = {};
  if (s.q) out.q = s.q;
  if (s.status) out.status = s.status;
  if (s.page && s.page !== 1) out.page = s.page;
  return out;
}
