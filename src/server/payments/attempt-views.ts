import { and, count, desc, eq, inArray } from 'drizzle-orm';
import type { PaymentAttempt } from '../../contract/payments';
import type { Db } from '../db';
import { invoices, users } from '../db/schema';
import { type PaymentAttemptRow, paymentAttemptInvoices, paymentAttempts } from '../db/schema-payments';

/** Attempts as the API shows them: their invoices' numbers and the customer's name beside each. */
export async function viewsOf(db: Db, rows: PaymentAttemptRow[]): Promise<PaymentAttempt[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [covered, people] = await Promise.all([
    db
      .select({ attemptId: paymentAttemptInvoices.attemptId, id: invoices.id, number: invoices.number })
      .from(paymentAttemptInvoices)
      .innerJoin(invoices, eq(invoices.id, paymentAttemptInvoices.invoiceId))
      .where(inArray(paymentAttemptInvoices.attemptId, ids))
      .orderBy(invoices.number),
    db
      .select({
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        mailbox: users.mailboxNumber,
      })
      .from(users)
      .where(inArray(users.id, [...new Set(rows.map((r) => r.userId))])),
  ]);
  return rows.map((r) => {
    const who = people.find((p) => p.id === r.userId);
    return {
      id: r.id,
      status: r.status,
      amount_cents: r.amountCents,
      currency: r.currency,
      invoices: covered.filter((c) => c.attemptId === r.id).map((c) => ({ id: c.id, number: c.number })),
      provider: r.provider,
      provider_reference: r.providerReference,
      reason: r.reason,
      surplus_cents: r.surplusCents,
      customer: {
        id: r.userId,
        name: who ? `${who.firstName} ${who.lastName}`.trim() : '',
        mailbox_number: who?.mailbox ?? '',
      },
      created_at: r.createdAt.toISOString(),
      completed_at: r.completedAt?.toISOString() ?? null,
    };
  });
}

/** The company's attempts, newest first, optionally of one status. */
export async function listAttempts(
  db: Db,
  companyId: string,
  q: { page: number; pageSize: number; status?: PaymentAttemptRow['status'] | undefined },
) {
  const where = and(
    eq(paymentAttempts.companyId, companyId),
    q.status ? eq(paymentAttempts.status, q.status) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(paymentAttempts)
      .where(where)
      .orderBy(desc(paymentAttempts.createdAt), desc(paymentAttempts.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: count() }).from(paymentAttempts).where(where),
  ]);
  return { items: await viewsOf(db, rows), page: q.page, pageSize: q.pageSize, total: total?.n ?? 0 };
}
