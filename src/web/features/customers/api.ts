import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { customerCalls } from '../../../contract/customers.calls';
import type { Role } from '../../../contract/users';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/query-keys';
import type { CustomersSearch } from './customers-search';

export const customersQueryOptions = (s: CustomersSearch) =>
  queryOptions({
    queryKey: [queryRoots.customers, 'list', s] as const,
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
    queryKey: [queryRoots.customers, 'one', id] as const,
    queryFn: () => api.call(customerCalls.one, { params: { id } }),
  });

/** The account actions staff take from a customer's record (each audited on it). */
export type AccountAction = 'verify' | 'resendVerification' | 'deactivate' | 'reactivate' | 'passwordReset';

/** Runs an action; true when a resend found the email verified already (nothing was sent). */
export async function runAccountAction(
  id: string,
  action: AccountAction,
): Promise<{ alreadyVerified: boolean }> {
  const reply = await api.call(customerCalls[action], { params: { id } });
  return {
    alreadyVerified:
      action === 'resendVerification' && !!reply && 'result' in reply && reply.result === 'verified',
  };
}

export const changeRole = (id: string, role: Role) =>
  api.call(customerCalls.role, { params: { id }, body: { role } });
