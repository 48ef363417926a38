import { queryOptions } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { CloseoutQuery, ReleaseBody } from '../../../contract/counter';
import { counterCalls } from '../../../contract/counter.calls';
import { dayIn, displayTimeZone } from '../../../contract/format';
import { normalizePassCode, passTokenIn } from '../../../contract/pickup-pass-code';
import { api, isApiError } from '../../lib/api';

/** What the desk looks up: one of a mailbox number, a tracking number or a pickup pass. */
type LookupQuery = { mailbox?: string | undefined; tracking?: string | undefined; pass?: string | undefined };

export const counterKeys = {
  all: ['counter'] as const,
  lookup: (q: LookupQuery) =>
    ['counter', 'lookup', q.mailbox ?? null, q.tracking ?? null, q.pass ?? null] as const,
  closeout: (q: CloseoutQuery) => ['counter', 'closeout', q.date ?? null, q.tz ?? null] as const,
};

/** Asks again with `retry` when the first lookup found nothing (404); else the first answer's error stands. */
async function orElse<T>(first: () => Promise<T>, retry: (() => Promise<T>) | null): Promise<T> {
  try {
    return await first();
  } catch (e) {
    if (!retry || !(isApiError(e) && e.status === 404)) throw e;
    try {
      return await retry();
    } catch {
      throw e;
    }
  }
}

/**
 * The customer at the desk. A number typed as a mailbox that matches no mailbox is tried as a pickup pass code or a
 * package label too (some carriers' tracking numbers are digits only); a pass code that matches no pass, as a label.
 */
export const counterLookupQueryOptions = (q: LookupQuery) =>
  queryOptions({
    queryKey: counterKeys.lookup(q),
    queryFn: ({ signal }) => {
      const by = (query: LookupQuery) => () => api.call(counterCalls.lookup, { query, signal });
      if (q.mailbox) {
        const m = q.mailbox;
        const asPass = normalizePassCode(m) ? by({ pass: m }) : null;
        const asTracking = m.replace(/\D/g, '').length >= 6 ? by({ tracking: m }) : null;
        return orElse(by({ mailbox: m }), asPass ?? asTracking);
      }
      if (q.pass) return orElse(by({ pass: q.pass }), passTokenIn(q.pass) ? null : by({ tracking: q.pass }));
      return by({ tracking: q.tracking })();
    },
    enabled: Boolean(q.mailbox || q.tracking || q.pass),
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
