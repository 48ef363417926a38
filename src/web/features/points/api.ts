import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pointsEndpoints } from '../../../contract/points';
import { api } from '../../lib/api';

export const pointsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['points', 'list', { page, pageSize }] as const,
    queryFn: () => api.call(pointsEndpoints.list, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
