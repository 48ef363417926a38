import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Paper, Stack, Text } from '@mantine/core';
import type { StaffMember } from '../../../../contract/staff';
import { ToneBadge } from '../../../components/ToneBadge';
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
  const { t } = useLingui();
  return (
    <Stack gap="sm" component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t`Staff members`}>
      {people.map((p) => {
        const name = p.name;
        return (
          <Paper key={p.id} component="li" p="md" withBorder>
            <Group justify="space-between" align="flex-start" gap="sm">
              <div style={{ minWidth: 0, flex: '1 1 220px' }}>
                <Text fw={600}>{p.id === me ? <Trans>{name} (you)</Trans> : name}</Text>
                <Text size="sm" c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                  {p.email}
                </Text>
                <Group gap="xs" mt={6}>
                  <ToneBadge tone="gray">{ROLE_LABELS[p.role]}</ToneBadge>
                  <ToneBadge tone={p.is_active ? 'green' : 'red'}>
                    {p.is_active ? t`Active` : t`Deactivated`}
                  </ToneBadge>
                </Group>
              </div>
              {p.id !== me && (
                <Group gap="xs">
                  <Button
                    variant="light"
                    mih={44}
                    aria-label={t`Change role of ${name}`}
                    onClick={() => onAction({ kind: 'role', person: p })}
                  >
                    <Trans>Change role</Trans>
                  </Button>
                  <Button
                    variant="outline"
                    color={p.is_active ? 'red.9' : undefined}
                    mih={44}
                    aria-label={p.is_active ? t`Deactivate ${name}` : t`Reactivate ${name}`}
                    onClick={() => onAction({ kind: p.is_active ? 'deactivate' : 'reactivate', person: p })}
                  >
                    {p.is_active ? t`Deactivate` : t`Reactivate`}
                  </Button>
                </Group>
              )}
            </Group>
          </Paper>
        );
      })}
    </Stack>
  );
}
