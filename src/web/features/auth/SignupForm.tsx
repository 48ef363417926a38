import './i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, PasswordInput, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { Link, useRouter } from '@tanstack/react-router';
import { useState } from 'react';
import { PASSWORD_MIN, registerBodySchema } from '../../../contract/auth';
import type { Parish } from '../../../contract/reference';
import { AddressField, EmailField, NameFields, PhoneField, TrnField } from '../../components/CustomerFields';
import { FormErrorAlert } from '../../components/FormErrorAlert';
import { ParishField } from '../../components/ParishField';
import { applyServerErrors, zodResolver } from '../../lib/form';
import { AuthCard } from './AuthCard';
import { useSignup } from './hooks';
import { rememberSignupEmail } from './VerificationScreens';

export interface SignupFormProps {
  parishes: Parish[];
  parishesLoading?: boolean;
  /** Shown on the parish field when the list could not be fetched. */
  parishesError?: string | null;
}

export const signupInitialValues = {
  first_name: '',
  last_name: '',
  email: '',
  phone: '',
  password: '',
  parish_id: '',
  address: '',
  trn: '',
};

/** Every register field; the new account is signed in unverified and sent to /verification. */
export function SignupForm({ parishes, parishesLoading = false, parishesError = null }: SignupFormProps) {
  const { t } = useLingui();
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    mode: 'controlled',
    initialValues: signupInitialValues,
    validate: zodResolver(registerBodySchema),
  });
  const mutation = useSignup({
    onSuccess: (body) => {
      rememberSignupEmail(body.email);
      return router.navigate({ to: '/verification' });
    },
  });

  return (
    <AuthCard
      title={t`Create your account`}
      subtitle={t`Get your own mailbox and start shipping in minutes.`}
    >
      <form
        noValidate
        onSubmit={form.onSubmit((values) => {
          setFormError(null);
          mutation.mutate(registerBodySchema.parse(values), {
            onError: (e) => setFormError(applyServerErrors(form, e, t`Sign-up failed. Please try again.`)),
          });
        })}
      >
        <Stack gap="md">
          <FormErrorAlert title={t`Could not create the account`} error={formError} />
          <NameFields form={form} />
          <EmailField form={form} />
          <PhoneField form={form} />
          <PasswordInput
            label={t`Password`}
            description={t`At least ${PASSWORD_MIN} characters`}
            autoComplete="new-password"
            required
            key={form.key('password')}
            {...form.getInputProps('password')}
          />
          <ParishField
            parishes={parishes}
            loading={parishesLoading}
            loadError={parishesError}
            key={form.key('parish_id')}
            {...form.getInputProps('parish_id')}
          />
          <AddressField form={form} />
          <TrnField form={form} />
          <Button type="submit" loading={mutation.isPending} fullWidth size="md">
            <Trans>Create account</Trans>
          </Button>
          <Text size="sm" ta="center">
            <Trans>
              Already have an account?{' '}
              <Anchor component={Link} to="/login">
                Log in
              </Anchor>
            </Trans>
          </Text>
        </Stack>
      </form>
    </AuthCard>
  );
}
