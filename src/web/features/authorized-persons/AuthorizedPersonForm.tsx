import '@mantine/core/styles/Switch.css';
import { Alert, Button, Group, Select, SimpleGrid, Stack, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { AuthorizedPerson } from '../../../contract/authorized-persons';
import type { Identification } from '../../../contract/reference';
import { applyServerErrors, zodResolver } from '../../lib/form';
import { useBusy } from '../../lib/offline/busy';
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
  const [formError, setFormError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const form = useForm<AuthorizedPersonFormValues>({
    mode: 'controlled',
    initialValues: person ? authorizedPersonValues(person) : emptyAuthorizedPerson(),
    validate: zodResolver(authorizedPersonFormSchema),
    validateInputOnBlur: true,
  });
  useBusy(form.isDirty(), 'authorized person form');

  const focusFirstError = () =>
    requestAnimationFrame(() => {
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
    });

  const mutation = useMutation({
    mutationFn: save,
    // A request started offline fails at once (and says so) instead of waiting silently for the network.
    networkMode: 'always',
    onSuccess: (saved) => onSaved(saved),
    onError: (e) => {
      setFormError(applyServerErrors(form, e, 'The person was not saved. Please try again.'));
      focusFirstError();
    },
  });
  const busy = mutation.isPending;
  useEffect(() => {
    onPendingChange?.(busy);
    // Unmounted (the modal closed on success): nothing is pending any more.
    return () => onPendingChange?.(false);
  }, [busy, onPendingChange]);

  // A saved ID type the list no longer offers still shows by its name.
  const options = identifications.map((i) => ({ value: String(i.id), label: i.name }));
  if (person && !options.some((o) => o.value === String(person.identification_id))) {
    options.push({ value: String(person.identification_id), label: person.identification.name });
  }

  return (
    <form
      noValidate
      ref={formRef}
      aria-label={person ? `Edit ${person.full_name}` : 'Add authorized person'}
      onSubmit={form.onSubmit((values) => {
        setFormError(null);
        mutation.mutate(toAuthorizedPersonBody(values));
      }, focusFirstError)}
    >
      <Stack gap="md">
        {formError && (
          <Alert color="red" variant="light" title="Not saved" role="alert">
            {formError}
          </Alert>
        )}
        <TextInput
          label="Full name"
          description="As on their photo ID"
          required
          autoComplete="off"
          disabled={busy}
          data-autofocus
          key={form.key('full_name')}
          {...form.getInputProps('full_name')}
        />
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md">
          <Select
            label="ID type"
            placeholder={identificationsLoading ? 'Loading…' : 'Choose a type'}
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
            label="ID number"
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
            label="Phone"
            type="tel"
            inputMode="tel"
            required
            autoComplete="off"
            disabled={busy}
            key={form.key('phone')}
            {...form.getInputProps('phone')}
          />
          <TextInput
            label="Email (optional)"
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
          label="Relationship"
          description="How you know them, e.g. Sister, Husband, Friend"
          required
          autoComplete="off"
          disabled={busy}
          key={form.key('relationship')}
          {...form.getInputProps('relationship')}
        />
        <Switch
          label="Active"
          description="Only active persons may collect your packages."
          disabled={busy}
          key={form.key('is_active')}
          {...form.getInputProps('is_active', { type: 'checkbox' })}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            Cancel
          </Button>
          <Button type="submit" loading={busy}>
            {person ? 'Save changes' : 'Add person'}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
