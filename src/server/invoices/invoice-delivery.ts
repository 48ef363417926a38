import { msg } from '@lingui/core/runtime-macro';
import { and, eq, inArray } from 'drizzle-orm';
import { formatMoney } from '../../contract/format';
import {
  type InvoiceDetail,
  type InvoiceMailDraft,
  type SendInvoiceBody,
  sendInvoiceBodySchema,
} from '../../contract/invoices';
import { settingsOf } from '../companies/account-settings';
import { timeZoneOf } from '../companies/time-zones';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { invoices, users } from '../db/schema';
import { conflict, notFound } from '../errors';
import { withLocale } from '../i18n';
import { recipientLocale } from '../i18n/recipient';
import { brandOf, invoiceMailDraft } from '../mail/templates';
import { type InvoiceDeps, isOpen, locked, staffDetail, tell } from './invoice-context';
import { issueWithin } from './invoice-issue';
import { invoicePdf } from './invoice-pdf';
import { invoiceDetail, visibleInvoice } from './invoice-queries';
import { dateIn, type InvoiceRow, today } from './invoice-totals';

/**
 * Getting an invoice to its customer: the send (its mail queued in the change's transaction, see invoice-send.ts),
 * the bulk send, the send drawer's defaults and the PDF.
 */

type SendDeps = Pick<InvoiceDeps, 'db' | 'audit' | 'notifications' | 'sends'>;

/**
 * Sends an invoice in `tx` (a draft is issued first): its mail with the PDF is queued in the same transaction and
 * the bell tells the customer (the mail itself is the invoice). See invoice-send.ts for what staff see after.
 */
export async function sendWithin(
  deps: SendDeps,
  tx: Db,
  company: CompanyRow,
  staff: UserRow,
  found: InvoiceRow,
  b: SendInvoiceBody,
  origin: string,
): Promise<InvoiceRow> {
  if (found.status === 'cancelled') throw conflict(msg`A cancelled invoice cannot be sent`);
  const inv = found.status === 'draft' ? await issueWithin(deps, tx, company, staff, found) : found;
  await tell(deps.notifications, tx, company, inv, origin, 'issued', 0, 'never');
  return deps.sends.queue(tx, company, staff, inv, b, origin);
}

export async function sendInvoice(
  deps: SendDeps,
  company: CompanyRow,
  staff: UserRow,
  id: string,
  input: SendInvoiceBody | undefined,
  origin: string,
): Promise<InvoiceDetail> {
  const b = sendInvoiceBodySchema.parse(input ?? {});
  const row = await deps.db.transaction(async (tx) => {
    return sendWithin(deps, tx, company, staff, await locked(tx, company, id), b, origin);
  });
  return staffDetail(deps.db, row);
}

/** Staff: sends each selected open invoice; drafts and the rest are refused in the result, with why. */
export async function bulkSend(
  deps: SendDeps,
  company: CompanyRow,
  staff: UserRow,
  ids: string[],
  origin: string,
) {
  const unique = [...new Set(ids)];
  const rows = await deps.db
    .select({ id: invoices.id, number: invoices.number, status: invoices.status })
    .from(invoices)
    .where(and(eq(invoices.companyId, company.id), inArray(invoices.id, unique)));
  const byId = new Map(rows.map((r) => [r.id, r]));
  const failed: { id: string; number: string | null; reason: string }[] = [];
  let sent = 0;
  for (const id of unique) {
    const r = byId.get(id);
    if (!r) {
      failed.push({ id, number: null, reason: 'Not found' });
      continue;
    }
    if (!isOpen(r.status)) {
      failed.push({
        id,
        number: r.number,
        reason:
          r.status === 'draft'
            ? 'A draft is not sent in bulk: issue it first'
            : `A ${r.status} invoice is not sent`,
      });
      continue;
    }
    try {
      await sendInvoice(deps, company, staff, id, undefined, origin);
      sent++;
    } catch (err) {
      failed.push({ id, number: r.number, reason: err instanceof Error ? err.message : String(err) });
    }
  }
  return { sent, failed };
}

/** Staff: the send drawer's defaults. A draft's number is "{number}", filled in when it is issued by the send. */
export async function mailDraft(
  { db, config }: Pick<InvoiceDeps, 'db' | 'config'>,
  company: CompanyRow,
  staff: UserRow,
  id: string,
): Promise<InvoiceMailDraft> {
  const inv = await visibleInvoice(db, company, staff, id);
  const [customer] = await db.select().from(users).where(eq(users.id, inv.userId)).limit(1);
  if (!customer) throw notFound(msg`Invoice not found`);
  const dueAt =
    inv.dueAt ??
    (inv.status === 'draft'
      ? dateIn(
          (await settingsOf(db, company.id)).invoice_due_days,
          new Date(`${today(await timeZoneOf(db, company.id))}T12:00:00Z`),
        )
      : null);
  // The draft staff edit is what the customer will read: in the customer's language.
  return withLocale(await recipientLocale(db, customer), () =>
    invoiceMailDraft({
      brand: brandOf(company),
      mailFrom: config.mailFrom,
      to: customer.email,
      firstName: customer.firstName,
      number: inv.number ?? '{number}',
      total: formatMoney(inv.status === 'cancelled' ? 0 : inv.totalCents - inv.amountPaidCents, inv.currency),
      dueDate: dueAt,
    }),
  );
}

/** The invoice as a print-ready PDF, for whoever may see it. */
export async function invoicePdfFile(
  db: Db,
  company: CompanyRow,
  user: UserRow,
  id: string,
): Promise<{ filename: string; bytes: Buffer }> {
  const d = await invoiceDetail(db, company, user, id);
  return {
    filename: `${d.number ?? `draft-${d.id.slice(0, 8)}`}.pdf`,
    bytes: await invoicePdf(
      company,
      d,
      (await settingsOf(db, company.id)).invoice.tax_label,
      await timeZoneOf(db, company.id),
    ),
  };
}
