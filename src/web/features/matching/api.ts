import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { matchingCalls } from '../../../contract/matching.calls';
import { packageCalls } from '../../../contract/packages.calls';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/query-keys';

export const matchingKeys = {
  all: [queryRoots.matching] as const,
};

export const unmatchedQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [queryRoots.matching, 'unmatched', { page, pageSize }] as const,
    queryFn: () => api.call(matchingCalls.unmatched, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const withoutPrealertQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: [queryRoots.matching, 'without', { page, pageSize }] as const,
    queryFn: () => api.call(matchingCalls.withoutPrealert, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

/** Received packages whose tracking number contains what the clerk typed (a pre-alert's manual pick). */
export const packagePickQueryOptions = (q: string | null) =>
  queryOptions({
    queryKey: [queryRoots.matching, 'pick', q] as const,
    queryFn: () => api.call(packageCalls.list, { query: { q: q ?? '', pageSize: 5 } }),
    enabled: q !== null,
  });

export const matchPrealert = (prealertId: string, packageId: string) =>
  api.call(matchingCalls.match, { params: { id: prealertId }, body: { package_id: packageId } });

/** Cancels a pre-alert with a reason the customer reads. */
export const cancelPrealert = (prealertId: string, reason: string) =>
  api.call(matchingCalls.cancel, { params: { id: prealertId }, body: { reason } });
