import './i18n';
import { t } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Modal, Stack, Text, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconUserPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import type { PendingInvitation, StaffUpdateBody } from '../../../contract/staff';
import { usePageTitle } from '../../components/PageTitle';
import { LoadingRows, QueryStates } from '../../components/QueryStates';
import { ScreenHeader } from '../../components/ScreenHeader';
import { errorMessage } from '../../lib/api';
import { useSession } from '../../lib/session/use-session';
import { type InvitationAction, staffQueryOptions } from './api';
import { InviteForm } from './components/InviteForm';
import { PendingInvitations } from './components/PendingInvitations';
import { type PersonAction, StaffPeople } from './components/StaffPeople';
import { useInvitationAction, useInviteStaff, useStaffChange } from './hooks';

const failed = (e: Error) =>
  notifications.show({ color: 'red', title: t`That did not work`, message: errorMessage(e) });

/** What a confirmed action on a person sends, and how it is asked and told. */
function personChange({ kind, person }: PersonAction): {
  body: StaffUpdateBody;
  title: string;
  ask: string;
  done: string;
} {
  if (kind === 'role') {
    const role = person.role === 'admin' ? 'staff' : 'admin';
    const name = person.name;
    return role === 'admin'
      ? {
          body: { role },
          title: t`Make admin`,
          ask: t`Make ${name} an admin? They are signed out, and their next sign-in carries the new role.`,
          done: t`${name} is now an admin`,
        }
      : {
          body: { role },
          title: t`Make staff`,
          ask: t`Make ${name} staff (clerk)? They are signed out, and their next sign-in carries the new role.`,
          done: t`${name} is now staff (clerk)`,
        };
  }
  const name = person.name;
  if (kind === 'deactivate') {
    return {
      body: { is_active: false },
      title: t`Deactivate`,
      ask: t`Deactivate ${name}? They are signed out at once and cannot sign in until reactivated.`,
      done: t`${name} was deactivated`,
    };
  }
  return {
    body: { is_active: true },
    title: t`Reactivate`,
    ask: t`Reactivate ${name}? They can sign in again.`,
    done: t`${name} was reactivated`,
  };
}

/** The confirmation of an action on a person (its own component: the mutation is bound to that person). */
function ConfirmPerson({ action, onClose }: { action: PersonAction; onClose: () => void }) {
  const change = useStaffChange(action.person.id);
  const c = personChange(action);
  return (
    <Stack gap="md">
      <Text>{c.ask}</Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={change.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button
          color={action.kind === 'deactivate' ? 'red.9' : undefined}
          loading={change.isPending}
          onClick={() =>
            change.mutate(c.body, {
              onSuccess: () => {
                notifications.show({ color: 'green', message: c.done });
                onClose();
              },
              onError: (e) => {
                failed(e);
                onClose();
              },
            })
          }
        >
          {c.title}
        </Button>
      </Group>
    </Stack>
  );
}

/** Resend at once; revoke after a confirmation. */
function InvitationButtons({
  invitation,
  action,
  onClose,
}: {
  invitation: PendingInvitation;
  action: InvitationAction;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const run = useInvitationAction(invitation.id);
  const email = invitation.email;
  const send = () =>
    run.mutate(action, {
      onSuccess: () => {
        notifications.show({
          color: 'green',
          message:
            action === 'resend'
              ? t`Invitation sent again to ${email}; the previous link no longer works`
              : t`Invitation to ${email} withdrawn`,
        });
        onClose();
      },
      onError: (e) => {
        failed(e);
        onClose();
      },
    });
  return (
    <Stack gap="md">
      <Text>
        {action === 'resend'
          ? t`Send ${email} a new link? The previous link stops working.`
          : t`Withdraw the invitation to ${email}? Its link stops working.`}
      </Text>
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onClose} disabled={run.isPending}>
          <Trans>Cancel</Trans>
        </Button>
        <Button color={action === 'revoke' ? 'red.9' : undefined} loading={run.isPending} onClick={send}>
          {action === 'resend' ? t`Resend invitation` : t`Revoke invitation`}
        </Button>
      </Group>
    </Stack>
  );
}

/** /admin/staff (admins): the company's staff and pending invitations, inviting, and each person's role and access. */
export function StaffScreen() {
  const { t } = useLingui();
  usePageTitle(t`Staff`);
  const session = useSession();
  const query = useQuery(staffQueryOptions());
  const [inviting, setInviting] = useState(false);
  const [person, setPerson] = useState<PersonAction | null>(null);
  const [invitation, setInvitation] = useState<{ action: InvitationAction; i: PendingInvitation } | null>(
    null,
  );
  const invite = useInviteStaff();
  return (
    <Stack gap="lg">
      <ScreenHeader
        title={t`Staff`}
        description={t`Who works in the back office: invite people by e-mail, change their role, deactivate those who left.`}
        action={
          <Button
            leftSection={<IconUserPlus size={16} aria-hidden />}
            onClick={() => setInviting(true)}
            mih={44}
          >
            <Trans>Invite staff</Trans>
          </Button>
        }
      />
      <QueryStates
        query={query}
        loading={<LoadingRows label={t`Loading staff`} count={3} h={88} />}
        errorTitle={t`Could not load the staff`}
        isEmpty={() => false}
        empty={null}
      >
        {(data) => (
          <>
            <section aria-labelledby="staff-people">
              <Title order={2} fz="lg" mb="sm" id="staff-people">
                <Trans>People</Trans>
              </Title>
              <StaffPeople people={data.people} me={session.userId} onAction={setPerson} />
            </section>
            <section aria-labelledby="staff-invitations">
              <Title order={2} fz="lg" mb="sm" id="staff-invitations">
                <Trans>Pending invitations</Trans>
              </Title>
              <PendingInvitations
                invitations={data.invitations}
                onAction={(action, i) => setInvitation({ action, i })}
              />
            </section>
          </>
        )}
      </QueryStates>
      <Modal
        opened={inviting}
        onClose={() => setInviting(false)}
        closeButtonProps={{ 'aria-label': t`Close` }}
        title={t`Invite staff`}
      >
        {inviting && (
          <InviteForm
            send={invite.mutateAsync}
            onCancel={() => setInviting(false)}
            onSent={(made) => {
              const email = made.email;
              notifications.show({ color: 'green', message: t`Invitation sent to ${email}` });
              setInviting(false);
            }}
          />
        )}
      </Modal>
      <Modal
        opened={person !== null}
        onClose={() => setPerson(null)}
        closeButtonProps={{ 'aria-label': t`Close` }}
        title={person ? personChange(person).title : ''}
      >
        {person && <ConfirmPerson action={person} onClose={() => setPerson(null)} />}
      </Modal>
      <Modal
        opened={invitation !== null}
        onClose={() => setInvitation(null)}
        closeButtonProps={{ 'aria-label': t`Close` }}
        title={invitation?.action === 'revoke' ? t`Revoke invitation` : t`Resend invitation`}
      >
        {invitation && (
          <InvitationButtons
            invitation={invitation.i}
            action={invitation.action}
            onClose={() => setInvitation(null)}
          />
        )}
      </Modal>
    </Stack>
  );
}
