import '../i18n';
import { i18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { Select, Textarea } from '@mantine/core';
import { HOLD_NOTE_MAX, HOLD_REASONS, type HoldReason, holdReasons } from '../../../../contract/package-hold';

export interface HoldChoice {
  reason: HoldReason | null;
  note: string;
}

export const noHold: HoldChoice = { reason: null, note: '' };

/**
 * What a status change sends about the hold (only when the new status is On hold), or why it cannot be sent (in
 * the reader's language: called from a component's handler).
 */
export function holdBody(
  status: string | null,
  hold: HoldChoice,
): { ok: true; fields: { hold_reason?: HoldReason; hold_note?: string } } | { ok: false; error: string } {
  if (status !== 'on_hold') return { ok: true, fields: {} };
  if (!hold.reason) return { ok: false, error: i18n._(msg`Choose why the package is on hold`) };
  if (hold.reason === 'other' && !hold.note.trim())
    return { ok: false, error: i18n._(msg`Say why the package is on hold`) };
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
  const { t } = useLingui();
  if (status !== 'on_hold') return null;
  // Read while rendering: the contract's labels are in the reader's language.
  const options = holdReasons.map((r) => ({ value: r, label: HOLD_REASONS[r].label }));
  const what = value.reason ? HOLD_REASONS[value.reason].what_to_do : null;
  return (
    <>
      <Select
        label={t`Reason`}
        placeholder={t`Choose why it is held`}
        required
        data={options}
        value={value.reason}
        onChange={(r) => onChange({ ...value, reason: (r as HoldReason | null) ?? null })}
        description={
          what ? t`The customer reads: ${what}` : t`The customer is told why, and what they can do`
        }
        error={error && !value.reason ? error : undefined}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Textarea
        label={
          value.reason === 'other' ? t`Details for the customer` : t`Details for the customer (optional)`
        }
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
