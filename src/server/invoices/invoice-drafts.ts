import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { AuditValue } from '../../contract/audit';
import {
  type CreateInvoiceBody,
  createInvoiceBodySchema,
  type InvoiceDetail,
  type InvoiceLineInput,
  type InvoicePreview,
  type InvoicePreviewBody,
  invoicePreviewBodySchema,
} from '../../contract/invoices';
import { diff } from '../audit/audit.service';
import { settingsOf } from '../companies/account-settings';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { invoiceLines, invoices, packages } from '../db/schema';
import { badRequest, conflict } from '../errors';
import { storedCustomsBases } from './customs-bases';
import {
  auditView,
  type InvoiceDeps,
  type InvoiceForm,
  type InvoiceSet,
  locked,
  staffDetail,
  tell,
} from './invoice-context';
import { sendWithin } from './invoice-delivery';
import { issueWithin } from './invoice-issue';
import { customerOf } from './invoice-queries';
import { lineRows } from './invoice-records';
import { computeTotals, discountOf, type InvoiceRow } from './invoice-totals';

/** Drafts: priced, created (and issued or sent at once if asked), copied, deleted; their lines and packages. */

/** Every package a line names must be the customer's (in this company). */
export async function checkPackages(
  tx: Db,
  company: CompanyRow,
  customerId: string,
  lines: InvoiceLineInput[],
) {
  const ids = [...new Set(lines.map((l) => l.package_id).filter((v): v is string => !!v))];
  if (ids.length === 0) return;
  const found = await tx
    .select({ id: packages.id })
    .from(packages)
    .where(
      and(inArray(packages.id, ids), eq(packages.companyId, company.id), eq(packages.userId, customerId)),
    );
  const ok = new Set(found.map((f) => f.id));
  const errors: Record<string, string[]> = {};
  lines.forEach((l, i) => {
    if (l.package_id && !ok.has(l.package_id)) {
      errors[`lines.${i}.package_id`] = ['This package is not one of the customer’s'];
    }
  });
  if (Object.keys(errors).length > 0) throw badRequest(msg`Validation failed`, errors);
}

/** Replaces the lines and returns the invoice's total columns for them (computeTotals, the only arithmetic). */
export async function writeLines(
  tx: Db,
  company: CompanyRow,
  invoiceId: string,
  form: InvoiceForm,
  was: Pick<InvoiceRow, 'status' | 'customsBases'> | null = null,
): Promise<InvoiceSet> {
  await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
  if (form.lines.length > 0)
    await tx.insert(invoiceLines).values(lineRows(invoiceId, company.id, form.lines));
  const t = computeTotals(form.lines, form.discount, form.taxRate);
  // The CIF values the customs lines are computed on, with the lines: a draft's follow today's rate, an issued
  // invoice's stay as issued.
  const customsBases = await storedCustomsBases(
    tx,
    company.id,
    form.lines,
    was?.customsBases ?? null,
    !!was && was.status !== 'draft',
  );
  return {
    customsBases,
    subtotalCents: t.subtotal_cents,
    discountCents: t.discount_cents,
    taxCents: t.tax_cents,
    totalCents: t.total_cents,
    discountKind: form.discount?.kind ?? null,
    discountValue: form.discount?.value ?? 0,
    taxRate: form.taxRate,
  };
}

export async function currentLines(q: Db, invoiceId: string): Promise<InvoiceLineInput[]> {
  const rows = await q
    .select()
    .from(invoiceLines)
    .where(eq(invoiceLines.invoiceId, invoiceId))
    .orderBy(asc(invoiceLines.position), asc(invoiceLines.id));
  return rows.map((l) => ({
    type: l.type,
    description: l.description,
    quantity: l.quantity,
    unit_price_cents: l.unitPriceCents,
    package_id: l.packageId,
  }));
}

/** Packages (of the customer, in the company) on a line of an invoice that is not cancelled. */
async function billedAmong(q: Db, company: CompanyRow, ids: string[]): Promise<Set<string>> {
  if (ids.length === 0) return new Set();
  const rows = await q
    .selectDistinct({ id: invoiceLines.packageId })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoiceLines.companyId, company.id),
        inArray(invoiceLines.packageId, ids),
        ne(invoices.status, 'cancelled'),
      ),
    );
  return new Set(rows.map((r) => r.id).filter((v): v is string => !!v));
}

