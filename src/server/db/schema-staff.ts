import { sql } from 'drizzle-orm';
import { index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { StaffRole } from '../../contract/staff';
import { companies, users } from './schema';

/**
 * An invitation to join a company's staff, by e-mail: its link (`/invite/<token>`) is single-use and expires. Only
 * the token's SHA-256 is stored; a resend replaces it (the old link dies). `invited_by` is null when nobody of the
 * company invited (the platform operator, a user of another company, is named in the audit entry instead).
 */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    companyId: uuid('company_id')
      .notNull()
      .references(() => companies.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<StaffRole>().notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastSentAt: timestamp('last_sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('staff_invitations_company_idx').on(t.companyId, t.createdAt),
    // One open invitation per address and company: inviting again resends instead of piling up links.
    uniqueIndex('staff_invitations_open_uq')
      .on(t.companyId, t.email)
      .where(sql`accepted_at IS NULL AND revoked_at IS NULL`),
  ],
);

export type StaffInvitationRow = typeof staffInvitations.$inferSelect;
