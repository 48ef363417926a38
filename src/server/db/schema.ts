import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { AuditChanges, AuditEntity } from '../../contract/audit';
import type { Address } from '../../contract/companies';
import type { AccountSettings } from '../../contract/fees';
import type {
  InvoiceLineType,
  InvoiceStatus,
  PaymentMethod,
  StoredCustomsBase,
} from '../../contract/invoices';
import type { NotificationKind } from '../../contract/notifications';
import type { PointsKind } from '../../contract/points';
import type { NotificationPreferences } from '../../contract/profile';
import type { PurchaseRequestStatus } from '../../contract/purchase-requests';
import type { Role } from '../../contract/users';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const updatedAt = () => timestamp('updated_at', { withTimezone: true }).notNull().defaultNow();

export const companies = pgTable('companies', {
  id: uuid('id').primaryKey().defaultRandom(),
  slug: text('slug').notNull().unique(),
  name: text('name').notNull(),
  shortName: text('short_name').notNull(),
  isActive: boolean('is_active').notNull().default(true),
  logoUrl: text('logo_url').notNull().default(''),
  primaryColor: text('primary_color').notNull().default('#6d28d9'),
  supportEmail: text('support_email').notNull().default(''),
  supportPhone: text('support_phone').notNull().default(''),
  website: text('website').notNull().default(''),
  warehouseAddress: jsonb('warehouse_address').$type<Address>().notNull(),
  mailboxPrefix: text('mailbox_prefix').notNull(),
  /** Last mailbox number handed out; bumped atomically with UPDATE ... RETURNING. */
  mailboxCounter: integer('mailbox_counter').notNull().default(10000),
  currency: text('currency').notNull().default('JMD'),
  exchangeRate: numeric('exchange_rate', { precision: 12, scale: 4 }).notNull().default('157.0000'),
  exchangeRateDate: date('exchange_rate_date').notNull().defaultNow(),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

/**
 * Bytes of stored files per company, kept in the same transaction as every file row added or removed, so the
 * storage quota is checked atomically (UPDATE ... WHERE bytes + n <= quota) without summing the files table.
 */
export const storageUsage = pgTable('storage_usage', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  bytes: bigint('bytes', { mode: 'number' }).notNull().default(0),
});

/** One row per host name a company answers on (lower-case, no port). */
export const companyHosts = pgTable('company_hosts', {
  hostname: text('hostname').primaryKey(),
  companyId: uuid('company_id')
    .notNull()
    .references(() => companies.id, { onDelete: 'cascade' }),
});

export const parishes = pgTable('parishes', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const identifications = pgTable('identifications', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
});

export const packageStatuses = pgTable('package_statuses', {
  id: serial('id').primaryKey(),
  code: text('code').notNull().unique(),
  name: text('name').notNull(),
  description: text('description').notNull().default(''),
  sortOrder: integer('sort_order').notNull(),
  isException: boolean('is_exception').notNull().default(false),
  isFinal: boolean('is_final').notNull().default(false),
});

export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    phone: text('phone').notNull().default(''),
    address: text('address').notNull().default(''),
    parishId: integer('parish_id').references(() => parishes.id),
    trn: text('trn'),
    mailboxNumber: text('mailbox_number').notNull(),
    role: text('role').$type<Role>().notNull().default('customer'),
    isSuperadmin: boolean('is_superadmin').notNull().default(false),
    isActive: boolean('is_active').notNull().default(true),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Which notifications are also emailed (profile page). */
    notificationPrefs: jsonb('notification_prefs')
      .$type<NotificationPreferences>()
      .notNull()
      .default({ email_package_updates: true, email_invoices: true, email_purchase_requests: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('users_company_email_uq').on(t.companyId, t.email),
    uniqueIndex('users_company_mailbox_uq').on(t.companyId, t.mailboxNumber),
  ],
);

export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Every rotation stays in the family of the login it came from; reuse of a spent token revokes the family. */
    familyId: uuid('family_id').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The token it was rotated into, sealed with a key only the spent token gives (see sealed-successor.ts). */
    successor: text('successor'),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('refresh_tokens_family_idx').on(t.familyId), index('refresh_tokens_user_idx').on(t.userId)],
);

