import { queryOptions } from '@tanstack/react-query';
import type {
  ImportConfirmBody,
  ImportPreviewBody,
  Lookup,
  Received,
  Recent,
} from '../../../contract/intake';
import { intakeCalls } from '../../../contract/intake.calls';
import { api } from '../../lib/api';
import { sendOrQueue } from '../../lib/offline/outbox-app';
import { queryRoots } from '../../lib/query-keys';

export const intakeKeys = {
  all: [queryRoots.intake] as const,
  recent: [queryRoots.intake, 'recent'] as const,
  lookups: [queryRoots.intake, 'lookup'] as const,
  lookup: (q: { tracking_number: string; mailbox_number: string; consignee: string }) =>
    [queryRoots.intake, 'lookup', q] as const,
};

/** Today's counts and the clerk's last receipts. Offline, the form still works: the list is optional. */
export const recentQueryOptions = () =>
  queryOptions<Recent>({
    queryKey: intakeKeys.recent,
    queryFn: () => api.call(intakeCalls.recent),
    meta: { offlineOptional: true },
    refetchInterval: 60_000,
  });

/** What a receipt would do with what is typed so far (customer, pre-alert, duplicate). */
export const lookupQueryOptions = (q: {
  tracking_number: string;
  mailbox_number: string;
  consignee: string;
}) =>
  queryOptions<Lookup>({
    queryKey: intakeKeys.lookup(q),
    queryFn: ({ signal }) => api.call(intakeCalls.lookup, { query: q, signal }),
    enabled: q.tracking_number.trim().length >= 5 || q.mailbox_number.trim().length >= 3,
    meta: { offlineOptional: true },
    retry: false,
  });

/**
 * Sends a receipt now, or keeps it in the outbox (same Idempotency-Key on every try) when offline or when no reply
 * came: resolves with the package, or null when it was queued. A refusal (400, 409) rejects as usual.
 */
export function sendOrQueueReceipt(
  fields: Record<string, string>,
  photo: File | null,
  onProgress: (percent: number) => void = () => {},
): Promise<Received | null> {
  return sendOrQueue<Received>({
    kind: 'intake',
    url: intakeCalls.receive.path,
    label: fields.tracking_number ?? 'parcel',
    fields,
    files: photo ? [photo] : [],
    onProgress,
  });
}

export const undoReceipt = (id: string) => api.call(intakeCalls.undo, { params: { id } });
export const previewImport = (body: ImportPreviewBody) => api.call(intakeCalls.importPreview, { body });
export const confirmImport = (body: ImportConfirmBody) => api.call(intakeCalls.importConfirm, { body });
