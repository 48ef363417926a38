import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useMutation } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
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
  refresh,
}: {
  remove: (item: T) => Promise<unknown>;
  /** Says it is done and updates any cached copy; the refresh follows. */
  onDeleted: (item: T) => void;
  refresh: () => Promise<unknown>;
}): DeleteConfirmation<T> {
  const [item, setItem] = useState<T | null>(null);
  const mutation = useMutation({
    mutationFn: remove,
    networkMode: 'always',
    onSuccess: async (_r, deleted) => {
      onDeleted(deleted);
      setItem(null);
      await refresh();
    },
    onError: async (e) => {
      notifications.show({ color: 'red', title: 'Could not delete', message: errorMessage(e) });
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

/** The confirmation: what deleting means (`children`), then Keep or Delete; it stays open while deleting. */
export function ConfirmDelete<T>({
  confirmation,
  title,
  children,
}: {
  confirmation: DeleteConfirmation<T>;
  title: string;
  children: ReactNode;
}) {
  const { item, cancel, confirm, pending } = confirmation;
  return (
    <Modal
      opened={item !== null}
      onClose={() => (pending ? undefined : cancel())}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': 'Close' }}
    >
      <Stack gap="md">
        <Text>{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={pending}>
            Keep
          </Button>
          <Button color="red.9" loading={pending} onClick={confirm}>
            Delete
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
