import { queryOptions } from '@tanstack/react-query';
import { feeCalls } from '../../../contract/fees.calls';
import { api } from '../../lib/api';

export const feesQueryOptions = () =>
  queryOptions({
    queryKey: ['fees'],
    queryFn: () => api.call(feeCalls.get),
    staleTime: 10 * 60_000,
  });
