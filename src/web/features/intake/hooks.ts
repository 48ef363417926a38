import { useQueryClient } from '@tanstack/react-query';
import type { ImportConfirmBody, ImportPreviewBody, Received } from '../../../contract/intake';
import { useChange } from '../../lib/use-change';
import { confirmImport, intakeKeys, previewImport, sendOrQueueReceipt, undoReceipt } from './api';

/**
 * A parcel received (or kept on the device until the connection is back: then null). Every screen that shows
 * packages refreshes: the clerk's "Today" here and on /admin, the lists, the counter; a matched pre-alert too.
 */
export function useReceiveParcel() {
  const client = useQueryClient();
  return useChange({
    mutationFn: (v: { fields: Record<string, string>; photo: File | null }) =>
      sendOrQueueReceipt(v.fields, v.photo),
    changes: (got: Received | null) => (got?.matched.prealert_id ? ['package', 'prealert'] : ['package']),
    audit: (got) => (got ? [['package', got.id]] : []),
    // What the lookups said before this save (a pending pre-alert, no package yet) is no longer true.
    onSuccess: () => client.removeQueries({ queryKey: intakeKeys.lookups }),
  });
}

/**
 * Undoing a receipt deletes the package and puts its pre-alert back to pending. A refusal (the few minutes are up)
 * refreshes the clerk's list too, so its Undo button goes.
 */
export function useUndoReceipt() {
  const client = useQueryClient();
  return useChange({
    mutationFn: (id: string) => undoReceipt(id),
    changes: ['package', 'prealert'],
    onError: () => client.invalidateQueries({ queryKey: intakeKeys.recent }),
  });
}

/** Reading a CSV changes nothing: what each row would do. */
export const usePreviewImport = () =>
  useChange({ mutationFn: (body: ImportPreviewBody) => previewImport(body), changes: [] });

export const useConfirmImport = () =>
  useChange({
    mutationFn: (body: ImportConfirmBody) => confirmImport(body),
    changes: ['package', 'prealert'],
  });
