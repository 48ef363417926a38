import './i18n';
import { msg, plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Button,
  Card,
  Group,
  PasswordInput,
  type PasswordInputProps,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';
import { z } from 'zod';
import { PASSWORD_MIN } from '../../../contract/auth';
import { say } from '../../../contract/i18n';
import { changePasswordBodySchema } from '../../../contract/profile';
import { applyServerErrors, zodResolver } from '../../lib/form';
import type { ChangePasswordReply } from './api';
import { useChangePassword } from './hooks';

/** The contract's body (this device's refresh token is added when sending) plus the confirmation. */
export const passwordFormSchema = changePasswordBodySchema
  .omit({ refreshToken: true })
  .extend({ confirm_password: z.string().min(1, say(msg`Type the new password again`)) })
  .refine((v) => v.confirm_password === '' || v.confirm_password === v.new_password, {
    path: ['confirm_password'],
    ...say(msg`The two new passwords are not the same`),
  });

export type SubmitPassword = (body: {
  current_password: string;
  new_password: string;
}) => Promise<ChangePasswordReply>;

/**
 * Mantine's PasswordInput leaves aria-invalid and aria-describedby off its input: set them here so a screen reader
 * hears the hint and the error with the field (the wrapper names them `<id>-description` and `<id>-error`).
 */
function PasswordField({ id, error, description, ...props }: PasswordInputProps & { id: string }) {
  const describedBy = [error ? `${id}-error` : null, description ? `${id}-description` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <PasswordInput
      id={id}
      error={error}
      description={description}
      aria-invalid={error ? true : undefined}
      aria-describedby={describedBy || undefined}
      {...props}
    />
  );
}

const empty = { current_password: '', new_password: '', confirm_password: '' };

/**
 * Current, new and confirmed password. The server signs out every other session; this one stays signed in (the
 * API call names this device's refresh token), so nothing else changes on this screen.
 */
export function PasswordForm({ submit }: { submit?: SubmitPassword }) {
  const [formError, setFormError] = useState<string | null>(null);
  const { t } = useLingui();
  const form = useForm({
    mode: 'controlled',
    initialValues: empty,
    validate: zodResolver(passwordFormSchema),
  });
  const mutation = useChangePassword(submit);
  const send = (body: { current_password: string; new_password: string }) =>
    mutation.mutate(body, {
      onSuccess: (reply) => {
        form.reset();
        const count = reply.signed_out_sessions;
        notifications.show({
          color: 'green',
          title: t`Password changed`,
          message:
            count > 0
              ? t({
                  message: plural(count, {
                    one: 'You stay signed in here; your other session was signed out.',
                    other: 'You stay signed in here; your # other sessions were signed out.',
                  }),
                })
              : t`Use your new password the next time you log in.`,
        });
      },
      onError: (e) =>
        setFormError(applyServerErrors(form, e, t`Could not change your password. Please try again.`)),
    });

  return (
    <form
      noValidate
      aria-labelledby="password-heading"
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        send({ current_password: values.current_password, new_password: values.new_password });
      })}
    >
      <Card padding="lg">
        <Stack gap="md">
          <div>
            <Title order={2} fz="lg" id="password-heading">
              <Trans>Change password</Trans>
            </Title>
            <Text size="sm" c="dimmed">
              <Trans>Your other devices will be signed out; this one stays signed in.</Trans>
            </Text>
          </div>
          {formError && (
            <Alert color="red" variant="light" title={t`Could not change your password`} role="alert">
              {formError}
            </Alert>
          )}
          <PasswordField
            id="current-password"
            label={t`Current password`}
            autoComplete="current-password"
            required
            key={form.key('current_password')}
            {...form.getInputProps('current_password')}
          />
          <PasswordField
            id="new-password"
            label={t`New password`}
            description={t`At least ${PASSWORD_MIN} characters`}
            autoComplete="new-password"
            required
            key={form.key('new_password')}
            {...form.getInputProps('new_password')}
          />
          <PasswordField
            id="confirm-password"
            label={t`Confirm new password`}
            autoComplete="new-password"
            required
            key={form.key('confirm_password')}
            {...form.getInputProps('confirm_password')}
          />
          <Group justify="flex-end">
            <Button type="submit" loading={mutation.isPending}>
              <Trans>Change password</Trans>
            </Button>
          </Group>
        </Stack>
      </Card>
    </form>
  );
}
