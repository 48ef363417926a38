import { queryOptions } from '@tanstack/react-query';
import type { Fees } from '../../../contract/fees';
import { accountApi } from '../../../contract/paths';
import { api } from '../../lib/api';

export const feesQueryOptions = () =>
  queryOptions({
    queryKey: ['fees'],
    queryFn: () => api.get<Fees>(accountApi.fees),
    staleTime: 10 * 60_000,
  });
