import { Button, Group, Stack, Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useState } from 'react';
import type { PendingInvitation } from '../../../../contract/staff';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { formatDate } from '../../../lib/format';
import { useFormSubmit } from '../../../lib/use-form-submit';

/** Invites the company's admin by e-mail: a single-use link, opened on the company's own host, that expires. */
export function InviteAdmin({ send }: { send: (email: string) => Promise<PendingInvitation> }) {
  const [sent, setSent] = useState<PendingInvitation | null>(null);
  const form = useForm({
    initialValues: { email: '' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter an e-mail address') },
  });
  const { formRef, onSubmit, formError, busy } = useFormSubmit({
    form,
    toBody: (v) => v.email.trim(),
    send,
    onSent: (invitation) => {
      setSent(invitation);
      form.reset();
    },
    failure: 'The invitation could not be sent',
  });
  return (
    <form ref={formRef} onSubmit={onSubmit} noValidate>
      <Stack gap="sm" maw={520}>
        <Text size="sm" c="dimmed">
          They get a link to set their password; it works once, until it expires.
        </Text>
        <FormErrorAlert title="Not sent" error={formError} />
        {sent && (
          <Text role="status">
            Invitation sent to <strong>{sent.email}</strong>; the link works until{' '}
            {formatDate(sent.expires_at)}.
          </Text>
        )}
        <Group align="flex-end" gap="sm">
          <TextInput
            label="E-mail"
            type="email"
            required
            autoComplete="off"
            disabled={busy}
            style={{ flex: '1 1 240px' }}
            {...form.getInputProps('email')}
          />
          <Button type="submit" loading={busy} mih={44}>
            Send invitation
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
