import './i18n';
import { plural, t } from '@lingui/core/macro';
import { notifications } from '@mantine/notifications';
import type { Receipt } from '../../../contract/packages';
import { savedOnDeviceNotice } from '../../lib/offline/saved-notice';
import { useChange } from '../../lib/use-change';
import { deleteReceipt, uploadOrQueueReceipts } from './receipts-api';

/** What the person is told once receipts went up (or were kept on this device to go later). */
// A toast shown from a mutation's callback, outside any component: the global i18n speaks the current language.
function tellUploaded(receipts: Receipt[] | null) {
  if (!receipts) {
    notifications.show({ color: 'blue', ...savedOnDeviceNotice(t`The receipts`) });
    return;
  }
  const count = receipts.length;
  notifications.show({
    color: 'green',
    title: plural(count, { one: 'Receipt uploaded', other: 'Receipts uploaded' }),
    message: plural(count, {
      one: '# file was added to this package.',
      other: '# files were added to this package.',
    }),
  });
}

/**
 * Receipts uploaded now (or kept in the outbox: null): the package's page and lists refresh. Told from here, not
 * from the form: the person may have left the page while it uploaded.
 */
export const useUploadReceipts = (packageId: string, label: string, onProgress: (percent: number) => void) =>
  useChange({
    mutationFn: (files: File[]) => uploadOrQueueReceipts(packageId, label, files, onProgress),
    changes: (receipts) => (receipts ? ['package'] : []),
    onSuccess: tellUploaded,
  });

export const useDeleteReceipt = () =>
  useChange({ mutationFn: (receipt: Receipt) => deleteReceipt(receipt.id), changes: ['package'] });
