import { msg } from '@lingui/core/runtime-macro';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import { formatMoney } from '../../contract/format';
import type { SendInvoiceBody } from '../../contract/invoices';
import type { AuditService } from '../audit/audit.service';
import { settingsOf } from '../companies/account-settings';
import { timeZoneOf } from '../companies/time-zones';
import type { Config } from '../config';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { companies, invoices, users } from '../db/schema';
import { notFound } from '../errors';
import { withLocale } from '../i18n';
import { recipientLocale } from '../i18n/recipient';
import type { JobQueue } from '../jobs/queue';
import { type MailJob, queueMail } from '../mail/mail-job';
import { brandOf, invoiceMailDraft, invoiceSendMail } from '../mail/templates';
import { invoicePdf } from './invoice-pdf';
import { detailOf } from './invoice-records';
import type { InvoiceRow } from './invoice-totals';

/**
 * An invoice's explicit send, through the `mail` job like every other mail: queued in the transaction that issues
 * it (or that asks for it again), its PDF drawn when the mail goes out. The invoice tells staff where it stands:
 * "sending" in its history once queued, `sent_at` only once the mail really went, `send_error` (and "send_failed" in
 * its history) when the last retry failed; a later send clears it.
 */
export function createInvoiceSends(deps: { db: Db; jobs: JobQueue; audit: AuditService; config: Config }) {
  const { db, jobs, audit, config } = deps;

  /** Queues the mail of an issued invoice in `tx`, with staff's subject, message and address (else the drafts). */
  async function queue(
    tx: Db,
    company: CompanyRow,
    staff: UserRow,
    inv: InvoiceRow,
    b: SendInvoiceBody,
    origin: string,
  ): Promise<InvoiceRow> {
    const [customer] = await tx.select().from(users).where(eq(users.id, inv.userId)).limit(1);
    if (!customer) throw notFound(msg`Invoice not found`);
    const brand = brandOf(company);
    // The mail (its default words and amounts) in the customer's language.
    const locale = await recipientLocale(tx, customer);
    const draft = withLocale(locale, () =>
      invoiceMailDraft({
        brand,
        mailFrom: config.mailFrom,
        to: customer.email,
        firstName: customer.firstName,
        number: inv.number ?? '',
        total: formatMoney(inv.totalCents - inv.amountPaidCents, inv.currency),
        dueDate: inv.dueAt,
      }),
    );
    const fill = (s: string) => s.replaceAll('{number}', inv.number ?? '');
    const to = b.to ?? customer.email;
    const now = new Date();
    await queueMail(jobs, tx, {
      message: withLocale(locale, () =>
        invoiceSendMail({
          brand,
          origin,
          from: draft.from,
          to,
          subject: fill(b.subject ?? draft.subject),
          message: fill(b.message ?? draft.message),
          invoiceId: inv.id,
        }),
      ),
      attachments: [{ filename: draft.attachment, contentType: 'application/pdf', invoicePdf: inv.id }],
      about: [{ entity: 'invoice', id: inv.id }],
      invoiceSend: { invoiceId: inv.id, by: staff.id, queuedAt: now.toISOString() },
    });
    // A new attempt is under way: the last one's error no longer describes the invoice (its history keeps it).
    const [row] = await tx
      .update(invoices)
      .set({ sendError: null, sendFailedAt: null, updatedAt: now })
      .where(eq(invoices.id, inv.id))
      .returning();
    if (!row) throw new Error('invoice vanished');
    await audit.record(tx, company, staff, {
      entity: 'invoice',
      entityId: inv.id,
      action: 'sending',
      changes: { to: [null, to] },
    });
    return row;
  }

  /** The invoice's PDF as it is now, for the mail going out. */
  async function draw(companyId: string, invoiceId: string): Promise<Buffer> {
    const [found] = await db
      .select({ inv: invoices, company: companies })
      .from(invoices)
      .innerJoin(companies, eq(companies.id, invoices.companyId))
      .where(and(eq(invoices.id, invoiceId), eq(invoices.companyId, companyId)))
      .limit(1);
    if (!found) throw new Error(`invoice ${invoiceId} is gone`);
    const detail = await detailOf(db, found.inv, true);
    const { tax_label } = (await settingsOf(db, companyId)).invoice;
    const zone = await timeZoneOf(db, companyId);
    const [customer] = await db.select().from(users).where(eq(users.id, found.inv.userId)).limit(1);
    // Mailed to the customer: drawn in their language.
    const locale = customer ? await recipientLocale(db, customer) : null;
    return withLocale(locale, () => invoicePdf(found.company, detail, tax_label, zone));
  }

  /** What became of the mail, on the invoice and in its history (by the staff member who sent it). */
  async function outcome(job: MailJob, reason: string | null): Promise<void> {
    const send = job.invoiceSend;
    if (!send) return;
    const { to, companyId } = job.message;
    const now = new Date();
    await db.transaction(async (tx) => {
      const [row] = await tx
        .update(invoices)
        .set(
          reason === null
            ? { sentAt: now, sendError: null, sendFailedAt: null, updatedAt: now }
            : { sendError: reason.slice(0, 500), sendFailedAt: now, updatedAt: now },
        )
        .where(
          and(
            eq(invoices.id, send.invoiceId),
            // A send that fails after a later one went through does not mark the invoice failed.
            reason === null
              ? undefined
              : or(isNull(invoices.sentAt), lt(invoices.sentAt, new Date(send.queuedAt))),
          ),
        )
        .returning({ id: invoices.id });
      await audit.record(tx, { id: companyId }, send.by ? { id: send.by } : null, {
        entity: 'invoice',
        entityId: send.invoiceId,
        action: reason === null ? 'sent' : 'send_failed',
        changes: { to: [null, to] },
        note: reason === null ? '' : `${reason.slice(0, 480)}${row ? '' : ' (sent again since)'}`,
      });
    });
  }

  return {
    queue,
    draw,
    sent: (job: MailJob) => outcome(job, null),
    failed: (job: MailJob, reason: string) => outcome(job, reason),
  };
}

export type InvoiceSends = ReturnType<typeof createInvoiceSends>;
