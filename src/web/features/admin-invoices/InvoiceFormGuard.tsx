import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useBlocker } from '@tanstack/react-router';
import { useBusy } from '../../lib/offline/busy';

/**
 * Unsaved changes are not lost on navigation: a link, the back button or a typed route inside the app asks first
 * (stay is the default), and a reload or closed tab gets the browser's own question. The app-update reload waits too
 * (useBusy). `dirty` is read at the moment of leaving, so a save that navigates away is never held up.
 */
export function InvoiceFormGuard({ dirty }: { dirty: () => boolean }) {
  const { t } = useLingui();
  const isDirty = dirty();
  useBusy(isDirty, 'invoice form');
  const blocker = useBlocker({
    shouldBlockFn: ({ current, next }) => current.pathname !== next.pathname && dirty(),
    enableBeforeUnload: () => dirty(),
    withResolver: true,
  });
  const open = blocker.status === 'blocked';
  return (
    <Modal
      opened={open}
      onClose={() => blocker.reset?.()}
      title={t`Leave without saving?`}
      centered
      returnFocus
      closeButtonProps={{ 'aria-label': t`Close` }}
    >
      <Stack gap="md">
        <Text size="sm">
          <Trans>The changes to this invoice are not saved. If you leave now they are lost.</Trans>
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={() => blocker.proceed?.()}>
            <Trans>Leave without saving</Trans>
          </Button>
          <Button onClick={() => blocker.reset?.()} data-autofocus>
            <Trans>Stay on the invoice</Trans>
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
