/** What staff send to mail, bulk-send and cancel invoices (re-exported by invoices.ts, where callers find them). */
import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { INVOICE_BULK_MAX } from './constants';
import { say } from './i18n';
import { text } from './text';

export const sendInvoiceBodySchema = z.object({
  /** Defaults to the customer's email. */
  to: z.email(say(msg`Enter an email address`)).optional(),
  subject: text().trim().min(1, say(msg`Enter a subject`)).max(200).optional(),
  message: text().trim().min(1, say(msg`Write a message`)).max(5000).optional(),
});
export type SendInvoiceBody = z.input<typeof sendInvoiceBodySchema>;
/** The send drawer's defaults: from, to, and a subject and message naming the amount and due date. */
export const invoiceMailDraftSchema = z.object({
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  message: z.string(),
  attachment: z.string().describe('file name of the attached PDF'),
});
export type InvoiceMailDraft = z.infer<typeof invoiceMailDraftSchema>;

export const bulkSendBodySchema = z.object({
  ids: z
    .array(z.uuid(say(msg`Not a valid invoice id`)))
    .min(1, say(msg`Select at least one invoice`))
    .max(INVOICE_BULK_MAX, say(msg`At most ${{ max: INVOICE_BULK_MAX }} at once`)),
});
export const bulkSendResultSchema = z.object({
  /** Queued to send (each invoice's `sent_at` is set once its mail went). */
  sent: z.number().int(),
  failed: z.array(z.object({ id: z.uuid(), number: z.string().nullable(), reason: z.string() })),
});

export const cancelInvoiceBodySchema = z.object({
  reason: text().trim().min(1, say(msg`Say why it is cancelled`)).max(500),
});
