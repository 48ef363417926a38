import { queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CloseoutQuery, ReleaseBody } from '../../../contract/counter';
import { counterCalls } from '../../../contract/counter.calls';
import { dayIn, displayTimeZone } from '../../../contract/format';
import { api, isApiError } from '../../lib/api';

export const counterKeys = {
  all: ['counter'] as const,
  lookup: (q: { mailbox?: string | undefined; tracking?: string | undefined }) =>
    ['counter', 'lookup', q.mailbox ?? null, q.tracking ?? null] as const,
  closeout: (q: CloseoutQuery) => ['counter', 'closeout', q.date ?? null, q.tz ?? null] as const,
};

/**
 * The customer at the desk. A number typed as a mailbox that matches no mailbox is tried as a package label too
 * (some carriers' tracking numbers are digits only).
 */
export const counterLookupQueryOptions = (q: {
  mailbox?: string | undefined;
  tracking?: string | undefined;
}) =>
  queryOptions({
    queryKey: counterKeys.lookup(q),
    queryFn: async ({ signal }) => {
      if (q.mailbox) {
        try {
          return await api.call(counterCalls.lookup, { query: { mailbox: q.mailbox }, signal });
        } catch (e) {
          if (!(isApiError(e) && e.status === 404) || q.mailbox.replace(/\D/g, '').length < 6) throw e;
          try {
            return await api.call(counterCalls.lookup, { query: { tracking: q.mailbox }, signal });
          } catch {
            throw e;
          }
        }
      }
      return api.call(counterCalls.lookup, { query: { tracking: q.tracking }, signal });
    },
    enabled: Boolean(q.mailbox || q.tracking),
    retry: false,
    // The counter acts on what it shows: always the latest.
    staleTime: 0,
  });

export const closeoutQueryOptions = (q: CloseoutQuery) =>
  queryOptions({
    queryKey: counterKeys.closeout(q),
    queryFn: ({ signal }) => api.call(counterCalls.closeout, { query: q, signal }),
    staleTime: 0,
  });

/** The same body sent again with the same key never releases twice (see lib/api's idempotencyKeys). */
export const releaseParcels = (body: ReleaseBody, idempotencyKey: string) =>
  api.call(counterCalls.release, { body, idempotencyKey });

/** The company's time zone: the close-out's day runs from midnight there. */
export function localTimeZone(): string {
  return displayTimeZone();
}

/** Today in the company's calendar, as YYYY-MM-DD. */
export const localToday = (): string => dayIn(new Date(), displayTimeZone());

/** Renders the payment drawer of an invoice (composed by the route: features do not import each other). */
export type RenderPayment = (invoiceId: string, opened: boolean, onClose: () => void) => ReactNode;
