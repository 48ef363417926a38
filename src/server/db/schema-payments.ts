import { sql } from 'drizzle-orm';
import {
  bigint,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PaymentAttemptStatus, PaymentProvider } from '../../contract/constants';
import type { OnlineProvider } from '../../contract/payments';
import { companies, invoices, users } from './schema';

/** WiPay's account settings as stored (the API key apart, encrypted). */
export type WipayStored = {
  account_number: string;
  environment: 'sandbox' | 'live';
  fee_structure: 'customer_pay' | 'merchant_absorb' | 'split';
  country_code: 'JM' | 'TT';
};

/** A company's online payment provider and its settings; secrets only encrypted (payments/secrets.ts). */
export const paymentSettings = pgTable('payment_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  provider: text('provider').$type<PaymentProvider>().notNull().default('none'),
  label: text('label').notNull().default(''),
  wipay: jsonb('wipay').$type<WipayStored>(),
  /** AES-256-GCM, base64url `iv.tag.ciphertext`; null: no key. */
  wipayApiKeyEnc: text('wipay_api_key_enc'),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * One try at paying invoices online, fixed when created: who, how much, in which currency, which invoices (with the
 * balance each had). Whatever a provider says later is compared with this row, never taken from its message.
 */
export const paymentAttempts = pgTable(
  'payment_attempts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    currency: text('currency').notNull(),
    provider: text('provider').$type<OnlineProvider>().notNull(),
    /** What we send the provider as our order id (short: WiPay's FGB page takes 16 characters). */
    orderId: text('order_id').notNull().unique(),
    /** The provider's transaction id, once known. */
    providerReference: text('provider_reference'),
    /** The provider's page the browser is sent to (a retry of the same checkout reuses it). */
    redirectUrl: text('redirect_url').notNull().default(''),
    /** The company's site the customer paid from: the receipt's links (a re-check job has no request). */
    origin: text('origin').notNull().default(''),
    status: text('status').$type<PaymentAttemptStatus>().notNull().default('pending'),
    reason: text('reason'),
    /** Money taken that no invoice could take (paid meanwhile): staff refund it. */
    surplusCents: bigint('surplus_cents', { mode: 'number' }).notNull().default(0),
    /** Set once the money is recorded on the invoices: a later result for the same attempt changes nothing. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp('completed_at', { withTimezone: true }),
    /** The last time the re-check job asked the provider. */
    checkedAt: timestamp('checked_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('payment_attempts_provider_ref_uq')
      .on(t.provider, t.providerReference)
      .where(sql`provider_reference IS NOT NULL`),
    index('payment_attempts_company_status_idx').on(t.companyId, t.status, t.createdAt),
    index('payment_attempts_user_idx').on(t.userId, t.createdAt),
  ],
);

/** The invoices an attempt covers, with the balance each had when it was created (what the attempt pays on it). */
export const paymentAttemptInvoices = pgTable(
  'payment_attempt_invoices',
  {
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.attemptId, t.invoiceId] }),
    index('payment_attempt_invoices_invoice_idx').on(t.invoiceId),
  ],
);

/**
 * Every result a provider sent that we acted on, once: the unique key makes a replayed or concurrent result a no-op.
 * Inserted in the transaction that records the payment.
 */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    attemptId: uuid('attempt_id')
      .notNull()
      .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
    provider: text('provider').$type<OnlineProvider>().notNull(),
    providerEventId: text('provider_event_id').notNull(),
    outcome: text('outcome').notNull(),
    /** What the provider said (kept for staff; never what we record). */
    amountCents: bigint('amount_cents', { mode: 'number' }),
    currency: text('currency'),
    /** How it reached us: redirect, recheck. */
    channel: text('channel').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('payment_events_provider_event_uq').on(t.provider, t.providerEventId)],
);

/** The built-in test provider's own ledger (its "bank"): what its hosted page charged, and refunds. */
export const testProviderCharges = pgTable('test_provider_charges', {
  attemptId: uuid('attempt_id')
    .primaryKey()
    .references(() => paymentAttempts.id, { onDelete: 'cascade' }),
  reference: text('reference').notNull().unique(),
  outcome: text('outcome').$type<'approved' | 'declined'>().notNull(),
  amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
  currency: text('currency').notNull(),
  refundedCents: bigint('refunded_cents', { mode: 'number' }).notNull().default(0),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

export type PaymentAttemptRow = typeof paymentAttempts.$inferSelect;
export type PaymentSettingsRow = typeof paymentSettings.$inferSelect;
