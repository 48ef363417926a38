import '../i18n';
import { Trans, useLingui } from '@lingui/react/macro';
import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { PendingInvitation } from '../../../../contract/staff';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { formatDate } from '../../../lib/format';
import { useFormSubmit } from '../../../lib/use-form-submit';

/** Invites the company's admin by e-mail: a single-use link, opened on the company's own host, that expires. */
export function InviteAdmin({ send }: { send: (email: string) => Promise<PendingInvitation> }) {
  const { t } = useLingui();
  const [sent, setSent] = useState<PendingInvitation | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t`Enter an e-mail address`) },
  });
  const { formRef, onSubmit, formError, busy } = useFormSubmit({
    form,
    toBody: (v) => v.email.trim(),
    send,
    onSent: (invitation) => {
      setSent(invitation);
      form.reset();
    },
    failure: t`The invitation could not be sent`,
  });
  const email = sent?.email;
  const until = sent ? formatDate(sent.expires_at) : '';
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={520}>
        <Text size="sm" c="dimmed">
          <Trans>They get a link to set their password; it works once, until it expires.</Trans>
        </Text>
        <FormErrorAlert title={t`Not sent`} error={formError} />
        {sent && email && (
          <Text role="status">
            <Trans>
              Invitation sent to <strong>{email}</strong>; the link works until {until}.
            </Trans>
          </Text>
        )}
        <Group align="flex-end" gap="sm">
          <TextInput
            label={t`E-mail`}
            type="email"
            required
            autoComplete="off"
            disabled={busy}
            style={{ flex: '1 1 240px' }}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={busy} mih={44}>
            <Trans>Send invitation</Trans>
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
