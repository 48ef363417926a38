import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { accountApi } from '../../../contract/paths';
import type { PointsPage } from '../../../contract/points';
import { api } from '../../lib/api';

export const pointsQueryOptions = (page: number, pageSize: number) =>
  queryOptions({
    queryKey: ['points', 'list', { page, pageSize }] as const,
    queryFn: () => api.get<PointsPage>(accountApi.points.list, { query: { page, pageSize } }),
    placeholderData: keepPreviousData,
  });
