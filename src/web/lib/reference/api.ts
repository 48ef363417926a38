import { t } from '@lingui/core/macro';
/*
 * Reference data (parishes, identification types, package statuses): small lists the company keeps and rarely
 * changes. They live in lib/, not in a feature, because several features need them (packages shows the statuses,
 * authorized-persons the identification types) beside the routes (sign-up and profile list the parishes), and a
 * feature never imports another feature.
 */
import { queryOptions } from '@tanstack/react-query';
import type { Parish } from '../../../contract/reference';
import { referenceCalls } from '../../../contract/reference.calls';
import { api, withFallbackMessage } from '../api';
import { readJson, writeJson } from '../storage';

const PARISHES_KEY = 'portal.parishes';

/** The spec's store fallback message (its English, typo included): what the user reads when the parishes cannot be fetched. */
export const PARISHES_FAILED = 'Failed to fetch parishs';

export async function fetchParishes(): Promise<Parish[]> {
  try {
    const parishes = await api.call(referenceCalls.parishes);
    writeJson(PARISHES_KEY, parishes);
    return parishes;
  } catch (e) {
    throw withFallbackMessage(e, t`Failed to fetch parishs`);
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

/** The ID types a person may show (driver's licence, passport...). */
export const identificationsQueryOptions = () =>
  queryOptions({
    queryKey: ['identifications'],
    queryFn: () => api.call(referenceCalls.identifications),
    staleTime: 24 * 60 * 60_000,
  });

/** The status table (admins may rename statuses): names and order come from here, never from the code. */
export const packageStatusesQueryOptions = () =>
  queryOptions({
    queryKey: ['package-statuses'],
    queryFn: () => api.call(referenceCalls.packageStatuses),
    staleTime: 10 * 60_000,
    select: (statuses) => [...statuses].sort((a, b) => a.sort_order - b.sort_order),
  });
