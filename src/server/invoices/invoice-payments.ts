import { randomUUID } from 'node:crypto';
import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, like, or } from 'drizzle-orm';
import type { AuditValue } from '../../contract/audit';
import { formatMoney } from '../../contract/format';
import {
  type InvoiceDetail,
  type PaymentBody,
  type PaymentMethod,
  paymentBodySchema,
  reversePaymentBodySchema,
} from '../../contract/invoices';
import { diff } from '../audit/audit.service';
import { settingsOf } from '../companies/account-settings';
import { readTimeZone } from '../companies/time-zones';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { invoices, payments, pointsLedger } from '../db/schema';
import { conflict, fieldError, notFound } from '../errors';
import { type InvoiceDeps, isOpen, locked, staffDetail, tell } from './invoice-context';
import { type InvoiceRow, settledStatus, today } from './invoice-totals';

/** Money received on invoices, its reversal, and the points a paid invoice earns (and gives back). */

type PointsDeps = Pick<InvoiceDeps, 'points'>;

/**
 * The points a paid invoice earned, and how often a reversal took them back: references are `invoice:<id>` for the
 * first award and `invoice:<id>#<n>` after the n-th take-back, so each award and each take-back happens once (the
 * ledger's unique reference), and an invoice paid, reversed and paid again earns exactly once in the end.
 */
async function earnedFor(tx: Db, inv: InvoiceRow) {
  const rows = await tx
    .select({ points: pointsLedger.points, kind: pointsLedger.kind })
    .from(pointsLedger)
    .where(
      and(
        eq(pointsLedger.userId, inv.userId),
        or(
          and(eq(pointsLedger.kind, 'invoice_paid'), like(pointsLedger.reference, `invoice:${inv.id}%`)),
          and(
            eq(pointsLedger.kind, 'adjustment'),
            like(pointsLedger.reference, `invoice-unpaid:${inv.id}#%`),
          ),
        ),
      ),
    )
    .orderBy(asc(pointsLedger.id));
  const awards = rows.filter((r) => r.kind === 'invoice_paid');
  const takebacks = rows.length - awards.length;
  return { awards: awards.length, takebacks, last: awards.at(-1)?.points ?? 0 };
}

/** Points for a paid invoice: once per time it becomes paid (see `earnedFor`). */
export async function awardFor({ points }: PointsDeps, tx: Db, company: CompanyRow, inv: InvoiceRow) {
  const e = await earnedFor(tx, inv);
  if (e.awards > e.takebacks) return;
  const s = await settingsOf(tx, company.id);
  const earned = Math.floor(inv.totalCents / s.points.cents_per_point);
  await points.award(tx, company, inv.userId, {
    points: earned,
    kind: 'invoice_paid',
    reason: `Paid invoice ${inv.number}`,
    reference: e.takebacks === 0 ? `invoice:${inv.id}` : `invoice:${inv.id}#${e.takebacks}`,
  });
}

/** A paid invoice that is no longer paid (a payment reversed) gives back what it earned, as far as the balance goes. */
async function takeBackFor(
  { points }: PointsDeps,
  tx: Db,
  company: CompanyRow,
  inv: InvoiceRow,
  staff: UserRow,
) {
  const e = await earnedFor(tx, inv);
  if (e.awards <= e.takebacks || e.last <= 0) return;
  await points.deductIn(
    tx,
    company,
    inv.userId,
    {
      points: e.last,
      kind: 'adjustment',
      reason: `Invoice ${inv.number ?? ''} no longer paid: its points taken back`,
      reference: `invoice-unpaid:${inv.id}#${e.takebacks + 1}`,
      createdBy: staff.id,
    },
    { clamp: true },
  );
}

/** One payment as `applyPayment` records it. */
export type PaymentEntry = {
  id?: string;
  amountCents: number;
  paidOn?: string | undefined;
  method: PaymentMethod;
  reference: string;
  note: string;
  points: number;
  origin: string;
  /** 'never': the caller tells the customer itself (an online payment covering several invoices sends one receipt). */
  notify?: 'customer' | 'never';
};

