import { and, asc, eq, isNotNull } from 'drizzle-orm';
import type { StorageCountdown } from '../../contract/storage';
import type { Config } from '../config';
import type { Db } from '../db';
import { companies, companyHosts, packages, storageReminders } from '../db/schema';
import type { NotificationService } from '../notifications/notifications.service';
import { storageCountdowns } from './storage';

/*
 * The storage reminders (a scheduled job, app-jobs.ts): a customer hears 2 days before a parcel's free storage ends
 * and on its last free day, once each per parcel and stay at the counter. The row of storage_reminders is inserted
 * in the notice's transaction, unique per parcel, reminder and last free day: a rerun, or two instances running the
 * job at once, send nothing twice. A parcel that left "ready for pickup" is not reminded.
 */

/** Which reminder is due for a countdown today, if any (a run missed 2 days before still reminds the day before). */
export function reminderDue(c: StorageCountdown): 'soon' | 'today' | null {
  if (c.days_charged > 0) return null;
  if (c.free_days_left === 0) return 'today';
  return c.free_days_left <= 2 ? 'soon' : null;
}

/**
 * Links in a reminder lead to the company's site: PUBLIC_URL when it is set, else the company's first host name
 * (there is no request to take them from).
 */
async function originOf(db: Db, config: Config, companyId: string): Promise<string> {
  if (config.publicUrl) return config.publicUrl;
  const [host] = await db
    .select({ hostname: companyHosts.hostname })
    .from(companyHosts)
    .where(eq(companyHosts.companyId, companyId))
    .orderBy(asc(companyHosts.hostname))
    .limit(1);
  return `https://${host?.hostname ?? 'localhost'}`;
}

export function createStorageReminders(deps: { db: Db; notifications: NotificationService; config: Config }) {
  const { db, notifications } = deps;
  return {
    /** Sends the reminders due at `now` in every company; returns how many went out. */
    async send(now: Date = new Date()): Promise<number> {
      const waiting = await db
        .select({
          id: packages.id,
          companyId: packages.companyId,
          userId: packages.userId,
          trackingNumber: packages.trackingNumber,
          description: packages.description,
          statusCode: packages.statusCode,
          receivedAt: packages.receivedAt,
        })
        .from(packages)
        .where(and(eq(packages.statusCode, 'ready_for_pickup'), isNotNull(packages.userId)));
      const byCompany = new Map<string, typeof waiting>();
      for (const p of waiting) byCompany.set(p.companyId, [...(byCompany.get(p.companyId) ?? []), p]);
      let sent = 0;
      for (const [companyId, pkgs] of byCompany) {
        const [company] = await db.select().from(companies).where(eq(companies.id, companyId)).limit(1);
        if (!company) continue;
        const countdowns = await storageCountdowns(db, company, pkgs, now);
        let origin: string | null = null;
        for (const p of pkgs) {
          const storage = countdowns.get(p.id);
          const when = storage ? reminderDue(storage) : null;
          if (!storage || !when || !p.userId) continue;
          origin ??= await originOf(db, deps.config, companyId);
          const userId = p.userId;
          const site = origin;
          const told = await db.transaction(async (tx) => {
            // Still waiting at the counter, and held until the reminder commits (a release in between waits).
            const [still] = await tx
              .select({ id: packages.id })
              .from(packages)
              .where(and(eq(packages.id, p.id), eq(packages.statusCode, 'ready_for_pickup')))
              .for('update');
            if (!still) return false;
            const [first] = await tx
              .insert(storageReminders)
              .values({ packageId: p.id, kind: when, freeUntil: storage.free_until })
              .onConflictDoNothing()
              .returning({ packageId: storageReminders.packageId });
            if (!first) return false;
            const pkg = { id: p.id, tracking_number: p.trackingNumber, description: p.description };
            await notifications.storageReminder(tx, company, userId, pkg, storage, when, site);
            return true;
          });
          if (told) sent += 1;
        }
      }
      return sent;
    },
  };
}

export type StorageReminders = ReturnType<typeof createStorageReminders>;
