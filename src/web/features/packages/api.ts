import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { PackageListQuery } from '../../../contract/packages';
import { packageCalls } from '../../../contract/packages.calls';
import { api } from '../../lib/api';

export const packageKeys = {
  all: ['packages'] as const,
  list: (query: PackageListQuery) => ['packages', 'list', query] as const,
  detail: (id: string) => ['packages', 'detail', id] as const,
  counts: () => ['packages', 'counts'] as const,
};

/** Empty filters are left out of the URL (api.call drops them), so equal views share one URL. */
export const fetchPackages = (query: PackageListQuery) => api.call(packageCalls.list, { query });

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
    queryFn: () => api.call(packageCalls.one, { params: { id } }),
  });

export const packageCountsQueryOptions = () =>
  queryOptions({
    queryKey: packageKeys.counts(),
    queryFn: () => api.call(packageCalls.counts),
  });
