import { integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
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
  /**
   * The logo the company had before it uploaded one (an image it was set up with, e.g. the demo's): removing the
   * upload brings it back; removing again leaves no logo.
   */
  replacedLogoUrl: text('replaced_logo_url').notNull().default(''),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
