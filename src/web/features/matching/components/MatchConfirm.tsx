import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api';
import { useMatchPrealert } from '../hooks';
import { type Pair, who } from './pair';

/** Confirms a match, then makes it. */
export function MatchConfirm({ pair, onClose }: { pair: Pair | null; onClose: () => void }) {
  const match = useMatchPrealert();
  const confirm = (p: Pair) =>
    match.mutate(
      { prealertId: p.prealert.id, packageId: p.pkg.id },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: `Matched ${p.prealert.tracking_number} to ${p.pkg.tracking_number}`,
          });
          onClose();
        },
        onError: (e) =>
          notifications.show({ color: 'red', title: 'Could not match', message: errorMessage(e) }),
      },
    );
  return (
    <Modal
      opened={pair !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': 'Close' }}
      title="Match pre-alert and package"
    >
      {pair && (
        <Stack gap="md">
          <Text style={{ overflowWrap: 'anywhere' }}>
            Match pre-alert <b>{pair.prealert.tracking_number}</b> ({who(pair.prealert.customer)}) to package{' '}
            <b>{pair.pkg.tracking_number}</b>
            {pair.pkg.customer !== undefined && ` (${who(pair.pkg.customer)})`}?
            {pair.pkg.customer === null && ' The package goes to this customer, who is told it arrived.'}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={match.isPending}>
              Cancel
            </Button>
            <Button loading={match.isPending} onClick={() => confirm(pair)}>
              Match
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