/**
 * Records money on an invoice locked in `tx` (the caller checked it is open and the amount fits its balance): the
 * payment row, the invoice's figures and status, the audit entry, the points a now paid invoice earns, and the
 * customer's notice. The counter's payments and the online ones both come through here. `actorId` null: nobody of
 * the company recorded it (an online payment confirmed by its provider).
 */
export async function applyPayment(
  deps: Pick<InvoiceDeps, 'audit' | 'notifications' | 'points'>,
  tx: Db,
  company: CompanyRow,
  actorId: string | null,
  inv: InvoiceRow,
  p: PaymentEntry,
): Promise<InvoiceRow> {
  const day = today(await readTimeZone(tx, company.id));
  await tx.insert(payments).values({
    ...(p.id ? { id: p.id } : {}),
    companyId: company.id,
    invoiceId: inv.id,
    userId: inv.userId,
    amountCents: p.amountCents,
    paidOn: p.paidOn ?? day,
    method: p.method,
    reference: p.reference,
    note: p.note,
    points: p.points,
    recordedBy: actorId,
  });
  const amountPaidCents = inv.amountPaidCents + p.amountCents;
  const status = settledStatus({ ...inv, amountPaidCents }, day);
  const now = new Date();
  const [row] = await tx
    .update(invoices)
    .set({ amountPaidCents, status, paidAt: status === 'paid' ? now : null, updatedAt: now })
    .where(eq(invoices.id, inv.id))
    .returning();
  if (!row) throw new Error('invoice vanished');
  await deps.audit.record(tx, company, actorId ? { id: actorId } : null, {
    entity: 'invoice',
    entityId: inv.id,
    action: 'payment',
    changes: diff(
      { amount_paid_cents: inv.amountPaidCents, status: inv.status } as Record<string, AuditValue>,
      { amount_paid_cents: amountPaidCents, status },
    ),
    note: `${formatMoney(p.amountCents, inv.currency)} by ${p.method.replace('_', ' ')}${p.reference ? ` (${p.reference})` : ''}${p.points ? `, ${p.points} points` : ''}`,
  });
  if (status === 'paid') await awardFor(deps, tx, company, row);
  if (p.notify !== 'never') {
    await tell(
      deps.notifications,
      tx,
      company,
      row,
      p.origin,
      status === 'paid' ? 'paid' : 'payment',
      p.amountCents,
    );
  }
  return row;
}

/** Staff: records money received (points are spent from the customer's balance in the same transaction). */
export async function recordPayment(
  deps: Pick<InvoiceDeps, 'db' | 'audit' | 'notifications' | 'points'>,
  company: CompanyRow,
  staff: UserRow,
  id: string,
  input: PaymentBody,
  origin: string,
): Promise<InvoiceDetail> {
  const b = paymentBodySchema.parse(input);
  const [head] = await deps.db
    .select({ userId: invoices.userId, number: invoices.number })
    .from(invoices)
    .where(and(eq(invoices.id, id), eq(invoices.companyId, company.id)))
    .limit(1);
  if (!head) throw notFound(msg`Invoice not found`);
  const paymentId = randomUUID();
  const settings = await settingsOf(deps.db, company.id);
  // Points pay whole points: a fraction of a point's worth is rounded up (the customer never pays less).
  const pointsSpent =
    b.method === 'points' ? Math.ceil(b.amount_cents / settings.points.point_value_cents) : 0;

  const record = async (tx: Db) => {
    const inv = await locked(tx, company, id);
    if (inv.status === 'draft') throw conflict(msg`Issue the invoice before recording a payment`);
    if (!isOpen(inv.status)) throw conflict(`This invoice is ${inv.status}: no payment can be recorded`);
    const balance = inv.totalCents - inv.amountPaidCents;
    if (b.amount_cents > balance) {
      throw fieldError('amount_cents', `At most the balance, ${formatMoney(balance, inv.currency)}`);
    }
    return applyPayment(deps, tx, company, staff.id, inv, {
      id: paymentId,
      amountCents: b.amount_cents,
      paidOn: b.paid_on,
      method: b.method,
      reference: b.reference,
      note: b.note,
      points: pointsSpent,
      origin,
    });
  };

  let row: InvoiceRow | undefined;
  if (b.method === 'points') {
    await deps.points.deduct(
      company,
      head.userId,
      {
        points: pointsSpent,
        kind: 'redemption',
        reason: `Paid on invoice ${head.number ?? ''}`.trim(),
        reference: `payment:${paymentId}`,
        createdBy: staff.id,
      },
      {
        within: async (tx) => {
          row = await record(tx);
        },
      },
    );
  } else {
    row = await deps.db.transaction(async (tx) => record(tx));
  }
  if (!row) throw new Error('payment not recorded');
  return staffDetail(deps.db, row);
}

