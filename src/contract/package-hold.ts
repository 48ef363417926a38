import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { say, tr } from './i18n';
import { text } from './text';

/*
 * Why a parcel is On hold, and what its customer can do about it: the one owner of these words. Staff pick a reason
 * when they set "On hold" (one package or in bulk); the package answers, the bell, the e-mail and the push all say
 * the same, and the PWA shows `what_to_do` beside the status.
 */

export const holdReasons = [
  'missing_invoice',
  'customs_inspection',
  'dangerous_goods',
  'address_problem',
  'payment_overdue',
  'other',
] as const;
export const holdReasonSchema = z.enum(holdReasons, {
  error: () => tr(msg`Choose why the package is on hold`),
});
export type HoldReason = z.infer<typeof holdReasonSchema>;

/** Each reason's customer-facing words: its label and what the customer can do. */
export const HOLD_REASONS: Record<HoldReason, { label: string; what_to_do: string }> = {
  missing_invoice: {
    get label() {
      return tr(msg`Missing invoice`);
    },
    get what_to_do() {
      return tr(msg`Upload the store invoice or receipt on the package so customs can clear it.`);
    },
  },
  customs_inspection: {
    get label() {
      return tr(msg`Customs inspection`);
    },
    get what_to_do() {
      return tr(
        msg`Customs is inspecting the package. Nothing to do yet: we will tell you when it is released.`,
      );
    },
  },
  dangerous_goods: {
    get label() {
      return tr(msg`Dangerous goods`);
    },
    get what_to_do() {
      return tr(
        msg`The package may contain goods that cannot be flown. Contact us to arrange its return or disposal.`,
      );
    },
  },
  address_problem: {
    get label() {
      return tr(msg`Address problem`);
    },
    get what_to_do() {
      return tr(
        msg`The label does not match your account. Check your name and mailbox number, then contact us.`,
      );
    },
  },
  payment_overdue: {
    get label() {
      return tr(msg`Payment overdue`);
    },
    get what_to_do() {
      return tr(msg`Pay your overdue invoices to release the package.`);
    },
  },
  other: {
    get label() {
      return tr(msg`Other`);
    },
    get what_to_do() {
      return tr(msg`Contact us to find out what is needed.`);
    },
  },
};

/** The free text staff may add to a reason (required for `other`). */
export const HOLD_NOTE_MAX = 200;
export const holdNoteSchema = text()
  .trim()
  .max(HOLD_NOTE_MAX, say(msg`At most ${{ max: HOLD_NOTE_MAX }} characters`));

/** A held parcel's hold, on the package answers (null unless the parcel is On hold). */
export const packageHoldSchema = z.object({
  reason: holdReasonSchema,
  label: z.string(),
  /** What the customer can do: the reason's words, or staff's own text for `other`. */
  what_to_do: z.string(),
  /** Staff's free text ('' when none). */
  note: z.string(),
});
export type PackageHold = z.infer<typeof packageHoldSchema>;

/** The hold of a parcel held for `reason` with staff's `note`: the words every channel shows. */
export function holdOf(reason: HoldReason, note: string): PackageHold {
  const words = HOLD_REASONS[reason];
  return { reason, label: words.label, what_to_do: words.what_to_do, note };
}

/** What a notice says of a hold: "Reason: Missing invoice. Upload the store invoice…" and staff's note. */
export function holdSentence(hold: PackageHold): string {
  const note = hold.note ? ` ${hold.note}` : '';
  return tr(msg`Reason: ${{ reason: hold.label }}. ${{ whatToDo: hold.what_to_do }}${{ note }}`);
}

/**
 * The fields a status change adds: `hold_reason` is required when the new status is `on_hold` (a field error on
 * `hold_reason` otherwise) and ignored for other statuses; `hold_note` is required for the reason `other`.
 */
export const holdFields = {
  hold_reason: holdReasonSchema.optional(),
  hold_note: holdNoteSchema.default(''),
};

/** The check the status bodies share: a move to On hold says why. */
export function checkHold(
  body: { status: string; hold_reason?: HoldReason | undefined; hold_note: string },
  ctx: z.RefinementCtx,
): void {
  if (body.status !== 'on_hold') return;
  if (!body.hold_reason) {
    ctx.addIssue({
      code: 'custom',
      path: ['hold_reason'],
      message: tr(msg`Choose why the package is on hold`),
    });
  } else if (body.hold_reason === 'other' && !body.hold_note) {
    ctx.addIssue({ code: 'custom', path: ['hold_note'], message: tr(msg`Say why the package is on hold`) });
  }
}
