import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { customerCalls } from '../../../contract/customers.calls';
import { api } from '../../lib/api';
import type { CustomersSearch } from './customers-search';

export const customersQueryOptions = (s: CustomersSearch) =>
  queryOptions({
    queryKey: ['customers', 'list', s] as const,
    queryFn: () =>
      api.call(customerCalls.list, {
        query: {
          page: s.page,
          pageSize: s.pageSize,
          sort: s.sort,
          ...(s.q ? { q: s.q } : {}),
          ...(s.verified ? { verified: s.verified } : {}),
          ...(s.active ? { active: s.active } : {}),
          ...(s.role ? { role: s.role } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const customerQueryOptions = (id: string) =>
  queryOptions({
    queryKey: ['customers', 'one', id] as const,
    queryFn: () => api.call(customerCalls.one, { params: { id } }),
  });
