import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Company } from '../../../contract/companies';
import { api as paths } from '../../../contract/paths';
import type { Parish } from '../../../contract/reference';
import { ApiError, api } from '../../lib/api';
import { readJson, removeKey, writeJson } from '../../lib/storage';

const COMPANY_KEY = 'portal.company';
const PARISHES_KEY = 'portal.parishes';

/** The spec's store fallback messages: what the user reads when these calls fail. */
export const TENANT_MESSAGES = {
  company: 'Failed to fetch company',
  companies: 'Failed to fetch companies',
  createCompany: 'Failed to create company',
  parishes: 'Failed to fetch parishs',
} as const;

const withFallback = (e: unknown, message: string) =>
  e instanceof ApiError && e.status === 404 ? e : new ApiError(e instanceof ApiError ? e.status : 0, message);

export async function fetchCompany(): Promise<Company> {
  try {
    const company = await api.get<Company>(paths.companies.me);
    writeJson(COMPANY_KEY, company);
    return company;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) removeKey(COMPANY_KEY);
    throw withFallback(e, TENANT_MESSAGES.company);
  }
}

export const getCachedCompany = () => readJson<Company>(COMPANY_KEY);

/** The company of the current host; a cached copy paints the brand at once and is refreshed behind it. */
export const companyQueryOptions = () =>
  queryOptions({
    queryKey: ['company', 'me'],
    queryFn: fetchCompany,
    initialData: getCachedCompany,
    initialDataUpdatedAt: 0,
    staleTime: 5 * 60_000,
    retry: false,
  });

export type CompanyLookup =
  | { status: 'success'; company: Company }
  | { status: 'not_found' }
  | { status: 'error'; message: string };

/** Boot-time lookup: cached company wins (offline and repeat visits), else one network call. */
export async function lookupCompany(queryClient: QueryClient): Promise<CompanyLookup> {
  try {
    const company = await queryClient.ensureQueryData(companyQueryOptions());
    return { status: 'success', company };
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) return { status: 'not_found' };
    return { status: 'error', message: e instanceof ApiError ? e.message : TENANT_MESSAGES.company };
  }
}

export async function fetchParishes(): Promise<Parish[]> {
  try {
    const parishes = await api.get<Parish[]>(paths.parishes);
    writeJson(PARISHES_KEY, parishes);
    return parishes;
  } catch (e) {
    throw withFallback(e, TENANT_MESSAGES.parishes);
  }
}

/** Parishes hardly change: fetched only when the persisted list is empty. */
export const parishesQueryOptions = () =>
  queryOptions({
    queryKey: ['parishes'],
    queryFn: fetchParishes,
    initialData: () => {
      const cached = readJson<Parish[]>(PARISHES_KEY);
      return cached && cached.length > 0 ? cached : undefined;
    },
    staleTime: Number.POSITIVE_INFINITY,
  });
