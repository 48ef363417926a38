import { createHmac, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import type { Db } from '../db';
import { type PaymentAttemptRow, testProviderCharges } from '../db/schema-payments';
import { centsOf, type PaymentProviderAdapter, type ProviderResult, RefusedResult } from './provider';

/** The test cards of the built-in sandbox, as its page lists them. */
export const TEST_CARDS = { approves: '4242424242424242', declines: '4000000000000002' } as const;
export const TEST_DECLINE_REASON = 'Your card was declined';

type Outcome = ProviderResult['outcome'];
const OUTCOMES: readonly Outcome[] = ['approved', 'declined', 'cancelled'];

/** The fields of a signed result, in the order they are signed. */
export type TestResultFields = {
  attempt: string;
  outcome: Outcome;
  ref: string;
  amount: string;
  currency: string;
};

/**
 * The built-in test provider: a sandbox "bank" run by the product itself. Its hosted page (test-page.ts) charges the
 * test cards into its own table and sends the browser back with a result signed by HMAC-SHA256 under a key derived
 * from this deployment's secret, so a result with another amount, currency or outcome, or no valid signature, is
 * refused. Its table is also its status API (the "closed the tab" case) and its refund call.
 */
export function createTestProvider(opts: { jwtSecret: string }) {
  const key = Buffer.from(hkdfSync('sha256', opts.jwtSecret, 'portal', 'test payment provider v1', 32));
  const sign = (f: TestResultFields) =>
    createHmac('sha256', key)
      .update([f.attempt, f.outcome, f.ref, f.amount, f.currency].join('|'))
      .digest('base64url');

  /** The query string of the browser's way back, signed. */
  const signedQuery = (f: TestResultFields) => new URLSearchParams({ ...f, sig: sign(f) }).toString();

  const resultOf = (f: TestResultFields): ProviderResult => ({
    attemptId: f.attempt,
    outcome: f.outcome,
    providerReference: f.ref || null,
    providerEventId: `${f.outcome}:${f.ref || f.attempt}`,
    amountCents: centsOf(f.amount),
    currency: f.currency,
    reason:
      f.outcome === 'declined'
        ? TEST_DECLINE_REASON
        : f.outcome === 'cancelled'
          ? 'You left the payment page without paying'
          : null,
  });

  /** Charges a card in the sandbox once per attempt: a second try answers the first charge. */
  async function charge(db: Db, attempt: PaymentAttemptRow, card: string) {
    const outcome = card === TEST_CARDS.approves ? 'approved' : 'declined';
    const reference = `TEST-${randomBytes(6).toString('hex').toUpperCase()}`;
    await db
      .insert(testProviderCharges)
      .values({
        attemptId: attempt.id,
        reference,
        outcome,
        amountCents: attempt.amountCents,
        currency: attempt.currency,
      })
      .onConflictDoNothing();
    const [row] = await db
      .select()
      .from(testProviderCharges)
      .where(eq(testProviderCharges.attemptId, attempt.id));
    if (!row) throw new Error('test charge not stored');
    return row;
  }

  const fieldsOf = (row: typeof testProviderCharges.$inferSelect): TestResultFields => ({
    attempt: row.attemptId,
    outcome: row.outcome,
    ref: row.reference,
    amount: (row.amountCents / 100).toFixed(2),
    currency: row.currency,
  });

  const adapter: PaymentProviderAdapter = {
    name: 'test',
    label: 'Test card payment',
    canCheckStatus: true,
    async createCheckout({ attempt, origin }) {
      return { redirectUrl: `${origin}/v1/payments/test/${attempt.id}`, providerReference: null };
    },
    attemptOf: (q) => (q.attempt ? { id: q.attempt } : null),
    verifyResult(q, attempt) {
      const f = {
        attempt: q.attempt ?? '',
        outcome: (q.outcome ?? '') as Outcome,
        ref: q.ref ?? '',
        amount: q.amount ?? '',
        currency: q.currency ?? '',
      };
      const expected = Buffer.from(sign(f));
      const given = Buffer.from(q.sig ?? '');
      if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
        throw new RefusedResult('The test provider’s signature does not match');
      }
      if (!OUTCOMES.includes(f.outcome) || f.attempt !== attempt.id) {
        throw new RefusedResult('Not a result for this attempt');
      }
      return resultOf(f);
    },
    async fetchStatus(db, attempt) {
      const [row] = await db
        .select()
        .from(testProviderCharges)
        .where(eq(testProviderCharges.attemptId, attempt.id));
      return row ? resultOf(fieldsOf(row)) : null;
    },
    async refund(tx, attempt, amountCents) {
      const [row] = await tx
        .update(testProviderCharges)
        .set({ refundedCents: sql`${testProviderCharges.refundedCents} + ${amountCents}` })
        .where(eq(testProviderCharges.attemptId, attempt.id))
        .returning();
      if (!row) throw new Error('no test charge to refund');
      return `${row.reference}-R${row.refundedCents}`;
    },
  };

  return { adapter, charge, signedQuery, fieldsOf };
}

export type TestProvider = ReturnType<typeof createTestProvider>;
