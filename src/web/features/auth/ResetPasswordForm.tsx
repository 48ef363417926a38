import { Alert, Anchor, Button, PasswordInput, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { PASSWORD_MIN, passwordSchema } from '../../../contract/auth';
import { applyServerErrors } from '../../lib/form';
import { AuthCard, BackToLoginLink } from './AuthCard';
import { useResetPassword } from './hooks';

/** New password from the emailed link (?token=); every session is revoked, so the user logs in again. */
export function ResetPasswordForm({ token }: { token: string | undefined }) {
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => {
        const r = passwordSchema.safeParse(v);
        return r.success ? null : (r.error.issues[0]?.message ?? 'Invalid password');
      },
      confirm: (v, values) => (v === values.password ? null : 'The passwords do not match'),
    },
  });
  const mutation = useResetPassword(token ?? '');

  if (!token) {
    return (
      <AuthCard title="Reset your password">
        <Alert color="red" variant="light" role="alert">
          This link is incomplete: it has no reset token. Ask for a new link.
        </Alert>
        <Button component={Link} to="/forgotPassword">
          Ask for a new link
        </Button>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title="Password changed">
        <Alert color="brand" variant="light" role="status">
          Your password was changed. Log in with your new password.
        </Alert>
        <Button component={Link} to="/login">
          Back to login
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title="Reset your password"
      subtitle={`Choose a new password of at least ${PASSWORD_MIN} characters.`}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          mutation.mutate(values.password, {
            onError: (e) => setFormError(applyServerErrors(form, e, 'The password could not be reset.')),
          });
        })}
      >
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}{' '}
              <Anchor component={Link} to="/forgotPassword">
                Ask for a new link
              </Anchor>
            </Alert>
          )}
          <PasswordInput
            label="New password"
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label="Confirm new password"
            autoComplete="new-password"
            required
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            Reset password
          </Button>
          <BackToLoginLink />
        </Stack>
      </form>
    </AuthCard>
  );
}
