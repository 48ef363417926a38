import type { Receipt } from '../../../contract/packages';
import { useChange } from '../../lib/use-change';
import { deleteReceipt, uploadOrQueueReceipts } from './receipts-api';

/** Receipts uploaded now (or kept in the outbox: null): the package's page and lists refresh. */
export const useUploadReceipts = (packageId: string, label: string, onProgress: (percent: number) => void) =>
  useChange({
    mutationFn: (files: File[]) => uploadOrQueueReceipts(packageId, label, files, onProgress),
    changes: (receipts) => (receipts ? ['package'] : []),
  });

export const useDeleteReceipt = () =>
  useChange({ mutationFn: (receipt: Receipt) => deleteReceipt(receipt.id), changes: ['package'] });
