import { msg } from '@lingui/core/runtime-macro';
import { eq } from 'drizzle-orm';
import { formatMoney } from '../../contract/format';
import { type InvoiceDetail, type UpdateInvoiceBody, updateInvoiceBodySchema } from '../../contract/invoices';
import { diff } from '../audit/audit.service';
import { readTimeZone } from '../companies/time-zones';
import type { CompanyRow, UserRow } from '../db/rows';
import { invoices } from '../db/schema';
import { badRequest, conflict, fieldError } from '../errors';
import {
  auditView,
  type InvoiceDeps,
  type InvoiceForm,
  type InvoiceNotice,
  type InvoiceSet,
  locked,
  staffDetail,
  tell,
} from './invoice-context';
import { checkPackages, currentLines, writeLines } from './invoice-drafts';
import { cancelInvoice, issueWithin } from './invoice-issue';
import { awardFor } from './invoice-payments';
import { computeTotals, discountOf, type InvoiceRow, settledStatus, today } from './invoice-totals';

/** Changing an invoice: a draft freely; an issued one as a revision, with why, that its customer is told of. */

/** Staff: a draft changes freely; an open invoice as a revision (with a note); paid and cancelled are final. */
export async function updateInvoice(
  deps: InvoiceDeps,
  company: CompanyRow,
  staff: UserRow,
  id: string,
  input: UpdateInvoiceBody,
  origin: string,
): Promise<InvoiceDetail> {
  const b = updateInvoiceBodySchema.parse(input);
  if (b.status === 'cancelled') {
    return cancelInvoice(deps, company, staff, id, { reason: b.revision_note || 'Cancelled' }, origin);
  }
  const after = await deps.db.transaction(async (tx) => {
    const inv = await locked(tx, company, id);
    const edits =
      b.lines !== undefined ||
      b.discount !== undefined ||
      b.tax_rate !== undefined ||
      b.issue_date !== undefined ||
      b.due_at !== undefined ||
      b.notes !== undefined ||
      b.terms !== undefined;
    if (inv.status === 'paid' || inv.status === 'cancelled') {
      if (edits || b.status) throw conflict(`This invoice is ${inv.status} and can no longer change`);
      return inv;
    }
    const revising = inv.status !== 'draft';
    if (revising && edits && !b.revision_note) {
      throw fieldError(
        'revision_note',
        msg`Say why the issued invoice changes (the customer sees the new revision)`,
      );
    }
    const oldLines = await currentLines(tx, inv.id);
    const lines = b.lines ?? oldLines;
    const form: InvoiceForm = {
      lines,
      discount: b.discount !== undefined ? b.discount : discountOf(inv),
      taxRate: b.tax_rate ?? inv.taxRate,
    };
    const now = new Date();
    const set: InvoiceSet = { updatedAt: now };
    if (b.lines) await checkPackages(tx, company, inv.userId, b.lines);
    if (b.lines || b.discount !== undefined || b.tax_rate !== undefined) {
      const t = computeTotals(form.lines, form.discount, form.taxRate);
      if (t.total_cents < inv.amountPaidCents) {
        throw badRequest(msg`The total cannot go below what was already paid`, {
          lines: [
            `${formatMoney(inv.amountPaidCents, inv.currency)} is paid already: reverse a payment first`,
          ],
        });
      }
      Object.assign(set, await writeLines(tx, company, inv.id, form, inv));
    }
    if (b.notes !== undefined) set.notes = b.notes;
    if (b.terms !== undefined) set.terms = b.terms;
    if (b.issue_date !== undefined) set.issueDate = b.issue_date ?? (revising ? inv.issueDate : null);
    if (b.due_at !== undefined) set.dueAt = b.due_at ?? (revising ? inv.dueAt : null);
    if (revising && edits) {
      set.revision = inv.revision + 1;
      const next = { ...inv, ...set } as InvoiceRow;
      set.status = settledStatus(next, today(await readTimeZone(tx, company.id)));
      if (set.status === 'paid') set.paidAt = now;
    }
    let [row] = await tx.update(invoices).set(set).where(eq(invoices.id, inv.id)).returning();
    if (!row) throw new Error('invoice vanished');
    if (edits) {
      await deps.audit.record(tx, company, staff, {
        entity: 'invoice',
        entityId: inv.id,
        action: revising ? 'revised' : 'updated',
        changes: diff(auditView(inv, oldLines), auditView(row, b.lines ? lines : oldLines)),
        note: revising ? `Revision ${row.revision}: ${b.revision_note ?? ''}` : '',
      });
    }
    if (row.status === 'paid') await awardFor(deps, tx, company, row);
    let notice: InvoiceNotice | null = revising && edits ? 'updated' : null;
    if (b.status === 'issued' && row.status === 'draft') {
      row = await issueWithin(deps, tx, company, staff, row);
      notice = 'issued';
    }
    if (notice) await tell(deps.notifications, tx, company, row, origin, notice);
    return row;
  });
  return staffDetail(deps.db, after);
}
