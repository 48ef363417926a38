import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { Paginated } from '../../../contract/envelope';
import type { PackageDetail, PackageListQuery, PackageSummary } from '../../../contract/packages';
import { packageApi, api as paths } from '../../../contract/paths';
import type { PackageStatus } from '../../../contract/reference';
import { api } from '../../lib/api';

export type PackageCounts = { total: number; by_status: Record<string, number> };

export const packageKeys = {
  all: ['packages'] as const,
  list: (query: PackageListQuery) => ['packages', 'list', query] as const,
  detail: (id: string) => ['packages', 'detail', id] as const,
  counts: () => ['packages', 'counts'] as const,
};

/** Drops empty filters so equal views share one cache entry and one URL. */
function toQuery(query: PackageListQuery): Record<string, string | number> {
  const out: Record<string, string | number> = {};
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') out[key] = value as string | number;
  }
  return out;
}

export const fetchPackages = (query: PackageListQuery) =>
  api.get<Paginated<PackageSummary>>(packageApi.packages.list, { query: toQuery(query) });

export const packagesQueryOptions = (query: PackageListQuery) =>
  queryOptions({
    queryKey: packageKeys.list(query),
    queryFn: () => fetchPackages(query),
    // Paging and filtering keep the last page on screen until the next one arrives.
    placeholderData: keepPreviousData,
  });

export const packageQueryOptions = (id: string) =>
  queryOptions({
    queryKey: packageKeys.detail(id),
    queryFn: () => api.get<PackageDetail>(packageApi.packages.one(id)),
  });

export const packageCountsQueryOptions = () =>
  queryOptions({
    queryKey: packageKeys.counts(),
    queryFn: () => api.get<PackageCounts>(packageApi.packages.counts),
  });

/** The status table (admins may rename statuses): names and order come from here, never from the code. */
export const packageStatusesQueryOptions = () =>
  queryOptions({
    queryKey: ['package-statuses'],
    queryFn: () => api.get<PackageStatus[]>(paths.packageStatuses.list),
    staleTime: 10 * 60_000,
    select: (statuses) => [...statuses].sort((a, b) => a.sort_order - b.sort_order),
  });
