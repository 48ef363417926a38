import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AccountSummary } from '../../../contract/profile';
import { profileCalls } from '../../../contract/profile.calls';
import { api } from '../../lib/api';

export const accountSummaryQueryOptions = () =>
  queryOptions({
    queryKey: ['account', 'summary'],
    queryFn: () => api.call(profileCalls.summary),
  });

/** What the dashboard's figures show: the summary, or why it is not there. */
export interface SummaryState {
  data: AccountSummary | undefined;
  /** The fetch failed, or it waits for the network with nothing saved on this device. */
  unavailable: 'error' | 'offline' | null;
  retry: () => void;
}

export function useAccountSummary(): SummaryState {
  const q = useQuery(accountSummaryQueryOptions());
  const offline = q.data === undefined && q.fetchStatus === 'paused';
  return {
    data: q.data,
    unavailable: q.data !== undefined ? null : q.isError ? 'error' : offline ? 'offline' : null,
    retry: () => void q.refetch(),
  };
}