export const emailTokens = pgTable(
  'email_tokens',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    kind: text('kind').$type<'verify' | 'reset'>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [index('email_tokens_user_kind_idx').on(t.userId, t.kind)],
);

export const menus = pgTable(
  'menus',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
    title: text('title').notNull(),
  },
  (t) => [uniqueIndex('menus_company_code_uq').on(t.companyId, t.code)],
);

export const menuItems = pgTable(
  'menu_items',
  {
    id: serial('id').primaryKey(),
    menuId: integer('menu_id')
      .notNull()
      .references(() => menus.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id'),
    title: text('title').notNull(),
    icon: text('icon').notNull().default('circle'),
    route: text('route').notNull(),
    sortOrder: integer('sort_order').notNull().default(0),
    roles: text('roles')
      .array()
      .$type<Role[]>()
      .notNull()
      .default(sql`ARRAY['customer','staff','admin']::text[]`),
    isActive: boolean('is_active').notNull().default(true),
  },
  (t) => [
    index('menu_items_menu_idx').on(t.menuId),
    uniqueIndex('menu_items_menu_route_uq').on(t.menuId, t.route),
  ],
);

/** Uploaded files (pre-alert invoices, package receipts). Bytes live in the file store; this is their record. */
export const files = pgTable(
  'files',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id),
    /** Key in the file store: generated, never derived from the client's file name. */
    storageKey: text('storage_key').notNull().unique(),
    /** The client's name, sanitised, for Content-Disposition only. */
    originalName: text('original_name').notNull(),
    contentType: text('content_type').notNull(),
    sizeBytes: integer('size_bytes').notNull(),
    sha256: text('sha256').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('files_owner_idx').on(t.ownerId, t.createdAt)],
);

export const prealerts = pgTable(
  'prealerts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    trackingNumber: text('tracking_number').notNull(),
    sellerName: text('seller_name').notNull(),
    description: text('description').notNull(),
    /** Pounds, decimal string. */
    weight: numeric('weight', { precision: 10, scale: 2 }).notNull(),
    /** Declared value in US cents. */
    valueCents: integer('value_cents').notNull(),
    currency: text('currency').notNull().default('USD'),
    packageType: text('package_type').notNull(),
    height: numeric('height', { precision: 10, scale: 2 }).notNull().default('0'),
    length: numeric('length', { precision: 10, scale: 2 }).notNull().default('0'),
    width: numeric('width', { precision: 10, scale: 2 }).notNull().default('0'),
    status: text('status').$type<'pending' | 'matched' | 'cancelled'>().notNull().default('pending'),
    packageId: uuid('package_id'),
    matchedAt: timestamp('matched_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    /** Why staff cancelled it, shown to the customer. */
    cancelReason: text('cancel_reason').notNull().default(''),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live pre-alert per tracking number per customer; a cancelled one may be sent again.
    uniqueIndex('prealerts_user_tracking_live_uq')
      .on(t.companyId, t.userId, t.trackingNumber)
      .where(sql`status <> 'cancelled'`),
    index('prealerts_company_tracking_idx').on(t.companyId, t.trackingNumber),
    index('prealerts_user_created_idx').on(t.userId, t.createdAt),
  ],
);

export const prealertFiles = pgTable(
  'prealert_files',
  {
    prealertId: uuid('prealert_id')
      .notNull()
      .references(() => prealerts.id, { onDelete: 'cascade' }),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
  },
  (t) => [uniqueIndex('prealert_files_pk').on(t.prealertId, t.fileId)],
);

