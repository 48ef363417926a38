import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type {
  InvoiceLineType,
  InvoiceStatus,
  PaymentMethod,
  StoredCustomsBase,
} from '../../contract/invoices';
import type { PointsKind } from '../../contract/points';
import { companies, users } from './schema';
import { createdAt, updatedAt } from './schema-columns';
import { packages } from './schema-packages';

/* Money: duty categories, invoices and their lines, payments, and the points ledger. */
export const dutyCategories = pgTable(
  'duty_categories',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    sortOrder: integer('sort_order').notNull().default(0),
    /** From then on the estimator no longer offers it (rates live in duty_category_rates, schema-rates.ts). */
    retiredAt: timestamp('retired_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('duty_categories_company_code_uq').on(t.companyId, t.code)],
);

/** The last invoice number handed out per company and year (bumped atomically with an upsert). */
export const invoiceCounters = pgTable(
  'invoice_counters',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    year: integer('year').notNull(),
    last: integer('last').notNull().default(0),
  },
  (t) => [uniqueIndex('invoice_counters_pk').on(t.companyId, t.year)],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Handed out when the invoice is issued (a draft has none), so deleted drafts leave no gap in the numbers. */
    number: text('number'),
    status: text('status').$type<InvoiceStatus>().notNull().default('draft'),
    currency: text('currency').notNull().default('JMD'),
    /** Minor units; bigint so a large customs bill never overflows. */
    subtotalCents: bigint('subtotal_cents', { mode: 'number' }).notNull().default(0),
    taxCents: bigint('tax_cents', { mode: 'number' }).notNull().default(0),
    totalCents: bigint('total_cents', { mode: 'number' }).notNull().default(0),
    /** Taken off the service lines (shipping, handling, other); customs charges are the government's. */
    discountKind: text('discount_kind').$type<'amount' | 'percent'>(),
    /** Cents for `amount`, basis points (1250 = 12.5 %) for `percent`. */
    discountValue: integer('discount_value').notNull().default(0),
    discountCents: bigint('discount_cents', { mode: 'number' }).notNull().default(0),
    /** The company's sales tax on the service lines after the discount, an exact decimal string ("0.15"). */
    taxRate: text('tax_rate').notNull().default('0'),
    amountPaidCents: bigint('amount_paid_cents', { mode: 'number' }).notNull().default(0),
    /**
     * The CIF value each package's customs lines were computed on (exchange rate and settings of that moment),
     * written with the lines while a draft, frozen once issued. Null on invoices older than this column: their CIF
     * is computed at read time.
     */
    customsBases: jsonb('customs_bases').$type<StoredCustomsBase[]>(),
    notes: text('notes').notNull().default(''),
    terms: text('terms').notNull().default(''),
    /** Edits after issue each bump this (the audit trail holds what changed); the customer sees the latest. */
    revision: integer('revision').notNull().default(0),
    /** The calendar date printed as "Issued" (today unless staff back-date it). */
    issueDate: date('issue_date'),
    sendError: text('send_error'),
    sendFailedAt: timestamp('send_failed_at', { withTimezone: true }),
    cancelReason: text('cancel_reason'),
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    /** A calendar date: the invoice is overdue from the day after. */
    dueAt: date('due_at'),
    paidAt: timestamp('paid_at', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('invoices_company_number_uq').on(t.companyId, t.number),
    index('invoices_user_created_idx').on(t.companyId, t.userId, t.createdAt, t.id),
    index('invoices_company_status_idx').on(t.companyId, t.status, t.dueAt),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial('id').primaryKey(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    position: integer('position').notNull(),
    type: text('type').$type<InvoiceLineType>().notNull(),
    description: text('description').notNull(),
    quantity: integer('quantity').notNull().default(1),
    unitPriceCents: bigint('unit_price_cents', { mode: 'number' }).notNull(),
    lineTotalCents: bigint('line_total_cents', { mode: 'number' }).notNull(),
    packageId: uuid('package_id').references(() => packages.id),
  },
  (t) => [
    index('invoice_lines_invoice_idx').on(t.invoiceId, t.position),
    index('invoice_lines_package_idx').on(t.packageId),
  ],
);

/** Money received against an invoice. Never deleted: a mistake is reversed with a reason, and stays on record. */
export const payments = pgTable(
  'payments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id),
    /** The invoice's customer (denormalised for the customer's and the counter's reads). */
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    amountCents: bigint('amount_cents', { mode: 'number' }).notNull(),
    /** The calendar date the money was received. */
    paidOn: date('paid_on').notNull(),
    method: text('method').$type<PaymentMethod>().notNull(),
    reference: text('reference').notNull().default(''),
    note: text('note').notNull().default(''),
    /** Points spent, when paid with points. */
    points: integer('points').notNull().default(0),
    recordedBy: uuid('recorded_by').references(() => users.id),
    createdAt: createdAt(),
    reversedAt: timestamp('reversed_at', { withTimezone: true }),
    reversedBy: uuid('reversed_by').references(() => users.id),
    reverseReason: text('reverse_reason'),
  },
  (t) => [
    index('payments_invoice_idx').on(t.invoiceId, t.createdAt),
    index('payments_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/** A parcel handed over at the counter: to whom, which ID was checked, and why if it was released unpaid. */
export const pointsLedger = pgTable(
  'points_ledger',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    points: integer('points').notNull(),
    kind: text('kind').$type<PointsKind>().notNull(),
    reason: text('reason').notNull(),
    reference: text('reference'),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    index('points_ledger_user_idx').on(t.userId, t.createdAt, t.id),
    uniqueIndex('points_ledger_reference_uq')
      .on(t.userId, t.kind, t.reference)
      .where(sql`reference IS NOT NULL`),
  ],
);
