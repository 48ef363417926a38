import { date, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { packages } from './schema';

/**
 * The storage reminders sent (storage/storage-reminders.ts): one row per parcel, reminder and stay at the counter
 * (its last free day tells one stay from a later one), inserted in the transaction of the notice, so a rerun of the
 * job or another instance running it at the same time sends nothing twice.
 */
export const storageReminders = pgTable(
  'storage_reminders',
  {
    packageId: uuid('package_id')
      .notNull()
      .references(() => packages.id, { onDelete: 'cascade' }),
    /** 'soon': the free days end within 2 days; 'today': today is the last free day. */
    kind: text('kind').$type<'soon' | 'today'>().notNull(),
    freeUntil: date('free_until', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.packageId, t.kind, t.freeUntil] })],
);