/** Staff: a payment taken back with a reason; it stays listed, and the invoice's figures and status follow. */
export async function reversePayment(
  deps: Pick<InvoiceDeps, 'db' | 'audit' | 'points' | 'refunds'>,
  company: CompanyRow,
  staff: UserRow,
  id: string,
  paymentId: string,
  input: { reason: string },
): Promise<InvoiceDetail> {
  const { reason } = reversePaymentBodySchema.parse(input);
  const row = await deps.db.transaction(async (tx) => {
    const inv = await locked(tx, company, id);
    const [p] = await tx
      .select()
      .from(payments)
      .where(and(eq(payments.id, paymentId), eq(payments.invoiceId, inv.id)))
      .limit(1);
    if (!p) throw notFound(msg`Payment not found`);
    if (p.reversedAt) throw conflict(msg`This payment was already reversed`);
    // An online payment: the provider's refund call where it has one, in this transaction (it fails, nothing is
    // reversed); otherwise the words say the money goes back outside the portal. They become the payment's note, so
    // the invoice's payment list says what happened to the money.
    const refund =
      p.method === 'online' && deps.refunds
        ? await deps.refunds.refund(tx, company, { reference: p.reference, amountCents: p.amountCents })
        : '';
    const now = new Date();
    await tx
      .update(payments)
      .set({
        reversedAt: now,
        reversedBy: staff.id,
        reverseReason: reason,
        ...(refund ? { note: refund.charAt(0).toUpperCase() + refund.slice(1) } : {}),
      })
      .where(eq(payments.id, p.id));
    const amountPaidCents = inv.amountPaidCents - p.amountCents;
    const status = settledStatus(
      { ...inv, status: 'issued', amountPaidCents },
      today(await readTimeZone(tx, company.id)),
    );
    const [done] = await tx
      .update(invoices)
      .set({ amountPaidCents, status, paidAt: status === 'paid' ? inv.paidAt : null, updatedAt: now })
      .where(eq(invoices.id, inv.id))
      .returning();
    if (!done) throw new Error('invoice vanished');
    if (inv.status === 'paid' && status !== 'paid') await takeBackFor(deps, tx, company, inv, staff);
    const refunded = refund ? ` (${refund})` : '';
    if (p.points > 0) {
      await deps.points.award(tx, company, inv.userId, {
        points: p.points,
        kind: 'adjustment',
        reason: `Payment on invoice ${inv.number ?? ''} reversed`,
        reference: `payment-reversal:${p.id}`,
        createdBy: staff.id,
      });
    }
    await deps.audit.record(tx, company, staff, {
      entity: 'invoice',
      entityId: inv.id,
      action: 'payment_reversed',
      changes: diff(
        { amount_paid_cents: inv.amountPaidCents, status: inv.status } as Record<string, AuditValue>,
        { amount_paid_cents: amountPaidCents, status },
      ),
      note: `${formatMoney(p.amountCents, inv.currency)} by ${p.method.replace('_', ' ')}: ${reason}${refunded}`,
    });
    return done;
  });
  return staffDetail(deps.db, row);
}
