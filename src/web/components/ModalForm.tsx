import { Trans } from '@lingui/react/macro';
import { Button, Group, Stack } from '@mantine/core';
import type { ReactNode } from 'react';
import type { FormSubmission } from '../lib/use-form-submit';
import { FormErrorAlert } from './FormErrorAlert';

/** A form in a modal: the refusal above the fields, then Cancel and the submit button (both wait while busy). */
export function ModalForm({
  submission,
  label,
  errorTitle,
  submitLabel,
  onCancel,
  submitDisabled = false,
  children,
}: {
  submission: FormSubmission;
  /** The form's accessible name. */
  label: string;
  errorTitle: string;
  submitLabel: string;
  onCancel: () => void;
  /** E.g. an edit form with nothing changed yet: there is nothing to save. */
  submitDisabled?: boolean;
  children: ReactNode;
}) {
  const { formRef, onSubmit, formError, busy } = submission;
  return (
    <form noValidate ref={formRef} aria-label={label} onSubmit={onSubmit}>
      <Stack gap="md">
        <FormErrorAlert title={errorTitle} error={formError} />
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel} disabled={busy}>
            <Trans>Cancel</Trans>
          </Button>
          <Button type="submit" loading={busy} disabled={submitDisabled && !busy}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
