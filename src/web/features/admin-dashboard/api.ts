import { queryOptions } from '@tanstack/react-query';
import { dashboardCalls } from '../../../contract/admin-dashboard.calls';
import { dayIn, displayTimeZone, startOfDayIn } from '../../../contract/format';
import { paymentCalls } from '../../../contract/payments.calls';
import { api } from '../../lib/api';

/** The company's day: from midnight in its time zone, as the date its lists filter on. */
export function localDay(now = new Date(), timeZone = displayTimeZone()) {
  return { since: startOfDayIn(now, timeZone).toISOString(), date: dayIn(now, timeZone) };
}

export const dashboardQueryOptions = (since: string) =>
  queryOptions({
    queryKey: ['admin-dashboard', since],
    queryFn: () => api.call(dashboardCalls.today, { query: { since } }),
    // Parcels arrive all day: a clerk who leaves the page open sees the counts move.
    refetchInterval: 60_000,
  });

/** Online payments whose outcome staff must check (unknown after the re-checks, or money to refund). */
export const FLAGGED_SHOWN = 5;
export const flaggedPaymentsQueryOptions = () =>
  queryOptions({
    queryKey: ['admin-dashboard', 'flagged-payments'],
    queryFn: () =>
      api.call(paymentCalls.attempts, { query: { status: 'flagged', page: 1, pageSize: FLAGGED_SHOWN } }),
    refetchInterval: 60_000,
  });
