import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
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
  const { t } = useLingui();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { password: '', confirm: '' },
    validate: {
      password: (v) => {
        const r = passwordSchema.safeParse(v);
        return r.success ? null : (r.error.issues[0]?.message ?? t`Invalid password`);
      },
      confirm: (v, values) => (v === values.password ? null : t`The passwords do not match`),
    },
  });
  const mutation = useResetPassword(token ?? '');

  if (!token) {
    return (
      <AuthCard title={t`Reset your password`}>
        <Alert color="red" variant="light" role="alert">
          <Trans>This link is incomplete: it has no reset token. Ask for a new link.</Trans>
        </Alert>
        <Button component={Link} to="/forgotPassword">
          <Trans>Ask for a new link</Trans>
        </Button>
      </AuthCard>
    );
  }

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t`Password changed`}>
        <Alert color="brand" variant="light" role="status">
          <Trans>Your password was changed. Log in with your new password.</Trans>
        </Alert>
        <Button component={Link} to="/login">
          <Trans>Back to login</Trans>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t`Reset your password`}
      subtitle={t`Choose a new password of at least ${PASSWORD_MIN} characters.`}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          mutation.mutate(values.password, {
            onError: (e) => setFormError(applyServerErrors(form, e, t`The password could not be reset.`)),
          });
        })}
      >
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}{' '}
              <Anchor component={Link} to="/forgotPassword">
                <Trans>Ask for a new link</Trans>
              </Anchor>
            </Alert>
          )}
          <PasswordInput
            label={t`New password`}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <PasswordInput
            label={t`Confirm new password`}
            autoComplete="new-password"
            required
            key={form.key('confirm')}
            {...form.getInputProps('confirm')}
          />
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            <Trans>Reset password</Trans>
          </Button>
          <BackToLoginLink />
        </Stack>
      </form>
    </AuthCard>
  );
}
