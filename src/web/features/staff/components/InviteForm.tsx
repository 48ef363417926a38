import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InviteBody, PendingInvitation, StaffRole } from '../../../../contract/staff';
import { ModalForm } from '../../../components/ModalForm';
import { useFormSubmit } from '../../../lib/use-form-submit';

export const ROLE_LABELS: Record<StaffRole, string> = { staff: 'Staff (clerk)', admin: 'Admin' };

type Values = { email: string; role: StaffRole };

/** E-mail and role of a new staff member: the server mails them a link that expires in 7 days. */
export function InviteForm({
  send,
  onSent,
  onCancel,
}: {
  send: (body: InviteBody) => Promise<PendingInvitation>;
  onSent: (made: PendingInvitation) => void;
  onCancel: () => void;
}) {
  const form = useForm<Values>({
    initialValues: { email: '', role: 'staff' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : 'Enter a valid email address') },
  });
  const submission = useFormSubmit({
    form,
    toBody: (v): InviteBody => ({ email: v.email.trim(), role: v.role }),
    send,
    onSent,
    failure: 'The invitation could not be sent',
  });
  return (
    <ModalForm
      submission={submission}
      label="Invite staff"
      errorTitle="Not sent"
      submitLabel="Send invitation"
      onCancel={onCancel}
    >
      <TextInput
        label="E-mail"
        type="email"
        autoComplete="off"
        required
        data-autofocus
        {...form.getInputProps('email')}
      />
      <Select
        label="Role"
        description="Staff do the daily work; admins also manage settings, prices and staff."
        data={(Object.keys(ROLE_LABELS) as StaffRole[]).map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('role')}
      />
    </ModalForm>
  );
}
