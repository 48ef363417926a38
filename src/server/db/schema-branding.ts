import { integer, pgTable, timestamp, uuid } from 'drizzle-orm/pg-core';
import { companies, files } from './schema';

/**
 * A company's uploaded logo: its stored file (the bytes as uploaded, checked by decoding them) and its size in pixels.
 * One row per company; the header's `companies.logo_url` names it by the file's hash, so its URL changes with it.
 */
export const brandLogos = pgTable('brand_logos', {
  companyId: uuid('company_id')
    .primaryKey()
    .references(() => companies.id, { onDelete: 'cascade' }),
  fileId: uuid('file_id')
    .notNull()
    .references(() => files.id),
  width: integer('width').notNull(),
  height: integer('height').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
