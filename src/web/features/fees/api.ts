import { queryOptions } from '@tanstack/react-query';
import { feeEndpoints } from '../../../contract/fees';
import { api } from '../../lib/api';

export const feesQueryOptions = () =>
  queryOptions({
    queryKey: ['fees'],
    queryFn: () => api.call(feeEndpoints.get),
    staleTime: 10 * 60_000,
  });
