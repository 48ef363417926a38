import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Prealert, prealertFieldsSchema } from '../../../contract/packages';
import { prealertCalls } from '../../../contract/packages.calls';
import { api } from '../../lib/api';
import { sendOrQueue } from '../../lib/offline/outbox-app';
import { readSession } from '../../lib/session/session';
import type { PrealertStatus } from './prealert-search';

/** The pre-alert's fields as plain, validated data (tracking number normalised, numbers as numbers). */
export type PrealertData = z.output<typeof prealertFieldsSchema>;

/** Words (tracking number, description, seller) and a state to narrow the list by. */
export type PrealertFilters = { q?: string | undefined; status?: PrealertStatus | undefined };

// The key holds only what is set, so the unfiltered list keeps the key it always had (and its cached data).
const definedOnly = (f: PrealertFilters): PrealertFilters => ({
  ...(f.q ? { q: f.q } : {}),
  ...(f.status ? { status: f.status } : {}),
});

export const prealertKeys = {
  all: ['prealerts'] as const,
  list: (page: number, pageSize: number, filters: PrealertFilters = {}) =>
    ['prealerts', 'list', { page, pageSize, ...definedOnly(filters) }] as const,
};

/**
 * The list beside the form. Offline, the form still works (a pre-alert goes to the outbox), so a list never loaded
 * on this device must not turn the whole screen into "you're offline" (`offlineOptional`, see offline-status.ts).
 */
export const prealertsQueryOptions = (page: number, pageSize = 10, filters: PrealertFilters = {}) =>
  queryOptions({
    queryKey: prealertKeys.list(page, pageSize, filters),
    queryFn: () => api.call(prealertCalls.list, { query: { page, pageSize, ...definedOnly(filters) } }),
    meta: { offlineOptional: true },
  });

export const cancelPrealert = (id: string) => api.call(prealertCalls.cancel, { params: { id } });

/** The multipart fields of a pre-alert as the outbox keeps them (strings, as they travel). */
export function prealertFormFields(fields: PrealertData): Record<string, string> {
  const session = readSession();
  const out: Record<string, string> = {};
  for (const [k, v] of Object.entries({
    ...fields,
    user_id: session.userId,
    company_id: session.companyId,
  })) {
    if (v !== null && v !== undefined) out[k] = String(v);
  }
  return out;
}

/** What the form calls: sends now, or keeps it in the outbox when offline or the connection fails (null). */
export function sendOrQueuePrealert(
  fields: PrealertData,
  files: File[],
  onProgress: (percent: number) => void,
): Promise<Prealert | null> {
  return sendOrQueue<Prealert>({
    kind: 'prealert',
    url: prealertCalls.create.path,
    label: fields.tracking_number,
    fields: prealertFormFields(fields),
    files,
    onProgress,
  });
}
