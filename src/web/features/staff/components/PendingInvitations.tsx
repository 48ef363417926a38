import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { PendingInvitation } from '../../../../contract/staff';
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
  if (invitations.length === 0) return <Text c="dimmed">No pending invitations.</Text>;
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Pending invitations">
      {invitations.map((i) => (
        <Paper key={i.id} component="li" p="md" withBorder>
          <Group justify="space-between" align="flex-start" gap="sm">
            <div style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Text fw={600} style={{ overflowWrap: 'anywhere' }}>
                {i.email}
              </Text>
              <Text size="sm" c="dimmed">
                {ROLE_LABELS[i.role]} · sent {formatDate(i.last_sent_at)}
                {i.invited_by ? ` by ${i.invited_by}` : ''}
              </Text>
              <Badge mt={6} variant="light" color={i.status === 'expired' ? 'red.9' : 'blue.9'}>
                {i.status === 'expired' ? 'Expired' : `Pending until ${formatDate(i.expires_at)}`}
              </Badge>
            </div>
            <Group gap="xs">
              <Button
                variant="light"
                mih={44}
                aria-label={`Resend invitation to ${i.email}`}
                onClick={() => onAction('resend', i)}
              >
                Resend
              </Button>
              <Button
                variant="outline"
                color="red.9"
                mih={44}
                aria-label={`Revoke invitation to ${i.email}`}
                onClick={() => onAction('revoke', i)}
              >
                Revoke
              </Button>
            </Group>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
