import { queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CloseoutQuery, ReleaseBody } from '../../../contract/counter';
import { counterCalls } from '../../../contract/counter.calls';
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

/** The clerk's time zone: the close-out's day runs from their local midnight. */
export function localTimeZone(): string | undefined {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || undefined;
  } catch {
    return undefined;
  }
}

/** Today in the clerk's own calendar, as YYYY-MM-DD. */
export function localToday(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

/** Renders the payment drawer of an invoice (composed by the route: features do not import each other). */
export type RenderPayment = (invoiceId: string, opened: boolean, onClose: () => void) => ReactNode;
