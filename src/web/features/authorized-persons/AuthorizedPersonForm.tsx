import '@mantine/core/styles/Switch.css';
import './i18n';
import { useLingui } from '@lingui/react/macro';
import { Select, SimpleGrid, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import type { AuthorizedPerson } from '../../../contract/authorized-persons';
import type { Identification } from '../../../contract/reference';
import { ModalForm } from '../../components/ModalForm';
import { zodResolver } from '../../lib/form';
import { useBusy } from '../../lib/offline/busy';
import { useFormSubmit } from '../../lib/use-form-submit';
import type { AuthorizedPersonBody } from './api';
import {
  type AuthorizedPersonFormValues,
  authorizedPersonFormSchema,
  authorizedPersonValues,
  emptyAuthorizedPerson,
  toAuthorizedPersonBody,
} from './authorized-person-form';

export type SaveAuthorizedPerson = (body: AuthorizedPersonBody) => Promise<AuthorizedPerson>;

/**
 * Adds a person, or edits one (`person`): every field labelled, the contract's rules on each, the server's
 * messages on their fields when it refuses. Lives in a modal; `onCancel` closes it.
 */
export function AuthorizedPersonForm({
  person,
  identifications,
  identificationsLoading = false,
  identificationsError = null,
  save,
  onSaved,
  onCancel,
  onPendingChange,
}: {
  person?: AuthorizedPerson | null;
  identifications: Identification[];
  identificationsLoading?: boolean;
  /** Shown on the ID type field when the list could not be fetched. */
  identificationsError?: string | null;
  save: SaveAuthorizedPerson;
  onSaved: (saved: AuthorizedPerson) => void;
  onCancel: () => void;
  /** Told when a save starts and ends (the modal does not close mid-save). */
  onPendingChange?: (pending: boolean) => void;
}) {
  const { t } = useLingui();
  const form = useForm<AuthorizedPersonFormValues>({
    mode: 'controlled',
    initialValues: person ? authorizedPersonValues(person) : emptyAuthorizedPerson(),
    validate: zodResolver(authorizedPersonFormSchema),
    validateInputOnBlur: true,
  });
  useBusy(form.isDirty(), 'authorized person form');

  const submission = useFormSubmit({
    form,
    toBody: toAuthorizedPersonBody,
    send: save,
    onSent: onSaved,
    failure: t`The person was not saved. Please try again.`,
    onPendingChange,
  });
  const { busy } = submission;

  // A saved ID type the list no longer offers still shows by its name.
  const options = identifications.map((i) => ({ value: String(i.id), label: i.name }));
  if (person && !options.some((o) => o.value === String(person.identification_id))) {
    options.push({ value: String(person.identification_id), label: person.identification.name });
  }

  const name = person?.full_name;
  return (
    <ModalForm
      submission={submission}
      label={person ? t`Edit ${name}` : t`Add authorized person`}
      errorTitle={t`Not saved`}
      submitLabel={person ? t`Save changes` : t`Add person`}
      onCancel={onCancel}
      submitDisabled={Boolean(person) && !form.isDirty()}
    >
      <TextInput
        label={t`Full name`}
        description={t`As on their photo ID`}
        required
        autoComplete="off"
        disabled={busy}
        data-autofocus
        key={form.key('full_name')}
        {...form.getInputProps('full_name')}
      />
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <Select
          label={t`ID type`}
          placeholder={identificationsLoading ? t`Loading…` : t`Choose a type`}
          required
          data={options}
          allowDeselect={false}
          disabled={busy || (identificationsLoading && options.length === 0)}
          comboboxProps={{ withinPortal: true }}
          key={form.key('identification_id')}
          {...form.getInputProps('identification_id')}
          error={form.errors.identification_id ?? identificationsError}
        />
        <TextInput
          label={t`ID number`}
          required
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          disabled={busy}
          key={form.key('id_number')}
          {...form.getInputProps('id_number')}
        />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
        <TextInput
          label={t`Phone`}
          type="tel"
          inputMode="tel"
          required
          autoComplete="off"
          disabled={busy}
          key={form.key('phone')}
          {...form.getInputProps('phone')}
        />
        <TextInput
          label={t`Email (optional)`}
          type="email"
          inputMode="email"
          autoComplete="off"
          spellCheck={false}
          disabled={busy}
          key={form.key('email')}
          {...form.getInputProps('email')}
        />
      </SimpleGrid>
      <TextInput
        label={t`Relationship`}
        description={t`How you know them, e.g. Sister, Husband, Friend`}
        required
        autoComplete="off"
        disabled={busy}
        key={form.key('relationship')}
        {...form.getInputProps('relationship')}
      />
      <Switch
        label={t`Active`}
        description={t`Only active persons may collect your packages.`}
        disabled={busy}
        key={form.key('is_active')}
        {...form.getInputProps('is_active', { type: 'checkbox' })}
      />
    </ModalForm>
  );
}
