import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { pointsCalls } from '../../../contract/points.calls';
import { api } from '../../lib/api';

export const pointsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['points', 'list', { page, pageSize }] as const,
    queryFn: () => api.call(pointsCalls.list, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
