import { keepPreviousData, type QueryClient, queryOptions } from '@tanstack/react-query';
import { AWAITING_PREALERTS_PAGE_SIZE, RECENT_PACKAGES_QUERY } from '../../../contract/first-screen';
import type { PackageListQuery, PackagePage } from '../../../contract/packages';
import { packageCalls, prealertCalls } from '../../../contract/packages.calls';
import { api } from '../../lib/api';
import { type Counted, countedPage, countParam, knownTotal } from '../../lib/api/counted-pages';

export const packageKeys = {
  all: ['packages'] as const,
  list: (query: PackageListQuery) => ['packages', 'list', query] as const,
  detail: (id: string) => ['packages', 'detail', id] as const,
  counts: () => ['packages', 'counts'] as const,
};

/** A page of the list with its total always known (the server counts only when asked, see `count`). */
export type CountedPackagePage = Counted<PackagePage>;

const sameFilters = (a: PackageListQuery, b: PackageListQuery) =>
  (a.q ?? '') === (b.q ?? '') &&
  (a.status ?? '') === (b.status ?? '') &&
  (a.from ?? '') === (b.from ?? '') &&
  (a.to ?? '') === (b.to ?? '');

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
  const known = later
    ? knownTotal<PackageListQuery>(client, ['packages', 'list'], (cached) => sameFilters(cached, query))
    : null;
  const page = await api.call(packageCalls.list, {
    query: later ? { ...query, count: countParam(known) } : query,
  });
  return countedPage(page, known);
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
