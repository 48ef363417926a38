import '../i18n';
import { t } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Select, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { InviteBody, PendingInvitation, StaffRole } from '../../../../contract/staff';
import { ModalForm } from '../../../components/ModalForm';
import { useFormSubmit } from '../../../lib/use-form-submit';

// Getters: read in the language shown when drawn.
export const ROLE_LABELS: Record<StaffRole, string> = {
  get staff() {
    return t`Staff (clerk)`;
  },
  get admin() {
    return t`Admin`;
  },
};

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
  const { t } = useLingui();
  const form = useForm<Values>({
    initialValues: { email: '', role: 'staff' },
    validate: { email: (v) => (/^\S+@\S+\.\S+$/.test(v.trim()) ? null : t`Enter a valid email address`) },
  });
  const submission = useFormSubmit({
    form,
    toBody: (v): InviteBody => ({ email: v.email.trim(), role: v.role }),
    send,
    onSent,
    failure: t`The invitation could not be sent`,
  });
  return (
    <ModalForm
      submission={submission}
      label={t`Invite staff`}
      errorTitle={t`Not sent`}
      submitLabel={t`Send invitation`}
      onCancel={onCancel}
    >
      <TextInput
        label={t`E-mail`}
        type="email"
        autoComplete="off"
        required
        data-autofocus
        {...form.getInputProps('email')}
      />
      <Select
        label={t`Role`}
        description={t`Staff do the daily work; admins also manage settings, prices and staff.`}
        data={(Object.keys(ROLE_LABELS) as StaffRole[]).map((r) => ({ value: r, label: ROLE_LABELS[r] }))}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
        {...form.getInputProps('role')}
      />
    </ModalForm>
  );
}
