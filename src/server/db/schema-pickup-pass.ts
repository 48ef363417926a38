import { sql } from 'drizzle-orm';
import { index, jsonb, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import { authorizedPersons, companies, users } from './schema';

/**
 * A pickup pass: the parcels of a customer that were ready for pickup when it was issued, for the customer
 * (`authorized_person_id` null) or one of their authorized persons. `code` is what a clerk types (never reused in a
 * company, so an old code still finds its own parcels); `token` is the share link's secret, kept by the holder's
 * next pass so a shared link goes on showing that person's current pass. A new pass is issued when a parcel becomes
 * ready that the current one does not cover; the old one is then `superseded_at` (it still works at the counter for
 * what it covers that is not collected yet).
 */
export const pickupPasses = pgTable(
  'pickup_passes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    authorizedPersonId: uuid('authorized_person_id').references(() => authorizedPersons.id, {
      onDelete: 'cascade',
    }),
    code: text('code').notNull(),
    token: text('token').notNull(),
    /** The parcels covered, fixed at issue. */
    packageIds: jsonb('package_ids').$type<string[]>().notNull(),
    issuedAt: timestamp('issued_at', { withTimezone: true }).notNull().defaultNow(),
    supersededAt: timestamp('superseded_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('pickup_passes_code_uq').on(t.companyId, t.code),
    // One current pass per share link (the token passes from one pass of a holder to the next).
    uniqueIndex('pickup_passes_token_uq').on(t.token).where(sql`superseded_at IS NULL`),
    index('pickup_passes_user_idx').on(t.companyId, t.userId, t.issuedAt),
  ],
);

export type PickupPassRow = typeof pickupPasses.$inferSelect;
