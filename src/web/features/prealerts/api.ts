import { queryOptions } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Paginated } from '../../../contract/envelope';
import type { Prealert, prealertFieldsSchema } from '../../../contract/packages';
import { packageApi } from '../../../contract/paths';
import { api, newIdempotencyKey } from '../../lib/api';
import { sendOrQueue } from '../../lib/offline/outbox-app';
import { readSession } from '../../lib/session/session';
import { uploadForm } from '../../lib/upload/upload-form';

/** The pre-alert's fields as plain, validated data (tracking number normalised, numbers as numbers). */
export type PrealertData = z.output<typeof prealertFieldsSchema>;

export const prealertKeys = {
  all: ['prealerts'] as const,
  list: (page: number, pageSize: number) => ['prealerts', 'list', { page, pageSize }] as const,
};

/**
 * The list beside the form. Offline, the form still works (a pre-alert goes to the outbox), so a list never loaded
 * on this device must not turn the whole screen into "you're offline" (`offlineOptional`, see offline-status.ts).
 */
export const prealertsQueryOptions = (page: number, pageSize = 10) =>
  queryOptions({
    queryKey: prealertKeys.list(page, pageSize),
    queryFn: () => api.get<Paginated<Prealert>>(packageApi.prealerts.list, { query: { page, pageSize } }),
    meta: { offlineOptional: true },
  });

/**
 * Sends a pre-alert now: multipart fields + receipt files, with upload progress in whole percent.
 * The form knows only this function, so the offline outbox can replace it with "enqueue" later.
 * user_id and company_id are the spec's fields; the server checks them against the token.
 */
export function submitPrealert(
  fields: PrealertData,
  files: File[],
  onProgress: (percent: number) => void,
  options: { idempotencyKey?: string; signal?: AbortSignal } = {},
): Promise<Prealert> {
  const session = readSession();
  return uploadForm<Prealert>({
    url: packageApi.prealerts.create,
    fields: { ...fields, user_id: session.userId, company_id: session.companyId },
    files,
    onProgress,
    idempotencyKey: options.idempotencyKey ?? newIdempotencyKey(),
    signal: options.signal,
  });
}

export const cancelPrealert = (id: string) => api.post<Prealert>(packageApi.prealerts.cancel(id));

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
    url: packageApi.prealerts.create,
    label: fields.tracking_number,
    fields: prealertFormFields(fields),
    files,
    onProgress,
  });
}