export const packages = pgTable(
  'packages',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    /** Null while the parcel is Unassigned: received, but no customer could be found for it yet. */
    userId: uuid('user_id').references(() => users.id),
    trackingNumber: text('tracking_number').notNull(),
    description: text('description').notNull().default(''),
    sellerName: text('seller_name').notNull().default(''),
    shipper: text('shipper').notNull().default(''),
    carrier: text('carrier').notNull().default(''),
    houseAwb: text('house_awb').notNull().default(''),
    packageType: text('package_type').notNull().default(''),
    pieces: integer('pieces').notNull().default(1),
    fragile: boolean('fragile').notNull().default(false),
    hazardous: boolean('hazardous').notNull().default(false),
    signatureRequired: boolean('signature_required').notNull().default(false),
    customsHold: boolean('customs_hold').notNull().default(false),
    /** What the label said when no customer matched (mailbox, name), so the Unassigned queue can place it later. */
    consigneeHint: text('consignee_hint').notNull().default(''),
    shipmentId: uuid('shipment_id').references(() => shipments.id),
    receivedBy: uuid('received_by').references(() => users.id),
    weight: numeric('weight', { precision: 10, scale: 2 }).notNull().default('0'),
    length: numeric('length', { precision: 10, scale: 2 }).notNull().default('0'),
    width: numeric('width', { precision: 10, scale: 2 }).notNull().default('0'),
    height: numeric('height', { precision: 10, scale: 2 }).notNull().default('0'),
    declaredValueCents: integer('declared_value_cents').notNull().default(0),
    statusCode: text('status_code').notNull(),
    prealertId: uuid('prealert_id'),
    receivedAt: timestamp('received_at', { withTimezone: true }),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The list's orderings (created_at, id) for each way it is filtered: a page is read off an index in order.
    index('packages_user_created_idx').on(t.companyId, t.userId, t.createdAt, t.id),
    // A customer filtering by status (the history's status filter): without it the page and the count walk all of
    // the customer's packages to find the few of that status.
    index('packages_user_status_idx').on(t.companyId, t.userId, t.statusCode, t.createdAt, t.id),
    index('packages_company_status_idx').on(t.companyId, t.statusCode, t.createdAt, t.id),
    index('packages_company_created_idx').on(t.companyId, t.createdAt, t.id),
    index('packages_company_tracking_idx').on(t.companyId, t.trackingNumber),
    index('packages_company_shipment_idx').on(t.companyId, t.shipmentId, t.createdAt),
    index('packages_company_received_idx').on(t.companyId, t.receivedAt),
    index('packages_unassigned_idx').on(t.companyId, t.createdAt).where(sql`user_id IS NULL`),
    // The staff list's "has a pre-alert" and "on hold" filters: few rows of a large table, read newest first.
    index('packages_prealert_idx').on(t.companyId, t.createdAt).where(sql`prealert_id IS NOT NULL`),
    index('packages_held_idx')
      .on(t.companyId, t.createdAt)
      .where(sql`customs_hold OR status_code = 'on_hold'`),
  ],
);

