import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type { CreatePlatformCompanyBody, UpdatePlatformCompanyBody } from '../../../contract/platform';
import { platformCalls } from '../../../contract/platform.calls';
import { api } from '../../lib/api';
import { queryRoots } from '../../lib/query-keys';
import type { PlatformSearch } from './search';

export const platformKeys = {
  list: (s: PlatformSearch) => [queryRoots.platform, 'list', s] as const,
  one: (id: string) => [queryRoots.platform, 'one', id] as const,
};

export const platformCompaniesQueryOptions = (s: PlatformSearch) =>
  queryOptions({
    queryKey: platformKeys.list(s),
    queryFn: () =>
      api.call(platformCalls.list, {
        query: {
          page: s.page,
          pageSize: s.pageSize,
          ...(s.q ? { q: s.q } : {}),
          ...(s.status ? { status: s.status } : {}),
        },
      }),
    placeholderData: keepPreviousData,
  });

export const platformCompanyQueryOptions = (id: string) =>
  queryOptions({
    queryKey: platformKeys.one(id),
    queryFn: () => api.call(platformCalls.one, { params: { id } }),
  });

export const createCompany = (body: CreatePlatformCompanyBody) => api.call(platformCalls.create, { body });

export const updateCompany = (id: string, body: UpdatePlatformCompanyBody) =>
  api.call(platformCalls.update, { params: { id }, body });

export const inviteAdmin = (id: string, email: string) =>
  api.call(platformCalls.invite, { params: { id }, body: { email } });
