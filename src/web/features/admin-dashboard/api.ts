import { queryOptions } from '@tanstack/react-query';
import { dashboardCalls } from '../../../contract/admin-dashboard.calls';
import { api } from '../../lib/api';

/** The clerk's day: from their local midnight, as the date their lists filter on. */
export function localDay(now = new Date()) {
  const midnight = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const pad = (n: number) => String(n).padStart(2, '0');
  return {
    since: midnight.toISOString(),
    date: `${midnight.getFullYear()}-${pad(midnight.getMonth() + 1)}-${pad(midnight.getDate())}`,
  };
}

export const dashboardQueryOptions = (since: string) =>
  queryOptions({
    queryKey: ['admin-dashboard', since],
    queryFn: () => api.call(dashboardCalls.today, { query: { since } }),
    // Parcels arrive all day: a clerk who leaves the page open sees the counts move.
    refetchInterval: 60_000,
  });
