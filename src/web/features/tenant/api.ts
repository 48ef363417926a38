import './i18n';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { type QueryClient, queryOptions } from '@tanstack/react-query';
import type { Company } from '../../../contract/companies';
import { companyCalls } from '../../../contract/companies.calls';
import { setDisplayTimeZone } from '../../../contract/format';
import { ApiError, api, withFallbackMessage } from '../../lib/api';
import { readJson, removeKey, writeJson } from '../../lib/storage';

const COMPANY_KEY = 'portal.company';

/**
 * The spec's store fallback message: what the user reads when the company cannot be fetched. A getter, so each
 * read is in the language spoken then (callers keep reading a string).
 */
export const TENANT_MESSAGES = {
  get company() {
    return i18n._(msg`Failed to fetch company`);
  },
};

export async function fetchCompany(): Promise<Company> {
  try {
    const company = await api.call(companyCalls.me);
    writeJson(COMPANY_KEY, company);
    setDisplayTimeZone(company.time_zone);
    return company;
  } catch (e) {
    if (e instanceof ApiError && e.status === 404) removeKey(COMPANY_KEY);
    throw withFallbackMessage(e, TENANT_MESSAGES.company);
  }
}

/** The company saved on this device (offline starts); its time zone becomes the one dates are shown in. */
export function getCachedCompany(): Company | undefined {
  const company = readJson<Company>(COMPANY_KEY);
  if (company) setDisplayTimeZone(company.time_zone);
  return company;
}

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

/**
 * The company the server wrote into the page (app/boot.ts): the query starts fresh with it, so nothing waits on
 * `GET /v1/companies/me`, and the device keeps it for offline starts.
 */
export function primeCompany(queryClient: QueryClient, company: Company): void {
  writeJson(COMPANY_KEY, company);
  setDisplayTimeZone(company.time_zone);
  queryClient.setQueryData(companyQueryOptions().queryKey, company);
}

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
