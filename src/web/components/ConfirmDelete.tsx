import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import type { DeleteConfirmation } from './use-confirm-delete';

export { type DeleteConfirmation, useConfirmDelete } from './use-confirm-delete';

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
  const { t } = useLingui();
  return (
    <Modal
      opened={item !== null}
      onClose={() => (pending ? undefined : cancel())}
      title={title}
      centered
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        <Text>{children}</Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={cancel} disabled={pending}>
            <Trans>Keep</Trans>
          </Button>
          <Button color="red.9" loading={pending} onClick={confirm}>
            <Trans>Delete</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
