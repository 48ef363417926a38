import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PendingInvitation } from '../../../../contract/staff';
import { ToneBadge } from '../../../components/ToneBadge';
import { formatDate } from '../../../lib/format';
import type { InvitationAction } from '../api';
import { ROLE_LABELS } from './InviteForm';

/** Invitations not accepted yet: each can be sent again (a new link) or withdrawn. */
export function PendingInvitations({
  invitations,
  onAction,
}: {
  invitations: PendingInvitation[];
  onAction: (action: InvitationAction, invitation: PendingInvitation) => void;
}) {
  const { t } = useLingui();
  if (invitations.length === 0)
    return (
      <Text c="dimmed">
        <Trans>No pending invitations.</Trans>
      </Text>
    );
  return (
    <Stack
      gap="sm"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={t`Pending invitations`}
    >
      {invitations.map((i) => {
        const role = ROLE_LABELS[i.role];
        const sent = formatDate(i.last_sent_at);
        const by = i.invited_by;
        const until = formatDate(i.expires_at);
        const email = i.email;
        return (
          <Paper key={i.id} component="li" p="md" withBorder>
            <Group justify="space-between" align="flex-start" gap="sm">
              <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                  {i.email}
                </Text>
                <Text size="sm" c="dimmed">
                  {by ? (
                    <Trans>
                      {role} · sent {sent} by {by}
                    </Trans>
                  ) : (
                    <Trans>
                      {role} · sent {sent}
                    </Trans>
                  )}
                </Text>
                <ToneBadge mt={6} tone={i.status === 'expired' ? 'red' : 'blue'}>
                  {i.status === 'expired' ? t`Expired` : t`Pending until ${until}`}
                </ToneBadge>
              </div>
              <Group gap="xs">
                <Button
                  variant="light"
                  mih={44}
                  aria-label={t`Resend invitation to ${email}`}
                  onClick={() => onAction('resend', i)}
                >
                  <Trans>Resend</Trans>
                </Button>
                <Button
                  variant="outline"
                  color="red.9"
                  mih={44}
                  aria-label={t`Revoke invitation to ${email}`}
                  onClick={() => onAction('revoke', i)}
                >
                  <Trans>Revoke</Trans>
                </Button>
              </Group>
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
