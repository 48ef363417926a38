import { Badge, Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { StaffMember } from '../../../../contract/staff';
import { ROLE_LABELS } from './InviteForm';

export type PersonAction = { kind: 'role' | 'deactivate' | 'reactivate'; person: StaffMember };

/** The company's staff, one card each: name, e-mail, role, status, and what an admin may do (not to themself). */
export function StaffPeople({
  people,
  me,
  onAction,
}: {
  people: StaffMember[];
  me: string | null;
  onAction: (a: PersonAction) => void;
}) {
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Staff members">
      {people.map((p) => (
        <Paper key={p.id} component="li" p="md" withBorder>
          <Group justify="space-between" align="flex-start" gap="sm">
            <div style={{ minWidth: 0, flex: '1 1 220px' }}>
              <Text fw={600}>
                {p.name}
                {p.id === me ? ' (you)' : ''}
              </Text>
              <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {p.email}
              </Text>
              <Group gap="xs" mt={6}>
                <Badge variant="light" color="gray.8">
                  {ROLE_LABELS[p.role]}
                </Badge>
                <Badge variant="light" color={p.is_active ? 'green.9' : 'red.9'}>
                  {p.is_active ? 'Active' : 'Deactivated'}
                </Badge>
              </Group>
            </div>
            {p.id !== me && (
              <Group gap="xs">
                <Button
                  variant="light"
                  mih={44}
                  aria-label={`Change role of ${p.name}`}
                  onClick={() => onAction({ kind: 'role', person: p })}
                >
                  Change role
                </Button>
                <Button
                  variant="outline"
                  color={p.is_active ? 'red.9' : undefined}
                  mih={44}
                  aria-label={`${p.is_active ? 'Deactivate' : 'Reactivate'} ${p.name}`}
                  onClick={() => onAction({ kind: p.is_active ? 'deactivate' : 'reactivate', person: p })}
                >
                  {p.is_active ? 'Deactivate' : 'Reactivate'}
                </Button>
              </Group>
            )}
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}
