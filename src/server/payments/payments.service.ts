import { randomUUID } from 'node:crypto';
import { msg } from '@lingui/core/runtime-macro';
import { and, eq, inArray, isNotNull, lt } from 'drizzle-orm';
import { formatMoney } from '../../contract/format';
import {
  type CheckoutBody,
  type CheckoutResult,
  checkoutBodySchema,
  type OnlineProvider,
  type PaymentAttempt,
  type PaymentOptions,
  type UpdatePaymentSettingsBody,
} from '../../contract/payments';
import type { AuditService } from '../audit/audit.service';
import type { Config } from '../config';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { companies, invoices } from '../db/schema';
import { type PaymentAttemptRow, paymentAttemptInvoices, paymentAttempts } from '../db/schema-payments';
import { conflict, notFound } from '../errors';
import type { NotificationService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import { listAttempts, viewsOf } from './attempt-views';
import {
  availableProviders,
  credentialsOf,
  settingsRowOf,
  settingsView,
  updateSettings,
} from './payment-settings';
import type { PaymentProviderAdapter } from './provider';
import { RefusedResult } from './provider';
import { createSecrets } from './secrets';
import { type Settled, settle } from './settle';
import { createTestProvider } from './test-provider';
import { createWipayAdapter } from './wipay';

const WIPAY_CURRENCIES = ['JMD', 'TTD', 'USD'];

export type PaymentDeps = {
  db: Db;
  audit: AuditService;
  notifications: NotificationService;
  points: PointsService;
  config: Config;
};

/**
 * Online payments: checkout through the company's provider, the provider's results (verified, compared with our
 * attempt, recorded once: settle.ts), the re-check of attempts left pending, and the settings (payment-settings.ts).
 */
export function createPaymentService(deps: PaymentDeps) {
  const { db, config } = deps;
  const secrets = createSecrets({ secretsKey: config.payments.secretsKey, jwtSecret: config.jwtSecret });
  const test = createTestProvider({ jwtSecret: config.jwtSecret });
  const adapters: Record<OnlineProvider, PaymentProviderAdapter> = {
    test: test.adapter,
    wipay: createWipayAdapter({ baseUrl: config.payments.wipayBaseUrl }),
  };
  const available = availableProviders(config.payments.testProvider);

  /** The company's provider, if it has one this server offers. */
  async function providerOf(companyId: string, q: Db = db) {
    const row = await settingsRowOf(q, companyId);
    const name = row.provider !== 'none' && available.includes(row.provider) ? row.provider : null;
    return { row, adapter: name ? adapters[name] : null };
  }

  const credentialsFor = async (companyId: string, q: Db = db) =>
    credentialsOf(await settingsRowOf(q, companyId), secrets);

  async function attemptRow(company: CompanyRow, id: string) {
    const [row] = await db
      .select()
      .from(paymentAttempts)
      .where(and(eq(paymentAttempts.id, id), eq(paymentAttempts.companyId, company.id)));
    return row;
  }

  /** Asks the provider about a pending attempt and records what it knows; false when it could not tell. */
  async function recheckOne(company: CompanyRow, attempt: PaymentAttemptRow): Promise<Settled | null> {
    const adapter = adapters[attempt.provider];
    if (!adapter.canCheckStatus) return null;
    const result = await adapter.fetchStatus(db, attempt, await credentialsFor(company.id));
    return result ? settle(deps, company, attempt.id, result, 'recheck') : null;
  }

  return {
    /** Whether customers see a Pay button, and what the provider is called. */
    async options(company: CompanyRow): Promise<PaymentOptions> {
      const { row, adapter } = await providerOf(company.id);
      return adapter
        ? { provider: adapter.name, label: row.label || adapter.label, currency: company.currency }
        : { provider: 'none', label: '', currency: company.currency };
    },

    async settings(company: CompanyRow) {
      return settingsView(await settingsRowOf(db, company.id), company, available);
    },

    updateSettings: (company: CompanyRow, admin: UserRow, body: UpdatePaymentSettingsBody) =>
      updateSettings({ ...deps, secrets, available }, company, admin, body),

    /**
     * A customer starts paying their own issued, unpaid invoices (one currency) in `tx`, the Idempotency-Key's
     * transaction. The same invoices already in a pending attempt of theirs: that attempt again (same page). Some of
     * them in another pending attempt: that one is replaced (cancelled; should it still be approved later, it is
     * recorded as far as the invoices still owe and the rest flagged for a refund, so nothing is paid twice).
     */
    async checkout(
      tx: Db,
      company: CompanyRow,
      user: UserRow,
      input: CheckoutBody,
      origin: string,
    ): Promise<CheckoutResult> {
      const { invoice_ids: ids } = checkoutBodySchema.parse(input);
      const rows = await tx
        .select()
        .from(invoices)
        .where(
          and(eq(invoices.companyId, company.id), eq(invoices.userId, user.id), inArray(invoices.id, ids)),
        )
        .orderBy(invoices.id)
        .for('update');
      // Another customer's invoice reads exactly like one that does not exist.
      if (rows.length !== ids.length) throw notFound(msg`Invoice not found`);
      // In `tx` throughout: the embedded database has one connection, which the open transaction holds.
      const { adapter } = await providerOf(company.id, tx);
      if (!adapter) throw conflict(`Online payment is not set up for ${company.name}`);
      for (const inv of rows) {
        const n = inv.number ?? 'draft';
        if (inv.status === 'draft') throw conflict(`Invoice ${n} is not issued yet`);
        if (inv.status === 'cancelled') throw conflict(`Invoice ${n} was cancelled: there is nothing to pay`);
        if (inv.status === 'paid' || inv.totalCents - inv.amountPaidCents <= 0) {
          throw conflict(`Invoice ${n} is already paid`);
        }
      }
      const currencies = [...new Set(rows.map((r) => r.currency))];
      if (currencies.length > 1) {
        throw conflict(
          `These invoices are in different currencies (${currencies.join(', ')}): pay each currency on its own`,
        );
      }
      const currency = currencies[0] ?? company.currency;
      if (adapter.name === 'wipay' && !WIPAY_CURRENCIES.includes(currency)) {
        throw conflict(`WiPay takes JMD, TTD or USD, not ${currency}`);
      }
      const amountCents = rows.reduce((sum, r) => sum + (r.totalCents - r.amountPaidCents), 0);

      const pending = await tx
        .select({ attempt: paymentAttempts, invoiceId: paymentAttemptInvoices.invoiceId })
        .from(paymentAttemptInvoices)
        .innerJoin(paymentAttempts, eq(paymentAttempts.id, paymentAttemptInvoices.attemptId))
        .where(and(eq(paymentAttempts.status, 'pending'), inArray(paymentAttemptInvoices.invoiceId, ids)))
        .for('update');
      const sameSet = pending.find(
        ({ attempt: a }) =>
          a.userId === user.id &&
          a.provider === adapter.name &&
          a.amountCents === amountCents &&
          pending.filter((p) => p.attempt.id === a.id).length === ids.length,
      );
      if (sameSet) {
        const [all] = await viewsOf(tx, [sameSet.attempt]);
        if (all && all.invoices.length === ids.length) {
          return { attempt: all, redirect_url: sameSet.attempt.redirectUrl };
        }
      }
      const replaced = [...new Set(pending.map((p) => p.attempt.id))];
      if (replaced.length > 0) {
        await tx
          .update(paymentAttempts)
          .set({ status: 'cancelled', reason: 'Replaced by a newer payment', completedAt: new Date() })
          .where(inArray(paymentAttempts.id, replaced));
      }

      const id = randomUUID();
      const [attempt] = await tx
        .insert(paymentAttempts)
        .values({
          id,
          companyId: company.id,
          userId: user.id,
          amountCents,
          currency,
          provider: adapter.name,
          // WiPay's FGB page takes order ids of 16 characters at most.
          orderId: id.replace(/-/g, '').slice(0, 16).toUpperCase(),
          origin,
        })
        .returning();
      if (!attempt) throw new Error('attempt not stored');
      await tx.insert(paymentAttemptInvoices).values(
        rows.map((r) => ({
          attemptId: id,
          invoiceId: r.id,
          amountCents: r.totalCents - r.amountPaidCents,
        })),
      );
      const page = await adapter.createCheckout({
        attempt,
        origin,
        returnUrl: `${origin}/v1/payments/return/${adapter.name}`,
        credentials: await credentialsFor(company.id, tx),
        customer: { name: `${user.firstName} ${user.lastName}`.trim(), email: user.email },
      });
      const [saved] = await tx
        .update(paymentAttempts)
        .set({ redirectUrl: page.redirectUrl, providerReference: page.providerReference })
        .where(eq(paymentAttempts.id, id))
        .returning();
      const [view] = await viewsOf(tx, [saved ?? attempt]);
      if (!view) throw new Error('attempt not readable');
      return { attempt: view, redirect_url: page.redirectUrl };
    },

    /** A customer's own attempt, or any of the company's for staff; a pending one is re-checked first. */
    async attempt(company: CompanyRow, user: UserRow, id: string): Promise<PaymentAttempt> {
      let row = await attemptRow(company, id);
      if (!row || (user.role === 'customer' && row.userId !== user.id))
        throw notFound(msg`Payment not found`);
      if (row.status === 'pending' && (await recheckOne(company, row)) === 'recorded') {
        row = (await attemptRow(company, id)) ?? row;
      }
      const [view] = await viewsOf(db, [row]);
      if (!view) throw notFound(msg`Payment not found`);
      return view;
    },

    list: (
      company: CompanyRow,
      q: { page: number; pageSize: number; status?: PaymentAttemptRow['status'] | undefined },
    ) => listAttempts(db, company.id, { page: q.page, pageSize: q.pageSize, status: q.status }),

    /**
     * The browser back from a provider: the attempt its message names (on this company's site), verified and
     * recorded once. Answers the attempt's id for the PWA's page, or null when the message names none of ours.
     */
    async handleReturn(
      company: CompanyRow,
      provider: OnlineProvider,
      query: Record<string, string | undefined>,
    ): Promise<{ attemptId: string | null; settled: Settled }> {
      const adapter = adapters[provider];
      const names = adapter.attemptOf(query);
      if (!names) return { attemptId: null, settled: 'refused' };
      const where = names.id
        ? /^[0-9a-f-]{36}$/i.test(names.id)
          ? eq(paymentAttempts.id, names.id)
          : undefined
        : names.orderId
          ? eq(paymentAttempts.orderId, names.orderId)
          : undefined;
      if (!where) return { attemptId: null, settled: 'refused' };
      const [attempt] = await db
        .select()
        .from(paymentAttempts)
        .where(and(where, eq(paymentAttempts.companyId, company.id), eq(paymentAttempts.provider, provider)));
      if (!attempt) return { attemptId: null, settled: 'refused' };
      try {
        const result = adapter.verifyResult(query, attempt, await credentialsFor(company.id));
        return {
          attemptId: attempt.id,
          settled: await settle(deps, company, attempt.id, result, 'redirect'),
        };
      } catch (err) {
        if (err instanceof RefusedResult) return { attemptId: attempt.id, settled: 'refused' };
        throw err;
      }
    },

    /**
     * The re-check job: attempts pending longer than PAYMENT_RECHECK_MINUTES are asked about (where the provider
     * can tell); still unknown after PAYMENT_FLAG_MINUTES, they are cancelled when the provider knows of no payment
     * (it can tell and took none), else flagged for staff.
     */
    async recheck(now = new Date()) {
      const { recheckAfterMinutes, flagAfterMinutes } = config.payments;
      const due = await db
        .select({ attempt: paymentAttempts, company: companies })
        .from(paymentAttempts)
        .innerJoin(companies, eq(companies.id, paymentAttempts.companyId))
        .where(
          and(
            eq(paymentAttempts.status, 'pending'),
            lt(paymentAttempts.createdAt, new Date(now.getTime() - recheckAfterMinutes * 60_000)),
          ),
        )
        .limit(200);
      const tally = { checked: 0, recorded: 0, flagged: 0, cancelled: 0 };
      for (const { attempt, company } of due) {
        tally.checked += 1;
        if ((await recheckOne(company, attempt)) === 'recorded') {
          tally.recorded += 1;
          continue;
        }
        const stale = attempt.createdAt.getTime() < now.getTime() - flagAfterMinutes * 60_000;
        const knows = adapters[attempt.provider].canCheckStatus;
        const set = !stale
          ? { checkedAt: now }
          : knows
            ? {
                checkedAt: now,
                status: 'cancelled' as const,
                completedAt: now,
                reason: 'Not completed: no payment was taken',
              }
            : {
                checkedAt: now,
                status: 'flagged' as const,
                reason: `${adapters[attempt.provider].label} did not tell us how this payment of ${formatMoney(attempt.amountCents, attempt.currency)} ended: check it in the provider’s dashboard`,
              };
        await db
          .update(paymentAttempts)
          .set(set)
          .where(and(eq(paymentAttempts.id, attempt.id), eq(paymentAttempts.status, 'pending')));
        if (stale) tally[knows ? 'cancelled' : 'flagged'] += 1;
      }
      return tally;
    },

    /**
     * Staff reversed an online payment (invoices/invoice-payments.ts): its money goes back through the provider's
     * refund call in `tx` where there is one; WiPay has none, so the words say to refund it in WiPay's dashboard.
     */
    async refund(tx: Db, company: CompanyRow, payment: { reference: string; amountCents: number }) {
      const amount = formatMoney(payment.amountCents, company.currency);
      const [attempt] = await tx
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.companyId, company.id),
            eq(paymentAttempts.providerReference, payment.reference),
          ),
        );
      if (!attempt)
        return `no online attempt has reference ${payment.reference}: refund ${amount} outside the portal`;
      const adapter = adapters[attempt.provider];
      if (!adapter.refund) {
        return `${adapter.label} has no refund call: refund ${amount} in its dashboard, outside the portal`;
      }
      return `refunded ${amount} through ${adapter.label}, reference ${await adapter.refund(tx, attempt, payment.amountCents)}`;
    },

    /** The test provider's sandbox (its hosted page: test-page.ts), and the database its charges go to. */
    test,
    db,
    attemptRow,
    adapters,
    /** Attempts with money recorded (the reversal's refund looks its attempt up by reference). */
    recordedAttempt: async (companyId: string, reference: string) => {
      const [row] = await db
        .select()
        .from(paymentAttempts)
        .where(
          and(
            eq(paymentAttempts.companyId, companyId),
            eq(paymentAttempts.providerReference, reference),
            isNotNull(paymentAttempts.recordedAt),
          ),
        );
      return row;
    },
  };
}

export type PaymentService = ReturnType<typeof createPaymentService>;
