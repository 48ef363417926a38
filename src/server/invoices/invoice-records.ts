import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { PackageStatusCode } from '../../contract/constants';
import type { AccountSettings } from '../../contract/fees';
import {
  type HowToPay,
  type InvoiceDetail,
  type InvoiceLineType,
  type InvoiceSummary,
  lineGroupOf,
  type Payment,
} from '../../contract/invoices';
import { settingsOf } from '../companies/account-settings';
import type { Db } from '../db';
import { invoiceLines, packages, payments, users } from '../db/schema';
import { notFound } from '../errors';
import { computedOnCif, customsBasesOf, shownBase } from './customs-bases';
import { computeTotals, discountOf, type InvoiceRow } from './invoice-totals';

/** An invoice as the API shows it: its summary (lists), its detail (one invoice), its payments and line rows. */

type Customer = { id: string; firstName: string; lastName: string; mailboxNumber: string; email: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export function summary(
  inv: InvoiceRow,
  c: Customer,
  tracking: string[],
  split: { service: number; customs: number },
  staff: boolean,
): InvoiceSummary {
  return {
    id: inv.id,
    number: inv.number,
    status: inv.status,
    currency: inv.currency,
    subtotal_cents: inv.subtotalCents,
    service_cents: split.service,
    customs_cents: split.customs,
    discount_cents: inv.discountCents,
    tax_cents: inv.taxCents,
    total_cents: inv.totalCents,
    amount_paid_cents: inv.amountPaidCents,
    balance_cents: inv.status === 'cancelled' ? 0 : inv.totalCents - inv.amountPaidCents,
    revision: inv.revision,
    issue_date: inv.issueDate,
    issued_at: iso(inv.issuedAt),
    due_at: inv.dueAt,
    paid_at: iso(inv.paidAt),
    sent_at: iso(inv.sentAt),
    send_error: staff ? inv.sendError : null,
    cancelled_at: iso(inv.cancelledAt),
    cancel_reason: inv.cancelReason,
    created_at: inv.createdAt.toISOString(),
    updated_at: inv.updatedAt.toISOString(),
    customer: {
      id: c.id,
      name: `${c.firstName} ${c.lastName}`.trim(),
      mailbox_number: c.mailboxNumber,
      email: c.email,
    },
    tracking_numbers: tracking,
    pdf_url: `/v1/invoices/${inv.id}/pdf`,
  };
}

export const customerColumns = {
  id: users.id,
  firstName: users.firstName,
  lastName: users.lastName,
  mailboxNumber: users.mailboxNumber,
  email: users.email,
};

/** An invoice's payments, oldest first; a customer sees no staff note and no staff name. */
export async function paymentsOf(db: Db, invoiceId: string, staff: boolean): Promise<Payment[]> {
  const rows = await db
    .select({ p: payments, firstName: users.firstName, lastName: users.lastName })
    .from(payments)
    .leftJoin(users, eq(users.id, payments.recordedBy))
    .where(eq(payments.invoiceId, invoiceId))
    .orderBy(asc(payments.createdAt), asc(payments.id));
  return rows.map(({ p, firstName, lastName }) => ({
    id: p.id,
    amount_cents: p.amountCents,
    paid_on: p.paidOn,
    method: p.method,
    reference: p.reference,
    note: staff ? p.note : '',
    points: p.points,
    recorded_by: staff && firstName !== null ? `${firstName} ${lastName ?? ''}`.trim() : null,
    created_at: p.createdAt.toISOString(),
    reversed_at: iso(p.reversedAt),
    reverse_reason: p.reverseReason,
  }));
}

export async function detailOf(db: Db, inv: InvoiceRow, staff: boolean): Promise<InvoiceDetail> {
  const [[customer], lines, pays] = await Promise.all([
    db.select(customerColumns).from(users).where(eq(users.id, inv.userId)).limit(1),
    db
      .select({
        l: invoiceLines,
        pkg: {
          id: packages.id,
          tracking: packages.trackingNumber,
          description: packages.description,
          status: packages.statusCode,
          weight: packages.weight,
          declaredValueCents: packages.declaredValueCents,
        },
      })
      .from(invoiceLines)
      .leftJoin(packages, eq(packages.id, invoiceLines.packageId))
      .where(eq(invoiceLines.invoiceId, inv.id))
      .orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
    paymentsOf(db, inv.id, staff),
  ]);
  if (!customer) throw notFound(msg`Invoice not found`);
  const settings = await settingsOf(db, inv.companyId);
  const pkgs = new Map<string, InvoiceDetail['packages'][number]>();
  for (const { pkg } of lines) {
    if (pkg && !pkgs.has(pkg.id)) {
      pkgs.set(pkg.id, {
        id: pkg.id,
        tracking_number: pkg.tracking,
        description: pkg.description,
        status: pkg.status as PackageStatusCode,
      });
    }
  }
  const t = computeTotals(
    lines.map(({ l }) => ({ type: l.type, quantity: l.quantity, unit_price_cents: l.unitPriceCents })),
    discountOf(inv),
    inv.taxRate,
  );
  const fromCif = computedOnCif(
    lines.map(({ l }) => ({
      type: l.type,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      package_id: l.packageId,
    })),
    inv.customsBases,
  );
  return {
    ...summary(
      inv,
      customer,
      [...pkgs.values()].map((p) => p.tracking_number),
      { service: t.service_cents, customs: t.customs_cents },
      staff,
    ),
    notes: inv.notes,
    terms: inv.terms,
    discount: discountOf(inv),
    tax_rate: inv.taxRate,
    lines: lines.map(({ l, pkg }, i) => ({
      id: l.id,
      position: l.position,
      type: l.type,
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      line_total_cents: l.lineTotalCents,
      package_id: l.packageId,
      tracking_number: pkg?.tracking ?? null,
      group: lineGroupOf(l.type),
      ...(fromCif[i] !== undefined ? { computed_on_cif: fromCif[i] } : {}),
    })),
    packages: [...pkgs.values()],
    payments: pays,
    customs_bases: inv.customsBases
      ? inv.customsBases.map(shownBase)
      : await customsBasesOf(db, inv, lines, settings),
    how_to_pay: howToPay(inv, settings),
    tax_label: settings.invoice.tax_label,
  };
}

/** How to pay, while something is owed: the company's methods, the invoice number as the bank reference. */
function howToPay(inv: InvoiceRow, settings: AccountSettings): HowToPay | null {
  if (!inv.number || inv.status === 'draft' || inv.status === 'paid' || inv.status === 'cancelled')
    return null;
  const p = settings.payment;
  const bank = p.bank_transfer;
  return {
    bank_transfer: bank.account_number ? { ...bank, reference: inv.number } : null,
    counter: p.counter || null,
    online_url: p.online_url || null,
    overdue: p.overdue,
  };
}

/** Service and customs sums of many invoices at once (the list's rows), from their lines. */
export async function splitsOf(db: Db, companyId: string, ids: string[]) {
  const out = new Map<string, { service: number; customs: number }>();
  if (ids.length === 0) return out;
  const rows = await db
    .select({
      invoiceId: invoiceLines.invoiceId,
      service:
        sql<number>`coalesce(sum(${invoiceLines.lineTotalCents}) filter (where ${invoiceLines.type} in ('shipping','handling','other')), 0)`.mapWith(
          Number,
        ),
      customs:
        sql<number>`coalesce(sum(${invoiceLines.lineTotalCents}) filter (where ${invoiceLines.type} in ('customs','duty')), 0)`.mapWith(
          Number,
        ),
    })
    .from(invoiceLines)
    .where(and(eq(invoiceLines.companyId, companyId), inArray(invoiceLines.invoiceId, ids)))
    .groupBy(invoiceLines.invoiceId);
  for (const r of rows) out.set(r.invoiceId, { service: r.service, customs: r.customs });
  return out;
}

/** The rows of an invoice's lines, in order, each with its total. */
export function lineRows(
  invoiceId: string,
  companyId: string,
  lines: {
    type: InvoiceLineType;
    description: string;
    quantity: number;
    unit_price_cents: number;
    package_id?: string | null | undefined;
  }[],
) {
  return lines.map((l, i) => ({
    invoiceId,
    companyId,
    position: i + 1,
    type: l.type,
    description: l.description,
    quantity: l.quantity,
    unitPriceCents: l.unit_price_cents,
    lineTotalCents: l.quantity * l.unit_price_cents,
    packageId: l.package_id ?? null,
  }));
}
