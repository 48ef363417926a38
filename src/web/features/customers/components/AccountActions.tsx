import '../i18n';
import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import type { CustomerDetail } from '../../../../contract/customers';
import type { Role } from '../../../../contract/users';
import { errorMessage } from '../../../lib/api';
import { useSession } from '../../../lib/session/use-session';
import type { AccountAction } from '../api';
import { useAccountAction } from '../hooks';

const ACTIONS: Record<
  AccountAction,
  { label: MessageDescriptor; confirm: MessageDescriptor; done: MessageDescriptor }
> = {
  verify: {
    label: msg`Verify email`,
    confirm: msg`Mark this email as verified? Do this only when you know the customer owns the address.`,
    done: msg`Email verified`,
  },
  resendVerification: {
    label: msg`Resend verification email`,
    confirm: msg`Send the customer a new verification link?`,
    done: msg`Verification email sent`,
  },
  deactivate: {
    label: msg`Deactivate`,
    confirm: msg`Deactivate this account? The customer is signed out everywhere and cannot sign in until reactivated.`,
    done: msg`Account deactivated`,
  },
  reactivate: {
    label: msg`Reactivate`,
    confirm: msg`Reactivate this account? The customer can sign in again.`,
    done: msg`Account reactivated`,
  },
  passwordReset: {
    label: msg`Send password reset`,
    confirm: msg`Email the customer a link to choose a new password?`,
    done: msg`Password reset email sent`,
  },
};

/** What staff may do with the account, each after a confirmation; admins may change another user's role. */
export function AccountActions({ c }: { c: CustomerDetail['profile'] }) {
  const { t, i18n } = useLingui();
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
              ? t`Role changed`
              : r.alreadyVerified
                ? t`The email is already verified`
                : i18n._(ACTIONS[pending].done),
        });
        setPending(null);
      },
      onError: (e) =>
        notifications.show({ color: 'red', title: t`That did not work`, message: errorMessage(e) }),
    });
  };
  const visible: AccountAction[] = [
    ...(c.email_verified ? [] : (['verify', 'resendVerification'] as const)),
    c.is_active ? 'deactivate' : 'reactivate',
    'passwordReset',
  ];
  const title = pending === 'role' ? t`Change role` : pending ? i18n._(ACTIONS[pending].label) : '';
  const name = c.name;
  // One sentence per role, so each language can say "make someone a customer/staff member/admin" its own way.
  const roleQuestion =
    role === 'customer'
      ? t`Make ${name} a customer? Their sessions end, so the next sign-in carries the new role.`
      : role === 'admin'
        ? t`Make ${name} a member of admin? Their sessions end, so the next sign-in carries the new role.`
        : t`Make ${name} a member of staff? Their sessions end, so the next sign-in carries the new role.`;
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
            {i18n._(ACTIONS[a].label)}
          </Button>
        ))}
      </Group>
      {session.role === 'admin' && session.userId !== c.id && (
        <Group gap="sm" align="flex-end">
          <Select
            label={t`Role`}
            w={180}
            allowDeselect={false}
            data={[
              { value: 'customer', label: t`Customer` },
              { value: 'staff', label: t`Staff` },
              { value: 'admin', label: t`Admin` },
            ]}
            value={role}
            onChange={setRole}
          />
          <Button variant="light" disabled={role === c.role} onClick={() => setPending('role')} mih={44}>
            {t`Change role`}
          </Button>
        </Group>
      )}
      <Modal
        opened={pending !== null}
        onClose={() => setPending(null)}
        closeButtonProps={{ 'aria-label': t`Close` }}
        title={title}
      >
        <Stack gap="md">
          <Text>{pending === 'role' ? roleQuestion : pending ? i18n._(ACTIONS[pending].confirm) : ''}</Text>
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={() => setPending(null)} disabled={run.isPending}>
              {t`Cancel`}
            </Button>
            <Button
              color={pending === 'deactivate' ? 'red.9' : undefined}
              loading={run.isPending}
              onClick={confirm}
            >
              {title || t`Confirm`}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Stack>
  );
}
