import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { EmailField } from '../../components/CustomerFields';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { applyServerErrors, lazySchema } from '../../lib/form';
import { homeOf, safeRedirect } from '../../lib/session/guards';
import { AuthCard } from './AuthCard';
import { useLogin } from './hooks';

// The schema (and zod) load when the visitor starts typing, not with the page: see lazySchema.
const loginSchema = lazySchema(() => import('../../../contract/auth').then((m) => m.loginBodySchema));

/** Email + password; afterwards the user returns to the page they first asked for. */
export function LoginForm({ redirectTo }: { redirectTo?: string | undefined }) {
  const { t } = useLingui();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: { email: '', password: '' },
    validate: (values) => loginSchema.validate(values),
  });
  const mutation = useLogin({
    onSuccess: (tokens) =>
      router.navigate({
        href: tokens.user.email_verified
          ? (safeRedirect(redirectTo) ?? homeOf(tokens.user.role))
          : '/verification',
      }),
  });

  return (
    <AuthCard title={t`Welcome back`} subtitle={t`Log in to track your packages and invoices.`}>
      <form
        noValidate
        onFocus={() => void loginSchema.ready()}
        onSubmit={(event) => {
          event.preventDefault();
          void loginSchema.ready().then((schema) =>
            form.onSubmit((values) => {
              setFormError(null);
              mutation.mutate(schema.parse(values), {
                onError: (e) => setFormError(applyServerErrors(form, e, t`Login failed. Please try again.`)),
              });
            })(),
          );
        }}
      >
        <Stack gap="md">
          <FormErrorAlert title={t`Could not log in`} error={formError} />
          <EmailField form={form} />
          <PasswordInput
            label={t`Password`}
            autoComplete="current-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <Group justify="flex-end">
            <Anchor component={Link} to="/forgotPassword" size="sm">
              <Trans>Forgot password?</Trans>
            </Anchor>
          </Group>
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            <Trans>Log in</Trans>
          </Button>
          <Text size="sm" ta="center">
            <Trans>
              New here?{' '}
              <Anchor component={Link} to="/signup">
                Create an account
              </Anchor>
            </Trans>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
