import { sql } from 'drizzle-orm';
import {
  boolean,
  date,
  index,
  integer,
  numeric,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { HoldReason } from '../../contract/package-hold';
import { companies, files, users } from './schema';
import { createdAt, updatedAt } from './schema-columns';

/* Parcels: pre-alerts, packages, shipments, their status history and warehouse receipts. */
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
    /** Why it is On hold (contract/package-hold.ts), set with the move; kept past it but shown only while held. */
    holdReason: text('hold_reason').$type<HoldReason>(),
    holdNote: text('hold_note').notNull().default(''),
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
    // The staff list's other sorts (ORDER in staff-packages/package-rows.ts, spelled the same): a page is read off
    // the index in order instead of sorting 100k+ rows. The status, last, is checked in the index while it is walked:
    // a status's page then reads from the table only the rows it shows.
    index('packages_company_tracking_idx').on(t.companyId, t.trackingNumber, t.id, t.statusCode),
    index('packages_company_received_idx').on(
      t.companyId,
      t.receivedAt.desc().nullsLast(),
      t.id.desc().nullsFirst(),
      t.statusCode,
    ),
    index('packages_company_updated_idx').on(t.companyId, t.updatedAt, t.id, t.statusCode),
    index('packages_company_weight_idx').on(t.companyId, t.weight, t.id, t.statusCode),
    index('packages_company_value_idx').on(t.companyId, t.declaredValueCents, t.id, t.statusCode),
    index('packages_company_shipment_idx').on(t.companyId, t.shipmentId, t.createdAt),
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
