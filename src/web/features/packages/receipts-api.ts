import type { Receipt } from '../../../contract/packages';
import { receiptCalls } from '../../../contract/packages.calls';
import { api } from '../../lib/api';
import { sendOrQueue } from '../../lib/offline/outbox-app';
import { readSession } from '../../lib/session/session';

// Kept apart from api.ts: route loaders import that one, and the uploader need not be in the entry bundle.

export const deleteReceipt = (id: string) => api.call(receiptCalls.remove, { params: { id } });

/** Uploads now, or keeps the receipts in the outbox when offline or the connection fails (then null). */
export function uploadOrQueueReceipts(
  packageId: string,
  label: string,
  files: File[],
  onProgress: (percent: number) => void,
): Promise<Receipt[] | null> {
  const { userId } = readSession();
  return sendOrQueue<Receipt[]>({
    kind: 'receipt',
    url: receiptCalls.create.path,
    label,
    fields: { package_id: packageId, ...(userId ? { update_by: userId } : {}) },
    files,
    onProgress,
  });
}
