import { msg } from '@lingui/core/runtime-macro';
import { and, eq } from 'drizzle-orm';
import type { AuditValue } from '../../contract/audit';
import { formatDate, formatMoney } from '../../contract/format';
import type { InvoiceDetail, InvoiceLineInput, InvoiceStatus } from '../../contract/invoices';
import type { NotificationEvent } from '../../contract/profile';
import type { AuditService } from '../audit/audit.service';
import type { Config } from '../config';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { invoices } from '../db/schema';
import { notFound } from '../errors';
import { t } from '../i18n';
import type { NotificationService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import { detailOf } from './invoice-records';
import type { InvoiceSends } from './invoice-send';
import { type InvoiceRow, OPEN_STATUSES } from './invoice-totals';

/**
 * What every invoice job works with: the services it calls, and the few steps they all take (lock the invoice, tell
 * its customer, answer with its detail, say in the audit trail what moved). Each job's module takes the part of
 * `InvoiceDeps` it uses; invoices.service.ts hands them the whole.
 */
/**
 * Gives an online payment's money back through its provider when staff reverse it (payments/ provides it): answers
 * what happened, in words, for the audit trail ("Refunded through …", or that it must be refunded outside the portal).
 */
export type OnlineRefunds = {
  refund(tx: Db, company: CompanyRow, payment: { reference: string; amountCents: number }): Promise<string>;
};

export type InvoiceDeps = {
  /** Absent: reversing an online payment records it only. */
  refunds?: OnlineRefunds;
  db: Db;
  notifications: NotificationService;
  points: PointsService;
  audit: AuditService;
  sends: InvoiceSends;
  config: Config;
};

export type InvoiceSet = Partial<typeof invoices.$inferInsert>;
/** What the add/edit form holds, as the arithmetic reads it. */
export type InvoiceForm = {
  lines: InvoiceLineInput[];
  discount: InvoiceDetail['discount'];
  taxRate: string;
};

export const isOpen = (s: InvoiceStatus) => (OPEN_STATUSES as readonly InvoiceStatus[]).includes(s);

/** The fields of an invoice the audit trail compares (lines summed up: the trail shows the figures that moved). */
export function auditView(inv: InvoiceRow, lines?: InvoiceLineInput[]): Record<string, AuditValue> {
  return {
    status: inv.status,
    number: inv.number,
    total_cents: inv.totalCents,
    subtotal_cents: inv.subtotalCents,
    discount_cents: inv.discountCents,
    tax_cents: inv.taxCents,
    tax_rate: inv.taxRate,
    amount_paid_cents: inv.amountPaidCents,
    issue_date: inv.issueDate,
    due_at: inv.dueAt,
    notes: inv.notes,
    terms: inv.terms,
    ...(lines
      ? {
          lines: lines
            .map((l) => `${l.quantity} × ${l.description} @ ${formatMoney(l.unit_price_cents, inv.currency)}`)
            .join('; ')
            .slice(0, 1000),
        }
      : {}),
  };
}

/** The invoice, locked for the rest of the transaction. */
export async function locked(tx: Db, company: CompanyRow, id: string): Promise<InvoiceRow> {
  const [inv] = await tx
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, company.id)))
    .for('update');
  if (!inv) throw notFound(msg`Invoice not found`);
  return inv;
}

/** The invoice as staff read it (read through `q` when it just changed in a transaction). */
export const staffDetail = (db: Db, inv: InvoiceRow) => detailOf(db, inv, true);

export type InvoiceNotice = 'issued' | 'updated' | 'payment' | 'paid' | 'cancelled';

/** What the customer reads (bell and mail) when an invoice is issued, changed, paid or cancelled. */
export function invoiceNotice(inv: InvoiceRow, what: InvoiceNotice, amountCents = 0) {
  const total = formatMoney(inv.totalCents, inv.currency);
  const balance = formatMoney(Math.max(0, inv.totalCents - inv.amountPaidCents), inv.currency);
  const n = inv.number ?? t(msg`draft`);
  const amount = formatMoney(amountCents, inv.currency);
  const due = inv.dueAt ? t(msg`, due by ${{ day: formatDate(inv.dueAt) }}`) : '';
  const words = {
    issued: () => ({
      title: t(msg`Invoice ${{ n }} is ready`),
      body: t(msg`Your invoice ${{ n }} for ${{ total }} is ready${{ due }}.`),
    }),
    updated: () => ({
      title: t(msg`Invoice ${{ n }} was updated`),
      body: t(
        msg`Your invoice ${{ n }} was revised: the total is now ${{ total }}, the balance ${{ balance }}.`,
      ),
    }),
    payment: () => ({
      title: t(msg`Payment received for ${{ n }}`),
      body: t(msg`We received ${{ amount }} on invoice ${{ n }}. The balance is ${{ balance }}.`),
    }),
    paid: () => ({
      title: t(msg`Invoice ${{ n }} is paid`),
      body: amountCents
        ? t(
            msg`We received your payment of ${{ amount }}: invoice ${{ n }} (${{ total }}) is paid in full. Thank you.`,
          )
        : t(msg`We received your payment: invoice ${{ n }} (${{ total }}) is paid in full. Thank you.`),
    }),
    cancelled: () => ({
      title: t(msg`Invoice ${{ n }} was cancelled`),
      body: t(msg`Invoice ${{ n }} (${{ total }}) was cancelled; you owe nothing on it.`),
    }),
  };
  return words[what]();
}

/** The customer's notification (and, per their preferences, mail) about a change of their invoice, in its `tx`. */
export async function tell(
  notifications: NotificationService,
  tx: Db,
  company: CompanyRow,
  inv: InvoiceRow,
  origin: string,
  what: InvoiceNotice,
  amount = 0,
  mail: 'preference' | 'never' = 'preference',
) {
  await notifications.notify(
    company,
    inv.userId,
    // In the customer's language.
    () => ({ kind: 'invoice', ...invoiceNotice(inv, what, amount), link: `/user/invoices/${inv.id}` }),
    {
      origin,
      mail,
      within: tx,
      about: [{ entity: 'invoice', id: inv.id }],
      ...(EVENT_OF[what] ? { push: { event: EVENT_OF[what], tag: `invoice:${inv.id}` } } : {}),
    },
  );
}

/** The invoice notices that are moments of their own in the customer's preferences (pushed per their choice). */
const EVENT_OF: Partial<Record<InvoiceNotice, NotificationEvent>> = {
  issued: 'invoice_issued',
  payment: 'payment_received',
  paid: 'payment_received',
};
