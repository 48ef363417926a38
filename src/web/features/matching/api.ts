import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { matchingCalls } from '../../../contract/matching.calls';
import { api } from '../../lib/api';

export const unmatchedQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['matching', 'unmatched', { page, pageSize }] as const,
    queryFn: () => api.call(matchingCalls.unmatched, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });

export const withoutPrealertQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['matching', 'without', { page, pageSize }] as const,
    queryFn: () => api.call(matchingCalls.withoutPrealert, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
