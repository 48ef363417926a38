import { Trans } from '@lingui/react/macro';
import { Button, Group, Textarea } from '@mantine/core';

/**
 * The end of a "cancel, with a reason" dialog (a pre-alert, an invoice): the reason the customer will read, then
 * Keep it or the cancelling button. It sits in the caller's form, whose submit cancels.
 */
export function ReasonFields({
  label,
  reason,
  onReason,
  error,
  pending,
  onKeep,
  submitLabel,
}: {
  label: string;
  reason: string;
  onReason: (reason: string) => void;
  error: string | null;
  pending: boolean;
  onKeep: () => void;
  submitLabel: string;
}) {
  return (
    <>
      <Textarea
        label={label}
        required
        autosize
        minRows={2}
        maxLength={500}
        value={reason}
        error={error}
        onChange={(e) => onReason(e.currentTarget.value)}
        data-autofocus
      />
      <Group justify="flex-end" gap="sm">
        <Button variant="default" onClick={onKeep} disabled={pending}>
          <Trans>Keep it</Trans>
        </Button>
        <Button type="submit" color="red.9" loading={pending}>
          {submitLabel}
        </Button>
      </Group>
    </>
  );
}
