import { Alert, Anchor, Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useQuery } from '@tanstack/react-query';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { PASSWORD_MIN, passwordSchema } from '../../../contract/auth';
import type { InvitationInfo } from '../../../contract/staff';
import { usePageTitle } from '../../components/PageTitle';
import { errorMessage } from '../../lib/api';
import { applyServerErrors } from '../../lib/form';
import { AuthCard, BackToLoginLink } from './AuthCard';
import { invitationQueryOptions } from './api';
import { useAcceptInvitation } from './hooks';

const ROLE = { staff: 'staff member', admin: 'administrator' } as const;

/** /invite/$token: who invites whom; the new staff member names themself and chooses a password, then is signed in. */
export function InvitationPage({ token }: { token: string }) {
  usePageTitle('Accept invitation');
  const query = useQuery(invitationQueryOptions(token));
  if (query.isPending) return <AuthCard title="Accept invitation">Checking your invitation…</AuthCard>;
  if (query.isError) {
    return (
      <AuthCard title="This invitation cannot be used">
        <Alert color="red" variant="light" role="alert">
          {errorMessage(query.error)}
        </Alert>
        <BackToLoginLink />
      </AuthCard>
    );
  }
  return <AcceptForm token={token} info={query.data} />;
}

function AcceptForm({ token, info }: { token: string; info: InvitationInfo }) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const existing = info.existing_account;
  const form = useForm({
    initialValues: { first_name: '', last_name: '', password: '' },
    validate: {
      first_name: (v) => (existing || v.trim() ? null : 'Enter your first name'),
      last_name: (v) => (existing || v.trim() ? null : 'Enter your last name'),
      password: (v) => {
        if (existing) return v ? null : 'Enter your current password';
        const r = passwordSchema.safeParse(v);
        return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid password');
      },
    },
  });
  const accept = useAcceptInvitation({ onSuccess: () => router.navigate({ to: '/admin' }) });
  return (
    <AuthCard
      title={`Join ${info.company_name}`}
      subtitle={
        <>
          You are invited as {ROLE[info.role] === 'administrator' ? 'an' : 'a'} {ROLE[info.role]} with the
          e-mail{' '}
          <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
            {info.email}
          </Text>
          .
        </>
      }
    >
      <form
        noValidate
        aria-label="Accept invitation"
        onSubmit={form.onSubmit((v) => {
          setFormError(null);
          accept.mutate(
            existing
              ? { token, password: v.password }
              : {
                  token,
                  first_name: v.first_name.trim(),
                  last_name: v.last_name.trim(),
                  password: v.password,
                },
            {
              onError: (e) =>
                setFormError(applyServerErrors(form, e, 'The invitation could not be accepted.')),
            },
          );
        })}
      >
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          {existing ? (
            <Text>
              This e-mail already has an account here. Enter its current password to join the staff with it,
              or{' '}
              <Anchor component={Link} to="/forgotPassword">
                reset the password
              </Anchor>{' '}
              first.
            </Text>
          ) : (
            <>
              <TextInput
                label="First name"
                autoComplete="given-name"
                required
                {...form.getInputProps('first_name')}
              />
              <TextInput
                label="Last name"
                autoComplete="family-name"
                required
                {...form.getInputProps('last_name')}
              />
            </>
          )}
          <PasswordInput
            label={existing ? 'Current password' : 'Password'}
            description={existing ? undefined : `At least ${PASSWORD_MIN} characters`}
            autoComplete={existing ? 'current-password' : 'new-password'}
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={accept.isPending} fullWidth size="md">
            Accept invitation
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
