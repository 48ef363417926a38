import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { AWAITING_PREALERTS_PAGE_SIZE, RECENT_PACKAGES_QUERY } from '../../../contract/first-screen';
import type { PackageListQuery, PackagePage } from '../../../contract/packages';
import { packageCalls, prealertCalls } from '../../../contract/packages.calls';
import { api } from '../../lib/api';

export const packageKeys = {
  all: ['packages'] as const,
  list: (query: PackageListQuery) => ['packages', 'list', query] as const,
  detail: (id: string) => ['packages', 'detail', id] as const,
  counts: () => ['packages', 'counts'] as const,
};

/** A page of the list with its total always known (the server counts only when asked, see `count`). */
export type CountedPackagePage = Omit<PackagePage, 'total'> & { total: number; counted: boolean };

const sameFilters = (a: PackageListQuery, b: PackageListQuery) =>
  (a.q ?? '') === (b.q ?? '') &&
  (a.status ?? '') === (b.status ?? '') &&
  (a.from ?? '') === (b.from ?? '') &&
  (a.to ?? '') === (b.to ?? '');

/** The newest counted total of the same search in the cache (it does not depend on sort, page or page size). */
function knownTotal(client: QueryClient | undefined, query: PackageListQuery) {
  let best: { total: number; capped: boolean; at: number } | null = null;
  for (const cached of client?.getQueryCache().findAll({ queryKey: ['packages', 'list'] }) ?? []) {
    const data = cached.state.data as CountedPackagePage | undefined;
    const key = cached.queryKey[2] as PackageListQuery | undefined;
    if (!data?.counted || !key || !sameFilters(key, query)) continue;
    if (!best || cached.state.dataUpdatedAt > best.at) {
      best = { total: data.total, capped: data.total_capped, at: cached.state.dataUpdatedAt };
    }
  }
  return best;
}

/**
 * Empty filters are left out of the URL (api.call drops them), so equal views share one URL. Later pages reuse the
 * total the first page counted, so the server counts once per search rather than on every page; a later page
 * opened first (a link to page 3) asks for the count.
 */
export async function fetchPackages(
  query: PackageListQuery,
  client?: QueryClient,
): Promise<CountedPackagePage> {
  const later = Number(query.page ?? 1) > 1;
  const known = later ? knownTotal(client, query) : null;
  const page = await api.call(packageCalls.list, {
    query: later ? { ...query, count: known ? '0' : '1' } : query,
  });
  return countedPage(page, known);
}

/**
 * A page as the list's queries keep it: its total as counted, or when not counted the search's known total, or at
 * least what this page shows exists. Also how a first page written into the document (app/boot-seed.ts) is kept.
 */
export function countedPage(
  page: PackagePage,
  known: { total: number; capped: boolean } | null = null,
): CountedPackagePage {
  if (page.total !== null) return { ...page, total: page.total, counted: true };
  const atLeast = (page.page - 1) * page.pageSize + page.items.length;
  return {
    ...page,
    total: Math.max(known?.total ?? 0, atLeast),
    total_capped: known?.capped ?? false,
    counted: false,
  };
}

export const packagesQueryOptions = (query: PackageListQuery) =>
  queryOptions({
    queryKey: packageKeys.list(query),
    queryFn: ({ client }) => fetchPackages(query, client),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const packageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: packageKeys.detail(id),
    queryFn: () => api.call(packageCalls.one, { params: { id } }),
  });

export const packageCountsQueryOptions = () =>
  queryOptions({
    queryKey: packageKeys.counts(),
    queryFn: () => api.call(packageCalls.counts),
  });

/** Enough for any customer's parcels on the way; the pre-alert screen pages through the rest. */
const AWAITING_PAGE_SIZE = AWAITING_PREALERTS_PAGE_SIZE;

/**
 * The customer's pending pre-alerts no package stands for yet, newest first. Under the pre-alerts' key
 * (['prealerts', 'list', …], as the pre-alert screen's lists), so sending or cancelling one refreshes it, and Ctrl+K
 * finds it offline. Offline and never loaded: nothing to add, the packages still show.
 */
export const awaitingPrealertsQueryOptions = (q?: string) =>
  queryOptions({
    queryKey: [
      'prealerts',
      'list',
      { page: 1, pageSize: AWAITING_PAGE_SIZE, awaiting: true, ...(q ? { q } : {}) },
    ],
    queryFn: () =>
      api.call(prealertCalls.list, {
        query: { page: 1, pageSize: AWAITING_PAGE_SIZE, awaiting: '1', ...(q ? { q } : {}) },
      }),
    meta: { offlineOptional: true },
  });

/** The dashboard's "recent packages": the route's loader asks for the same page (here: the loader loads no words). */
export const RECENT_QUERY = RECENT_PACKAGES_QUERY;