/** A consignment of packages flown or shipped together (a manifest), moved through statuses as one. */
export const shipments = pgTable(
  'shipments',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    reference: text('reference').notNull(),
    mode: text('mode').$type<'air' | 'sea'>().notNull(),
    /** The package status the shipment last moved its packages to (open until the first move). */
    statusCode: text('status_code').notNull().default('open'),
    departsOn: date('departs_on'),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('shipments_company_reference_uq').on(t.companyId, t.reference),
    index('shipments_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * Every staff change: who, when, what (field -> [before, after]). Read on the record it changed; never updated.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    actorId: uuid('actor_id').references(() => users.id),
    entity: text('entity').$type<AuditEntity>().notNull(),
    entityId: text('entity_id').notNull(),
    action: text('action').notNull(),
    changes: jsonb('changes').$type<AuditChanges>().notNull().default({}),
    note: text('note').notNull().default(''),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_entity_idx').on(t.companyId, t.entity, t.entityId, t.createdAt)],
);

export const packageEvents = pgTable(
  'package_events',
  {
    id: serial('id').primaryKey(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    statusCode: text('status_code').notNull(),
    note: text('note').notNull().default(''),
    actorId: uuid('actor_id').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [index('package_events_package_idx').on(t.packageId, t.createdAt)],
);

export const packageReceipts = pgTable(
  'package_receipts',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    fileId: uuid('file_id')
      .notNull()
      .references(() => files.id),
    uploadedBy: uuid('uploaded_by')
      .notNull()
      .references(() => users.id),
    /** A receipt or invoice the customer or staff attached, or the warehouse's photo of the parcel. */
    kind: text('kind').$type<'document' | 'photo'>().notNull().default('document'),
    createdAt: createdAt(),
  },
  (t) => [index('package_receipts_package_idx').on(t.packageId)],
);

/**
 * Replies to create calls made with an Idempotency-Key, per company + user + key, so an outbox replay after a lost
 * reply gets the first reply instead of creating a second record.
 */
export const idempotencyKeys = pgTable(
  'idempotency_keys',
  {
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    key: text('key').notNull(),
    /** Method, path and a digest of the payload (fields + file hashes): the same key with another payload is refused. */
    requestDigest: text('request_digest').notNull(),
    state: text('state').$type<'running' | 'done'>().notNull().default('running'),
    responseStatus: integer('response_status'),
    responseBody: jsonb('response_body'),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('idempotency_keys_pk').on(t.companyId, t.userId, t.key),
    index('idempotency_keys_expires_idx').on(t.expiresAt),
  ],
);

/** Per-company fee, customs, points and invoice policy (see contract/fees.ts), seeded with DOMAIN.md's defaults. */
export const companySettings = pgTable('company_settings', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  settings: jsonb('settings').$type<AccountSettings>().notNull(),
  updatedAt: updatedAt(),
});

/** Duty categories of a company; their effective-dated rates are duty_category_rates (schema-rates.ts). */
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
export const packageReleases = pgTable(
  'package_releases',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** Null when the customer collected in person. */
    authorizedPersonId: uuid('authorized_person_id').references(() => authorizedPersons.id),
    collectedBy: text('collected_by').notNull(),
    idType: text('id_type').notNull(),
    idNumber: text('id_number').notNull(),
    overrideReason: text('override_reason'),
    releasedBy: uuid('released_by').references(() => users.id),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('package_releases_package_uq').on(t.packageId),
    index('package_releases_company_created_idx').on(t.companyId, t.createdAt),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE): the balance is the sum of `points`. A `reference` is unique per
 * user and kind, so an award for the same thing (an invoice, a tracking number) can only happen once.
 */
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

export const authorizedPersons = pgTable(
  'authorized_persons',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    fullName: text('full_name').notNull(),
    identificationId: integer('identification_id')
      .notNull()
      .references(() => identifications.id),
    idNumber: text('id_number').notNull(),
    phone: text('phone').notNull(),
    email: text('email'),
    relationship: text('relationship').notNull(),
    isActive: boolean('is_active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('authorized_persons_user_idx').on(t.companyId, t.userId, t.createdAt)],
);

export const purchaseRequests = pgTable(
  'purchase_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id),
    /** Validated http(s) URL; stored, shown as a link, never fetched by the server. */
    productUrl: text('product_url').notNull(),
    store: text('store').notNull(),
    itemName: text('item_name').notNull(),
    quantity: integer('quantity').notNull(),
    options: text('options').notNull().default(''),
    /** The customer's estimate, US cents. */
    estimatedPriceCents: integer('estimated_price_cents'),
    notes: text('notes').notNull().default(''),
    status: text('status').$type<PurchaseRequestStatus>().notNull().default('requested'),
    quotedTotalCents: bigint('quoted_total_cents', { mode: 'number' }),
    quoteCurrency: text('quote_currency').notNull().default('JMD'),
    quoteNote: text('quote_note').notNull().default(''),
    quotedAt: timestamp('quoted_at', { withTimezone: true }),
    quoteExpiresAt: timestamp('quote_expires_at', { withTimezone: true }),
    quotedBy: uuid('quoted_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('purchase_requests_user_idx').on(t.companyId, t.userId, t.createdAt, t.id),
    index('purchase_requests_company_idx').on(t.companyId, t.status, t.createdAt),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<NotificationKind>().notNull(),
    title: text('title').notNull(),
    body: text('body').notNull().default(''),
    link: text('link').notNull().default(''),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index('notifications_user_idx').on(t.userId, t.createdAt, t.id),
    index('notifications_unread_idx').on(t.userId).where(sql`read_at IS NULL`),
  ],
);
export * from './schema-branding';
export * from './schema-payments';
export * from './schema-rates';
export * from './schema-staff';
