import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { PurchaseRequestStatus } from '../../contract/purchase-requests';
import { companies, identifications, users } from './schema';
import { createdAt, updatedAt } from './schema-columns';
import { packages } from './schema-packages';

/* Who may collect for a customer, what was collected, and what customers ask the company to buy. */
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
