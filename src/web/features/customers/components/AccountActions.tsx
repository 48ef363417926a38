import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CustomerDetail } from '../../../../contract/customers';
import type { Role } from '../../../../contract/users';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session/use-session';
import type { AccountAction } from '../api';
import { useAccountAction } from '../hooks';

const ACTIONS: Record<AccountAction, { label: string; confirm: string; done: string }> = {
  verify: {
    label: 'Verify email',
    confirm: 'Mark this email as verified? Do this only when you know the customer owns the address.',
    done: 'Email verified',
  },
  resendVerification: {
    label: 'Resend verification email',
    confirm: 'Send the customer a new verification link?',
    done: 'Verification email sent',
  },
  deactivate: {
    label: 'Deactivate',
    confirm:
      'Deactivate this account? The customer is signed out everywhere and cannot sign in until reactivated.',
    done: 'Account deactivated',
  },
  reactivate: {
    label: 'Reactivate',
    confirm: 'Reactivate this account? The customer can sign in again.',
    done: 'Account reactivated',
  },
  passwordReset: {
    label: 'Send password reset',
    confirm: 'Email the customer a link to choose a new password?',
    done: 'Password reset email sent',
  },
};

/** What staff may do with the account, each after a confirmation; admins may change another user's role. */
export function AccountActions({ c }: { c: CustomerDetail['profile'] }) {
  const session = useSession();
  const run = useAccountAction(c.id);
  const [pending, setPending] = useState<AccountAction | 'role' | null>(null);
  const [role, setRole] = useState<string | null>(c.role);
  const confirm = () => {
    if (!pending) return;
    run.mutate(pending === 'role' ? { role: (role ?? c.role) as Role } : pending, {
      onSuccess: (r) => {
        notifications.show({
          color: 'green',
          message:
            pending === 'role'
              ? 'Role changed'
              : r.alreadyVerified
                ? 'The email is already verified'
                : ACTIONS[pending].done,
        });
        setPending(null);
      },
      onError: (e) =>
        notifications.show({ color: 'red', title: 'That did not work', message: errorMessage(e) }),
    });
  };
  const visible: AccountAction[] = [
    ...(c.email_verified ? [] : (['verify', 'resendVerification'] as const)),
    c.is_active ? 'deactivate' : 'reactivate',
    'passwordReset',
  ];
  const title = pending === 'role' ? 'Change role' : pending ? ACTIONS[pending].label : '';
  return (
    <Stack gap="sm">
      <Group gap="sm">
        {visible.map((a) => (
          <Button
            key={a}
            variant={a === 'deactivate' ? 'outline' : 'light'}
            // red.9: Mantine's default red is 3.3:1 on white, below WCAG's 4.5:1.
            color={a === 'deactivate' ? 'red.9' : undefined}
            onClick={() => setPending(a)}
            mih={44}
          >
            {ACTIONS[a].label}
          </Button>
        ))}
      </Group>
      {session.role === 'admin' && session.userId !== c.id && (
        <Group gap="sm" align="flex-end">
          <Select
            label="Role"
            w={180}
            allowDeselect={false}
            data={[
              { value: 'customer', label: 'Customer' },
              { value: 'staff', label: 'Staff' },
              { value: 'admin', label: 'Admin' },
            ]}
            value={role}
            onChange={setRole}
          />
          <Button variant="light" disabled={role === c.role} onClick={() => setPending('role')} mih={44}>
            Change role
          </Button>
        </Group>
      )}
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        closeButtonProps={{ 'aria-label': 'Close' }}
        title={title}
      >
        <Stack gap="md">
          <Text>
            {pending === 'role'
              ? `Make ${c.name} ${role === 'customer' ? 'a customer' : `a member of ${role}`}? Their sessions end, so the next sign-in carries the new role.`
              : pending
                ? ACTIONS[pending].confirm
                : ''}
          </Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)} disabled={run.isPending}>
              Cancel
            </Button>
            <Button
              color={pending === 'deactivate' ? 'red.9' : undefined}
              loading={run.isPending}
              onClick={confirm}
            >
              {title || 'Confirm'}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
