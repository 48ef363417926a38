import {
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
import type { RateSet } from '../../contract/rates';
import { companies, dutyCategories, users } from './schema';

/*
 * Effective-dated prices: a change is a new row in force from `effective_from`; rows are never rewritten once in
 * force (only a scheduled one may be deleted). The rates in force at T are the row with the greatest
 * effective_from ≤ T (rates/in-force.ts, the only reader).
 */

/** A company's freight (per mode), handling, storage and exchange rate, as one validated set per version. */
export const rateVersions = pgTable(
  'rate_versions',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    rates: jsonb('rates').$type<RateSet>().notNull(),
    note: text('note').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Two versions from the same instant would make "the one in force" ambiguous.
  (t) => [uniqueIndex('rate_versions_company_from_uq').on(t.companyId, t.effectiveFrom)],
);

/** The rates of a duty category, one row per version. */
export const dutyCategoryRates = pgTable(
  'duty_category_rates',
  {
    id: serial('id').primaryKey(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    categoryId: integer('category_id')
      .notNull()
      .references(() => dutyCategories.id, { onDelete: 'cascade' }),
    effectiveFrom: timestamp('effective_from', { withTimezone: true }).notNull(),
    dutyRate: numeric('duty_rate', { precision: 6, scale: 4 }).notNull(),
    gctRate: numeric('gct_rate', { precision: 6, scale: 4 }).notNull(),
    /** A further charge on CIF (e.g. a special consumption tax); 0 when the category has none. */
    otherRate: numeric('other_rate', { precision: 6, scale: 4 }).notNull().default('0'),
    otherLabel: text('other_label').notNull().default(''),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('duty_category_rates_from_uq').on(t.categoryId, t.effectiveFrom),
    index('duty_category_rates_company_idx').on(t.companyId),
  ],
);
