import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../lib/api';

export interface DeleteConfirmation<T> {
  /** What the modal asks about; null when it is closed. */
  item: T | null;
  ask: (item: T) => void;
  cancel: () => void;
  confirm: () => void;
  pending: boolean;
}

/**
 * Deleting after a confirmation: `ask` opens it, `confirm` deletes. Either way the list is refreshed after, since a
 * refusal usually means it changed meanwhile (deleted or moved on elsewhere).
 */
export function useConfirmDelete<T>({
  remove,
  onDeleted,
  refresh = async () => {},
}: {
  /** The delete (a feature hook's mutateAsync, which refreshes what showed the item). */
  remove: (item: T) => Promise<unknown>;
  /** Says it is done and updates any cached copy; the refresh follows. */
  onDeleted: (item: T) => void;
  /** For a `remove` that does not refresh by itself. */
  refresh?: () => Promise<unknown>;
}): DeleteConfirmation<T> {
  const [item, setItem] = useState<T | null>(null);
  const { t } = useLingui();
  const mutation = useMutation({
    mutationFn: (item: T) => remove(item),
    networkMode: 'always',
    onSuccess: async (_r, deleted) => {
      onDeleted(deleted);
      setItem(null);
      await refresh();
    },
    onError: async (e) => {
      notifications.show({ color: 'red', title: t`Could not delete`, message: errorMessage(e) });
      setItem(null);
      await refresh();
    },
  });
  return {
    item,
    ask: setItem,
    cancel: () => setItem(null),
    confirm: () => {
      if (item !== null) mutation.mutate(item);
    },
    pending: mutation.isPending,
  };
}
