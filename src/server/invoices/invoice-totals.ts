import { DEFAULT_TIME_ZONE, dayIn } from '../../contract/format';
import type { Discount, InvoiceLineType, InvoiceStatus, InvoiceTotals } from '../../contract/invoices';
import type { invoices } from '../db/schema';
import { parseDecimal, roundHalfUp } from '../estimator/duty';

/** An invoice as stored. */
export type InvoiceRow = typeof invoices.$inferSelect;

/** A calendar date `days` after `from` (read in UTC: pass noon of a calendar date), YYYY-MM-DD. */
export const dateIn = (days: number, from = new Date()) =>
  new Date(from.getTime() + days * 86_400_000).toISOString().slice(0, 10);
/** Today as a calendar date in the company's time zone ("2026-11-26" until midnight in Kingston, not UTC's). */
export const today = (timeZone = DEFAULT_TIME_ZONE) => dayIn(new Date(), timeZone);

/** The lines the discount comes off (and the company's tax is charged on). */
export const SERVICE_TYPES: readonly InvoiceLineType[] = ['shipping', 'handling', 'other'];
/** The government's charges, collected as they are: no discount, no company tax on them. */
export const CUSTOMS_TYPES: readonly InvoiceLineType[] = ['customs', 'duty'];

/** Statuses an invoice is open (money owed) in. */
export const OPEN_STATUSES = ['issued', 'partially_paid', 'overdue'] as const satisfies InvoiceStatus[];

export type PricedLine = { type: InvoiceLineType; quantity: number; unit_price_cents: number };

function safe(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < -BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new Error('amount out of range');
  }
  return Number(v);
}

/**
 * THE invoice arithmetic (preview, create, update, the PDF all come here). Integer cents as BigInt, the tax rate an
 * exact decimal, rounded half up once:
 * - line total = quantity × unit price;
 * - subtotal = every line but `tax` lines; service = shipping + handling + other; customs = customs + duty;
 * - discount: an amount, or basis points of the service lines (rounded half up), never more than the service lines;
 * - tax = the `tax` lines + tax_rate × (service − discount), rounded half up;
 * - total = subtotal − discount + tax.
 */
export function computeTotals(
  lines: readonly PricedLine[],
  discount: Discount | null | undefined,
  taxRate: string,
): InvoiceTotals & { line_totals: number[] } {
  let service = 0n;
  let customs = 0n;
  let taxLines = 0n;
  const lineTotals: number[] = [];
  for (const l of lines) {
    const t = BigInt(l.quantity) * BigInt(l.unit_price_cents);
    lineTotals.push(safe(t));
    if (l.type === 'tax') taxLines += t;
    else if (CUSTOMS_TYPES.includes(l.type)) customs += t;
    else service += t;
  }
  let off = 0n;
  if (discount && discount.value > 0) {
    off =
      discount.kind === 'amount'
        ? BigInt(discount.value)
        : roundHalfUp(service * BigInt(discount.value), 10_000n);
    if (off > service) off = service;
  }
  const rate = parseDecimal(taxRate);
  const tax = taxLines + roundHalfUp((service - off) * rate.n, rate.d);
  const subtotal = service + customs;
  return {
    line_totals: lineTotals,
    subtotal_cents: safe(subtotal),
    service_cents: safe(service),
    customs_cents: safe(customs),
    discount_cents: safe(off),
    tax_cents: safe(tax),
    total_cents: safe(subtotal - off + tax),
  };
}

/** The stored discount of an invoice row, as the contract shows it. */
export const discountOf = (inv: Pick<InvoiceRow, 'discountKind' | 'discountValue'>): Discount | null =>
  inv.discountKind ? { kind: inv.discountKind, value: inv.discountValue } : null;

/**
 * The status an issued invoice has for its money and due date: paid at a zero balance (with something paid or
 * owed), overdue past the due date, partially paid with something paid, issued otherwise. Drafts and cancelled
 * invoices keep their status.
 */
export function settledStatus(
  inv: Pick<InvoiceRow, 'status' | 'totalCents' | 'amountPaidCents' | 'dueAt'>,
  on = today(),
): InvoiceStatus {
  if (inv.status === 'draft' || inv.status === 'cancelled') return inv.status;
  if (inv.amountPaidCents > 0 && inv.amountPaidCents >= inv.totalCents) return 'paid';
  if (inv.dueAt && inv.dueAt < on) return 'overdue';
  return inv.amountPaidCents > 0 ? 'partially_paid' : 'issued';
}
