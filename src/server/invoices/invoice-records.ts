import { asc, eq, sql } from 'drizzle-orm';
import type { PackageStatusCode } from '../../contract/constants';
import type { InvoiceDetail, InvoiceLineType, InvoiceStatus, InvoiceSummary } from '../../contract/invoices';
import type { Db } from '../db';
import { invoiceCounters, invoiceLines, type invoices, packages, users } from '../db/schema';
import { notFound } from '../errors';
import { formatMoney } from '../money';

export type InvoiceRow = typeof invoices.$inferSelect;
type Customer = { id: string; firstName: string; lastName: string; mailboxNumber: string; email: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);
/** A calendar date `days` from now (UTC), YYYY-MM-DD. */
export const dateIn = (days: number, from = new Date()) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);

/** Which status an invoice may move to from each status (setting the same status is a no-op). */
export const INVOICE_MOVES: Record<InvoiceStatus, InvoiceStatus[]> = {
  draft: ['issued', 'cancelled'],
  issued: ['paid', 'overdue', 'cancelled'],
  overdue: ['paid', 'issued', 'cancelled'],
  paid: [],
  cancelled: [],
};

/** Line totals and the invoice's subtotal (every line but tax), tax (the tax lines) and total. */
export function invoiceTotals(lines: { type: string; quantity: number; unit_price_cents: number }[]) {
  let subtotal = 0;
  let tax = 0;
  for (const l of lines) {
    const lineTotal = l.quantity * l.unit_price_cents;
    if (l.type === 'tax') tax += lineTotal;
    else subtotal += lineTotal;
  }
  return { subtotal, tax, total: subtotal + tax };
}

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

export function summary(inv: InvoiceRow, c: Customer, tracking: string[]): InvoiceSummary {
  return {
    id: inv.id,
    number: inv.number,
    status: inv.status,
    currency: inv.currency,
    subtotal_cents: inv.subtotalCents,
    tax_cents: inv.taxCents,
    total_cents: inv.totalCents,
    issued_at: iso(inv.issuedAt),
    due_at: inv.dueAt,
    paid_at: iso(inv.paidAt),
    sent_at: iso(inv.sentAt),
    cancelled_at: iso(inv.cancelledAt),
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

export async function detailOf(db: Db, inv: InvoiceRow): Promise<InvoiceDetail> {
  const [[customer], lines] = await Promise.all([
    db.select(customerColumns).from(users).where(eq(users.id, inv.userId)).limit(1),
    db
      .select({
        l: invoiceLines,
        pkg: {
          id: packages.id,
          tracking: packages.trackingNumber,
          description: packages.description,
          status: packages.statusCode,
        },
      })
      .from(invoiceLines)
      .leftJoin(packages, eq(packages.id, invoiceLines.packageId))
      .where(eq(invoiceLines.invoiceId, inv.id))
      .orderBy(asc(invoiceLines.position), asc(invoiceLines.id)),
  ]);
  if (!customer) throw notFound('Invoice not found');
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
  return {
    ...summary(
      inv,
      customer,
      [...pkgs.values()].map((p) => p.tracking_number),
    ),
    notes: inv.notes,
    lines: lines.map(({ l, pkg }) => ({
      id: l.id,
      position: l.position,
      type: l.type,
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      line_total_cents: l.lineTotalCents,
      package_id: l.packageId,
      tracking_number: pkg?.tracking ?? null,
    })),
    packages: [...pkgs.values()],
  };
}

/** What the customer reads (bell and mail) when an invoice is issued, paid or cancelled. */
export function invoiceNotice(inv: InvoiceRow, what: 'issued' | 'paid' | 'cancelled') {
  const total = formatMoney(inv.totalCents, inv.currency);
  return {
    issued: {
      title: `Invoice ${inv.number} is ready`,
      body: `Your invoice ${inv.number} for ${total} is ready${inv.dueAt ? `, due by ${inv.dueAt}` : ''}.`,
    },
    paid: {
      title: `Payment received for ${inv.number}`,
      body: `We received your payment of ${total}. Thank you.`,
    },
    cancelled: {
      title: `Invoice ${inv.number} was cancelled`,
      body: `Invoice ${inv.number} (${total}) was cancelled; you owe nothing on it.`,
    },
  }[what];
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
