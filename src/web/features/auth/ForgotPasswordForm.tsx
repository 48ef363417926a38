import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Stack } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link } from '@tanstack/react-router';
import { useState } from 'react';
import { passwordResetBodySchema } from '../../../contract/auth';
import { EmailField } from '../../components/CustomerFields';
import { applyServerErrors, zodResolver } from '../../lib/form';
import { AuthCard, BackToLoginLink } from './AuthCard';
import { useRequestPasswordReset } from './hooks';

export function ForgotPasswordForm() {
  const { t } = useLingui();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '' },
    validate: zodResolver(passwordResetBodySchema),
  });
  const mutation = useRequestPasswordReset();

  if (mutation.isSuccess) {
    return (
      <AuthCard title={t`Check your email`}>
        <Alert color="brand" variant="light" role="status">
          <Trans>
            If an account exists for that email, we have sent a link to reset your password. The link works
            once.
          </Trans>
        </Alert>
        <Button component={Link} to="/login" variant="light">
          <Trans>Back to login</Trans>
        </Button>
      </AuthCard>
    );
  }

  return (
    <AuthCard
      title={t`Forgot your password?`}
      subtitle={t`Enter your email and we'll send you a link to reset it.`}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          mutation.mutate(passwordResetBodySchema.parse(values).email, {
            onError: (e) =>
              setFormError(applyServerErrors(form, e, t`The request failed. Please try again.`)),
          });
        })}
      >
        <Stack gap="md">
          {formError && (
            <Alert color="red" variant="light" role="alert">
              {formError}
            </Alert>
          )}
          <EmailField form={form} />
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            <Trans>Send reset link</Trans>
          </Button>
          <BackToLoginLink />
        </Stack>
      </form>
    </AuthCard>
  );
}
