import { eq } from 'drizzle-orm';
import type { InvoiceStatus, PaymentMethod } from '../../contract/invoices';
import { identifications, invoiceLines, invoices, payments, users } from '../db/schema';
import type { Session } from './access';
import type { TestApp } from './harness';
import { expectOk } from './helpers';
import { customer, receive, tracking } from './staff-packages';

/** Helpers of the counter tests: a customer with parcels at the branch, invoices and payments on them. */

export async function idTypes(t: TestApp) {
  const rows = await t.database.db.select().from(identifications);
  const by = (code: string) => {
    const r = rows.find((x) => x.code === code);
    if (!r) throw new Error(`no identification ${code}`);
    return r;
  };
  return { passport: by('passport'), licence: by('drivers_licence'), trn: by('trn_card') };
}

/**
 * A fresh customer with one authorized person (a passport) and `n` parcels received and moved to Ready for pickup,
 * all through the API, as staff and the customer would.
 */
export async function counterCustomer(t: TestApp, staff: Session, n = 2, host = 'localhost') {
  const c = await customer(t, host);
  const ids = await idTypes(t);
  const person = expectOk<{ id: string; full_name: string }>(
    await t.request({
      method: 'POST',
      url: '/v1/authorizedpersons',
      host,
      token: c.session.access,
      payload: {
        full_name: 'Marcia Counter',
        identification_id: ids.passport.id,
        id_number: 'PA-778812345',
        phone: '876-555-0111',
        relationship: 'Sister',
      },
    }),
    201,
  );
  const parcels: { id: string; tracking_number: string }[] = [];
  for (let i = 0; i < n; i++) parcels.push(await receive(t, staff, c.mailboxNumber, tracking('CTR')));
  if (parcels.length > 0) {
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/admin/packages/bulk',
        host,
        token: staff.access,
        payload: { action: 'status', ids: parcels.map((p) => p.id), status: 'ready_for_pickup' },
      }),
    );
  }
  return { ...c, person, parcels };
}

/**
 * An invoice on some packages, written directly with the totals given (the invoice capability prices and pays
 * invoices; the counter only reads how they stand).
 */
export async function invoiceOn(
  t: TestApp,
  customerId: string,
  packageIds: string[],
  opts: {
    status?: InvoiceStatus;
    totalCents?: number;
    paidCents?: number;
    number?: string;
    dueAt?: string;
  } = {},
) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, customerId));
  if (!u) throw new Error('no customer');
  const total = opts.totalCents ?? 500_00;
  const status = opts.status ?? 'issued';
  const [inv] = await t.database.db
    .insert(invoices)
    .values({
      companyId: u.companyId,
      userId: u.id,
      number: status === 'draft' ? null : (opts.number ?? `CTR-${tracking('')}`),
      status,
      subtotalCents: total,
      totalCents: total,
      amountPaidCents: opts.paidCents ?? (status === 'paid' ? total : 0),
      issuedAt: status === 'draft' ? null : new Date(),
      dueAt: opts.dueAt ?? '2099-12-31',
    })
    .returning();
  if (!inv) throw new Error('invoice insert failed');
  if (packageIds.length === 0) return inv;
  await t.database.db.insert(invoiceLines).values(
    packageIds.map((packageId, i) => ({
      invoiceId: inv.id,
      companyId: u.companyId,
      position: i + 1,
      type: 'shipping' as const,
      description: 'Freight',
      quantity: 1,
      unitPriceCents: Math.floor(total / packageIds.length),
      lineTotalCents: Math.floor(total / packageIds.length),
      packageId,
    })),
  );
  return inv;
}

/** A payment row as the invoice capability records it. */
export async function paymentOn(
  t: TestApp,
  inv: { id: string; companyId: string; userId: string },
  p: {
    amountCents: number;
    method: PaymentMethod;
    paidOn: string;
    recordedBy: string | null;
    createdAt?: Date;
    reversedAt?: Date | null;
    reversedBy?: string | null;
    reason?: string;
  },
) {
  const [row] = await t.database.db
    .insert(payments)
    .values({
      companyId: inv.companyId,
      invoiceId: inv.id,
      userId: inv.userId,
      amountCents: p.amountCents,
      paidOn: p.paidOn,
      method: p.method,
      recordedBy: p.recordedBy,
      createdAt: p.createdAt ?? new Date(),
      reversedAt: p.reversedAt ?? null,
      reversedBy: p.reversedBy ?? null,
      reverseReason: p.reversedAt ? (p.reason ?? 'Entered twice') : null,
    })
    .returning();
  if (!row) throw new Error('payment insert failed');
  return row;
}
