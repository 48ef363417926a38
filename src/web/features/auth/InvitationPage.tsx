import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
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

/** /invite/$token: who invites whom; the new staff member names themself and chooses a password, then is signed in. */
export function InvitationPage({ token }: { token: string }) {
  const { t } = useLingui();
  usePageTitle(t`Accept invitation`);
  const query = useQuery(invitationQueryOptions(token));
  if (query.isPending)
    return (
      <AuthCard title={t`Accept invitation`}>
        <Trans>Checking your invitation…</Trans>
      </AuthCard>
    );
  if (query.isError) {
    return (
      <AuthCard title={t`This invitation cannot be used`}>
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
  const { t } = useLingui();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const existing = info.existing_account;
  const form = useForm({
    initialValues: { first_name: '', last_name: '', password: '' },
    validate: {
      first_name: (v) => (existing || v.trim() ? null : t`Enter your first name`),
      last_name: (v) => (existing || v.trim() ? null : t`Enter your last name`),
      password: (v) => {
        if (existing) return v ? null : t`Enter your current password`;
        const r = passwordSchema.safeParse(v);
        return r.success ? null : (r.error.issues[0]?.message ?? t`Invalid password`);
      },
    },
  });
  const accept = useAcceptInvitation({ onSuccess: () => router.navigate({ to: '/admin' }) });
  const companyName = info.company_name;
  const invitedEmail = (
    <Text span fw={600} style={{ overflowWrap: 'anywhere' }}>
      {info.email}
    </Text>
  );
  return (
    <AuthCard
      title={t`Join ${companyName}`}
      subtitle={
        info.role === 'admin' ? (
          <Trans>You are invited as an administrator with the e-mail {invitedEmail}.</Trans>
        ) : (
          <Trans>You are invited as a staff member with the e-mail {invitedEmail}.</Trans>
        )
      }
    >
      <form
        noValidate
        aria-label={t`Accept invitation`}
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
                setFormError(applyServerErrors(form, e, t`The invitation could not be accepted.`)),
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
              <Trans>
                This e-mail already has an account here. Enter its current password to join the staff with it,
                or{' '}
                <Anchor component={Link} to="/forgotPassword">
                  reset the password
                </Anchor>{' '}
                first.
              </Trans>
            </Text>
          ) : (
            <>
              <TextInput
                label={t`First name`}
                autoComplete="given-name"
                required
                {...form.getInputProps('first_name')}
              />
              <TextInput
                label={t`Last name`}
                autoComplete="family-name"
                required
                {...form.getInputProps('last_name')}
              />
            </>
          )}
          <PasswordInput
            label={existing ? t`Current password` : t`Password`}
            description={existing ? undefined : t`At least ${PASSWORD_MIN} characters`}
            autoComplete={existing ? 'current-password' : 'new-password'}
            required
            {...form.getInputProps('password')}
          />
          <Button type="submit" loading={accept.isPending} fullWidth size="md">
            <Trans>Accept invitation</Trans>
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}
