import { Select, Textarea } from '@mantine/core';
import { HOLD_NOTE_MAX, HOLD_REASONS, type HoldReason, holdReasons } from '../../../../contract/package-hold';

export interface HoldChoice {
  reason: HoldReason | null;
  note: string;
}

export const noHold: HoldChoice = { reason: null, note: '' };

const OPTIONS = holdReasons.map((r) => ({ value: r, label: HOLD_REASONS[r].label }));

/** What a status change sends about the hold (only when the new status is On hold), or why it cannot be sent. */
export function holdBody(
  status: string | null,
  hold: HoldChoice,
): { ok: true; fields: { hold_reason?: HoldReason; hold_note?: string } } | { ok: false; error: string } {
  if (status !== 'on_hold') return { ok: true, fields: {} };
  if (!hold.reason) return { ok: false, error: 'Choose why the package is on hold' };
  if (hold.reason === 'other' && !hold.note.trim())
    return { ok: false, error: 'Say why the package is on hold' };
  return { ok: true, fields: { hold_reason: hold.reason, hold_note: hold.note.trim() } };
}

/**
 * "On hold" needs a reason the customer reads (with what they can do), and details when the reason is "Other".
 * Shown only while the chosen status is On hold.
 */
export function HoldReasonFields({
  status,
  value,
  onChange,
  error,
}: {
  status: string | null;
  value: HoldChoice;
  onChange: (next: HoldChoice) => void;
  error?: string | undefined;
}) {
  if (status !== 'on_hold') return null;
  const what = value.reason ? HOLD_REASONS[value.reason].what_to_do : null;
  return (
    <>
      <Select
        label="Reason"
        placeholder="Choose why it is held"
        required
        data={OPTIONS}
        value={value.reason}
        onChange={(r) => onChange({ ...value, reason: (r as HoldReason | null) ?? null })}
        description={what ? `The customer reads: ${what}` : 'The customer is told why, and what they can do'}
        error={error && !value.reason ? error : undefined}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={value.reason === 'other' ? 'Details for the customer' : 'Details for the customer (optional)'}
        required={value.reason === 'other'}
        value={value.note}
        maxLength={HOLD_NOTE_MAX}
        rows={2}
        error={error && value.reason === 'other' && !value.note.trim() ? error : undefined}
        onChange={(e) => onChange({ ...value, note: e.currentTarget.value })}
      />
    </>
  );
}
