import { queryOptions } from '@tanstack/react-query';
import { pickupPassCalls } from '../../../contract/pickup-pass.calls';
import { api } from '../../lib/api';

/**
 * The customer's passes. Kept in the persisted query cache like every answer, with its QR code drawn by the server:
 * the screen opens offline (at the counter, in a basement) from the last answer.
 */
export const myPickupPassQueryOptions = () =>
  queryOptions({
    queryKey: ['pickup-pass'],
    queryFn: ({ signal }) => api.call(pickupPassCalls.mine, { signal }),
    // A parcel may become ready (or be collected) at any time: look again whenever the screen opens online.
    staleTime: 0,
  });

/** One shared pass, for whoever holds the link (not signed in: nothing of it is persisted). */
export const sharedPickupPassQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['pickup-pass-shared', token],
    queryFn: ({ signal }) => api.call(pickupPassCalls.shared, { params: { token }, signal }),
    staleTime: 0,
    retry: false,
  });