/** Creates a draft from a form (inside a transaction), with its audit entry. */
async function insertDraft(
  { audit }: Pick<InvoiceDeps, 'audit'>,
  tx: Db,
  company: CompanyRow,
  staff: UserRow,
  customerId: string,
  form: InvoiceForm,
  extra: {
    notes?: string | undefined;
    terms?: string | undefined;
    issueDate?: string | null;
    dueAt?: string | null;
  },
  note = '',
): Promise<InvoiceRow> {
  await checkPackages(tx, company, customerId, form.lines);
  const settings = await settingsOf(tx, company.id);
  const [inv] = await tx
    .insert(invoices)
    .values({
      companyId: company.id,
      userId: customerId,
      number: null,
      status: 'draft',
      currency: company.currency,
      notes: extra.notes ?? '',
      terms: extra.terms ?? settings.invoice.terms,
      issueDate: extra.issueDate ?? null,
      dueAt: extra.dueAt ?? null,
      createdBy: staff.id,
    })
    .returning();
  if (!inv) throw new Error('invoice insert returned no row');
  const totals = await writeLines(tx, company, inv.id, form);
  const [done] = await tx.update(invoices).set(totals).where(eq(invoices.id, inv.id)).returning();
  if (!done) throw new Error('invoice vanished');
  await audit.record(tx, company, staff, {
    entity: 'invoice',
    entityId: done.id,
    action: 'created',
    changes: diff({} as Record<string, AuditValue>, auditView(done, form.lines)),
    note,
  });
  return done;
}

/** Staff: prices a form with the invoice arithmetic, saving nothing. */
export async function previewInvoice(
  db: Db,
  company: CompanyRow,
  input: InvoicePreviewBody,
): Promise<InvoicePreview> {
  const b = invoicePreviewBodySchema.parse(input);
  const taxRate = b.tax_rate ?? (await settingsOf(db, company.id)).invoice.tax_rate;
  const t = computeTotals(b.lines, b.discount ?? null, taxRate);
  const { line_totals, ...totals } = t;
  return {
    ...totals,
    currency: company.currency,
    tax_rate: taxRate,
    lines: b.lines.map((l, i) => ({ ...l, line_total_cents: line_totals[i] ?? 0 })),
  };
}

/** Staff: a draft for a customer of the company; `then` issues it (and sends it) at once. */
export async function createInvoice(
  deps: InvoiceDeps,
  company: CompanyRow,
  staff: UserRow,
  input: CreateInvoiceBody,
  origin: string,
): Promise<InvoiceDetail> {
  const b = createInvoiceBodySchema.parse(input);
  const customer = await customerOf(deps.db, company, b.customer_id);
  const taxRate = b.tax_rate ?? (await settingsOf(deps.db, company.id)).invoice.tax_rate;
  const row = await deps.db.transaction(async (tx) => {
    const draft = await insertDraft(
      deps,
      tx,
      company,
      staff,
      customer.id,
      { lines: b.lines, discount: b.discount ?? null, taxRate },
      { notes: b.notes, terms: b.terms, issueDate: b.issue_date ?? null, dueAt: b.due_at ?? null },
    );
    if (b.then === 'send') return sendWithin(deps, tx, company, staff, draft, {}, origin);
    if (b.then === 'draft') return draft;
    const issued = await issueWithin(deps, tx, company, staff, draft);
    await tell(deps.notifications, tx, company, issued, origin, 'issued');
    return issued;
  });
  return staffDetail(deps.db, row);
}

/** Staff: a new draft with the same customer, lines, discount, tax, notes and terms. */
export async function duplicateInvoice(
  deps: Pick<InvoiceDeps, 'db' | 'audit'>,
  company: CompanyRow,
  staff: UserRow,
  id: string,
): Promise<InvoiceDetail> {
  const row = await deps.db.transaction(async (tx) => {
    const src = await locked(tx, company, id);
    const lines = await currentLines(tx, src.id);
    const billed = await billedAmong(
      tx,
      company,
      lines.map((l) => l.package_id).filter((v): v is string => !!v),
    );
    // A package stays on the copy only while it is on no live invoice (else it would be billed twice).
    const kept = lines.map((l) => ({
      ...l,
      package_id: l.package_id && !billed.has(l.package_id) ? l.package_id : null,
    }));
    return insertDraft(
      deps,
      tx,
      company,
      staff,
      src.userId,
      { lines: kept, discount: discountOf(src), taxRate: src.taxRate },
      { notes: src.notes, terms: src.terms },
      `Copy of ${src.number ?? 'a draft'}`,
    );
  });
  return staffDetail(deps.db, row);
}

/** Staff: deletes a draft (issued invoices are cancelled instead). */
export async function removeDraft(
  { db, audit }: Pick<InvoiceDeps, 'db' | 'audit'>,
  company: CompanyRow,
  staff: UserRow,
  id: string,
): Promise<void> {
  await db.transaction(async (tx) => {
    const inv = await locked(tx, company, id);
    if (inv.status !== 'draft') {
      throw conflict(msg`Only a draft can be deleted: cancel an issued invoice, with a reason`);
    }
    await tx.delete(invoices).where(eq(invoices.id, inv.id));
    await audit.record(tx, company, staff, {
      entity: 'invoice',
      entityId: inv.id,
      action: 'deleted',
      changes: { total_cents: [inv.totalCents, null] },
    });
  });
}
