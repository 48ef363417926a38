import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { errorMessage } from '../../../lib/api';
import { useMatchPrealert } from '../hooks';
import { type Pair, who } from './pair';

/** "Match pre-alert X (owner) to package Y (owner)?": one sentence per case, so translators see it whole. */
function MatchQuestion({ pair }: { pair: Pair }) {
  const prealert = pair.prealert.tracking_number;
  const prealertOwner = who(pair.prealert.customer);
  const pkg = pair.pkg.tracking_number;
  if (pair.pkg.customer === undefined) {
    return (
      <Trans>
        Match pre-alert <b dir="ltr">{prealert}</b> ({prealertOwner}) to package <b dir="ltr">{pkg}</b>?
      </Trans>
    );
  }
  const pkgOwner = who(pair.pkg.customer);
  if (pair.pkg.customer === null) {
    return (
      <Trans>
        Match pre-alert <b dir="ltr">{prealert}</b> ({prealertOwner}) to package <b dir="ltr">{pkg}</b> (
        {pkgOwner})? The package goes to this customer, who is told it arrived.
      </Trans>
    );
  }
  return (
    <Trans>
      Match pre-alert <b dir="ltr">{prealert}</b> ({prealertOwner}) to package <b dir="ltr">{pkg}</b> (
      {pkgOwner})?
    </Trans>
  );
}

/** Confirms a match, then makes it. */
export function MatchConfirm({ pair, onClose }: { pair: Pair | null; onClose: () => void }) {
  const { t } = useLingui();
  const match = useMatchPrealert();
  const confirm = (p: Pair) =>
    match.mutate(
      { prealertId: p.prealert.id, packageId: p.pkg.id },
      {
        onSuccess: () => {
          notifications.show({
            color: 'green',
            message: t`Matched ${p.prealert.tracking_number} to ${p.pkg.tracking_number}`,
          });
          onClose();
        },
        onError: (e) =>
          notifications.show({ color: 'red', title: t`Could not match`, message: errorMessage(e) }),
      },
    );
  return (
    <Modal
      opened={pair !== null}
      onClose={onClose}
      closeButtonProps={{ 'aria-label': t`Close` }}
      title={t`Match pre-alert and package`}
    >
      {pair && (
        <Stack gap="md">
          <Text style={{ overflowWrap: 'anywhere' }}>
            <MatchQuestion pair={pair} />
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onClose} disabled={match.isPending}>
              <Trans>Cancel</Trans>
            </Button>
            <Button loading={match.isPending} onClick={() => confirm(pair)}>
              <Trans>Match</Trans>
            </Button>
          </Group>
        </Stack>
      )}
    </Modal>
  );
}
