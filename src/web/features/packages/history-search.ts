/*
 * Plain code, no zod: validateSearch runs in the router, which lives in the entry bundle, and even zod/mini costs
 * about 15 kB gzip there for every visitor. The lists come from the contract's zod-free constants.
 */
import {
  PAGE_MAX,
  PAGE_SIZE_MAX,
  PAGE_SIZES,
  type PackageSort,
  type PackageStatusCode,
  packageSorts,
  packageStatusCodes,
} from '../../../contract/constants';
import { HISTORY_FIRST_QUERY } from '../../../contract/first-screen';
import { searchInt as int, searchOneOf as oneOf, searchText as text } from '../../lib/search-params';

/**
 * The history view's defaults: left out of the URL so a plain link shows the usual view (the view whose answer a
 * signed-in document carries, contract/first-screen.ts).
 */
export const HISTORY_DEFAULTS = HISTORY_FIRST_QUERY;

export interface HistorySearch {
  q: string | undefined;
  status: PackageStatusCode | undefined;
  /** ISO dates (YYYY-MM-DD), inclusive, on the day the package was added. */
  from: string | undefined;
  to: string | undefined;
  sort: PackageSort;
  page: number;
  pageSize: number;
}
/** What a link or navigate() may put in the URL: every key optional. */
export type HistorySearchInput = Partial<HistorySearch>;

function isoDate(v: unknown): string | undefined {
  if (typeof v !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(v)) return undefined;
  const d = new Date(`${v}T00:00:00Z`);
  // Rejects 2026-02-31 and friends: the date must read back the same.
  return !Number.isNaN(d.getTime()) && d.toISOString().slice(0, 10) === v ? v : undefined;
}

/**
 * The history screen's search params (the route's validateSearch). Every value is optional and anything malformed
 * falls back to its default, so a hand-edited or outdated link still opens a sensible view.
 */
export function parseHistorySearch(raw: Record<string, unknown>): HistorySearch {
  const from = isoDate(raw.from);
  const to = isoDate(raw.to);
  // A range typed backwards still means the days between the two dates.
  const swap = Boolean(from && to && from > to);
  const pageSize = int(raw.pageSize, 1, PAGE_SIZE_MAX);
  return {
    q: text(raw.q),
    status: oneOf(packageStatusCodes, raw.status),
    from: swap ? to : from,
    to: swap ? from : to,
    sort: oneOf(packageSorts, raw.sort) ?? HISTORY_DEFAULTS.sort,
    page: int(raw.page, 1, PAGE_MAX) ?? HISTORY_DEFAULTS.page,
    pageSize:
      pageSize && (PAGE_SIZES as readonly number[]).includes(pageSize) ? pageSize : HISTORY_DEFAULTS.pageSize,
  };
}

/** True when any filter narrows the list (search, status or dates). */
export const hasFilters = (s: HistorySearch) => Boolean(s.q || s.status || s.from || s.to);

/** The URL form of a view: defaults and empty values left out. */
export function toUrlSearch(s: Partial<HistorySearch>): HistorySearchInput {
  const out: HistorySearchInput = {};
  if (s.q) out.q = s.q;
  if (s.status) out.status = s.status;
  if (s.from) out.from = s.from;
  if (s.to) out.to = s.to;
  if (s.sort && s.sort !== HISTORY_DEFAULTS.sort) out.sort = s.sort;
  if (s.page && s.page !== HISTORY_DEFAULTS.page) out.page = s.page;
  if (s.pageSize && s.pageSize !== HISTORY_DEFAULTS.pageSize) out.pageSize = s.pageSize;
  return out;
}
