import { msg } from '@lingui/core/runtime-macro';
import { and, count, eq, isNull, sql } from 'drizzle-orm';
import { cancelInvoiceBodySchema, type InvoiceDetail } from '../../contract/invoices';
import { diff } from '../audit/audit.service';
import { settingsOf } from '../companies/account-settings';
import { readTimeZone } from '../companies/time-zones';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { invoiceCounters, invoiceLines, invoices, payments } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { t } from '../i18n';
import { auditView, type InvoiceDeps, locked, staffDetail, tell } from './invoice-context';
import { dateIn, type InvoiceRow, settledStatus, today } from './invoice-totals';

/** An invoice's life after its draft: numbered when issued (the company's next number, no gap), or cancelled. */

/** The next invoice number of the company for `year`: INV-2026-000123 (atomic, safe under concurrency). */
export async function nextInvoiceNumber(db: Db, companyId: string, year: number): Promise<string> {
  const [row] = await db
    .insert(invoiceCounters)
    .values({ companyId, year, last: 1 })
    .onConflictDoUpdate({
      target: [invoiceCounters.companyId, invoiceCounters.year],
      set: { last: sql`${invoiceCounters.last} + 1` },
    })
    .returning({ last: invoiceCounters.last });
  if (!row) throw new Error('invoice counter returned no row');
  return `INV-${year}-${String(row.last).padStart(6, '0')}`;
}
/**
 * Issues a draft inside the caller's transaction: the next number of the company is taken by the same
 * transaction (the counter row stays locked until it commits), so numbers have no gap and no repeat.
 */
export async function issueWithin(
  { audit }: Pick<InvoiceDeps, 'audit'>,
  tx: Db,
  company: CompanyRow,
  actor: UserRow | null,
  inv: InvoiceRow,
  dates: { issue_date?: string | null | undefined; due_at?: string | null | undefined } = {},
): Promise<InvoiceRow> {
  if (inv.status !== 'draft') throw conflict(`This invoice is already ${inv.status.replace('_', ' ')}`);
  const [hasLine] = await tx
    .select({ id: invoiceLines.id })
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, inv.id))
    .limit(1);
  if (!hasLine)
    throw badRequest(msg`Add at least one line before issuing`, { lines: [t(msg`Add at least one line`)] });
  const settings = await settingsOf(tx, company.id);
  const day = today(await readTimeZone(tx, company.id));
  const issueDate = dates.issue_date ?? inv.issueDate ?? day;
  const dueAt =
    dates.due_at ?? inv.dueAt ?? dateIn(settings.invoice_due_days, new Date(`${issueDate}T12:00:00Z`));
  const number = await nextInvoiceNumber(tx, company.id, Number(issueDate.slice(0, 4)));
  const now = new Date();
  const status = settledStatus({ ...inv, status: 'issued', dueAt }, day);
  const [issued] = await tx
    .update(invoices)
    .set({ number, status, issueDate, dueAt, issuedAt: now, updatedAt: now })
    .where(eq(invoices.id, inv.id))
    .returning();
  if (!issued) throw new Error('invoice vanished');
  await audit.record(tx, company, actor, {
    entity: 'invoice',
    entityId: inv.id,
    action: 'issued',
    changes: diff(auditView(inv), auditView(issued)),
  });
  return issued;
}

/** Staff: numbers a draft and makes it the customer's. */
export async function issueInvoice(
  deps: Pick<InvoiceDeps, 'db' | 'audit' | 'notifications'>,
  company: CompanyRow,
  staff: UserRow,
  id: string,
  origin: string,
): Promise<InvoiceDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const issued = await issueWithin(deps, tx, company, staff, await locked(tx, company, id));
    await tell(deps.notifications, tx, company, issued, origin, 'issued');
    return issued;
  });
  return staffDetail(deps.db, row);
}

/** Staff: cancels an issued invoice with a reason (its payments must be reversed first). */
export async function cancelInvoice(
  deps: Pick<InvoiceDeps, 'db' | 'audit' | 'notifications'>,
  company: CompanyRow,
  staff: UserRow,
  id: string,
  input: { reason: string },
  origin: string,
): Promise<InvoiceDetail> {
  const { reason } = cancelInvoiceBodySchema.parse(input);
  const row = await deps.db.transaction(async (tx) => {
    const inv = await locked(tx, company, id);
    if (inv.status === 'draft') throw conflict(msg`A draft is not cancelled: delete it instead`);
    if (inv.status === 'cancelled') throw conflict(msg`This invoice is already cancelled`);
    const [paid] = await tx
      .select({ n: count() })
      .from(payments)
      .where(and(eq(payments.invoiceId, inv.id), isNull(payments.reversedAt)));
    if ((paid?.n ?? 0) > 0) {
      throw conflict(msg`This invoice has payments: reverse them before cancelling it`);
    }
    const now = new Date();
    const [done] = await tx
      .update(invoices)
      .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now })
      .where(eq(invoices.id, inv.id))
      .returning();
    if (!done) throw new Error('invoice vanished');
    await deps.audit.record(tx, company, staff, {
      entity: 'invoice',
      entityId: inv.id,
      action: 'cancelled',
      changes: { status: [inv.status, 'cancelled'] },
      note: reason,
    });
    await tell(deps.notifications, tx, company, done, origin, 'cancelled');
    return done;
  });
  return staffDetail(deps.db, row);
}
