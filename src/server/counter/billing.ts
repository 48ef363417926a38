import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { CounterBilling, CounterPackage } from '../../contract/counter';
import type { InvoiceStatus } from '../../contract/invoices';
import type { Db } from '../db';
import { invoiceLines, invoices } from '../db/schema';

/* What the counter reads of invoices: the lookup shows it, the release holds an unpaid parcel to it. */

type InvoiceRow = typeof invoices.$inferSelect;

/** Invoices a customer still owes on. */
export const OPEN: InvoiceStatus[] = ['issued', 'partially_paid', 'overdue'];

export const nameOf = (u: { firstName: string; lastName: string }) => `${u.firstName} ${u.lastName}`.trim();
/** What is left to pay: nothing on a paid invoice (older paid rows may not carry amount_paid). */
export const balanceOf = (i: Pick<InvoiceRow, 'status' | 'totalCents' | 'amountPaidCents'>) =>
  i.status === 'paid' ? 0 : Math.max(0, i.totalCents - i.amountPaidCents);

/**
 * How each package stands with its invoices (cancelled ones aside): unpaid when any issued invoice of it has a
 * balance, paid when it is on issued invoices all settled, else not billed (a draft at most).
 */
export async function billingOf(
  db: Db,
  companyId: string,
  packageIds: string[],
): Promise<Map<string, { billing: CounterBilling; invoice: CounterPackage['invoice'] }>> {
  const out = new Map<string, { billing: CounterBilling; invoice: CounterPackage['invoice'] }>();
  for (const id of packageIds) out.set(id, { billing: 'not_billed', invoice: null });
  if (packageIds.length === 0) return out;
  const rows = await db
    .selectDistinct({
      packageId: invoiceLines.packageId,
      id: invoices.id,
      number: invoices.number,
      status: invoices.status,
      totalCents: invoices.totalCents,
      amountPaidCents: invoices.amountPaidCents,
      createdAt: invoices.createdAt,
    })
    .from(invoiceLines)
    .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
    .where(
      and(
        eq(invoices.companyId, companyId),
        inArray(invoiceLines.packageId, packageIds),
        ne(invoices.status, 'cancelled'),
      ),
    )
    .orderBy(asc(invoices.createdAt));
  const rank: Record<CounterBilling, number> = { not_billed: 0, paid: 1, unpaid: 2 };
  for (const r of rows) {
    if (!r.packageId) continue;
    const balance = balanceOf(r);
    const billing: CounterBilling = r.status === 'draft' ? 'not_billed' : balance > 0 ? 'unpaid' : 'paid';
    const had = out.get(r.packageId);
    // The worst standing wins: one unpaid invoice is enough to hold the parcel.
    if (!had || (had.invoice && rank[billing] <= rank[had.billing])) continue;
    out.set(r.packageId, {
      billing,
      invoice: { id: r.id, number: r.number, status: r.status, balance_cents: balance },
    });
  }
  return out;
}
