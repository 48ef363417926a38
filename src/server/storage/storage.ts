import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  endsSoon,
  type StorageCountdown,
  type StorageEndingSoon,
  storageCountdown,
} from '../../contract/storage';
import { timeZoneOf } from '../companies/time-zones';
import type { Db } from '../db';
import { packageEvents, packages } from '../db/schema';
import { ratesInForce } from '../rates/in-force';

/*
 * Storage of the parcels waiting at the counter, on the server: when each became ready for pickup, and its countdown
 * by the company's rule (contract/storage.ts) in the company's time zone with the rates in force. The package
 * answers, the dashboard, the reminders and the invoice's storage line all ask here.
 */

/** A package as the countdown needs it. */
export type Waiting = { id: string; statusCode: string; receivedAt: Date | null };

/**
 * When each package last became ready for pickup: its latest "ready for pickup" event, else when it was received
 * (a parcel put straight to ready at intake has no separate event for it).
 */
export async function readySinceOf(db: Db, pkgs: readonly Waiting[]): Promise<Map<string, Date>> {
  const ready = pkgs.filter((p) => p.statusCode === 'ready_for_pickup');
  const out = new Map<string, Date>();
  if (ready.length === 0) return out;
  const rows = await db
    .select({ packageId: packageEvents.packageId, at: sql<string>`max(${packageEvents.createdAt})` })
    .from(packageEvents)
    .where(
      and(
        inArray(
          packageEvents.packageId,
          ready.map((p) => p.id),
        ),
        eq(packageEvents.statusCode, 'ready_for_pickup'),
      ),
    )
    .groupBy(packageEvents.packageId);
  const byId = new Map(rows.map((r) => [r.packageId, new Date(r.at)]));
  for (const p of ready) {
    const at = byId.get(p.id) ?? p.receivedAt;
    if (at) out.set(p.id, at);
  }
  return out;
}

/**
 * The countdown of each package of `pkgs` that waits at the counter (by id; the others are absent), at `now`, by the
 * rates in force then. Reads nothing when none waits.
 */
export async function storageCountdowns(
  db: Db,
  company: { id: string; currency: string },
  pkgs: readonly Waiting[],
  now: Date = new Date(),
): Promise<Map<string, StorageCountdown>> {
  const out = new Map<string, StorageCountdown>();
  if (!pkgs.some((p) => p.statusCode === 'ready_for_pickup')) return out;
  const [since, rates, timeZone] = await Promise.all([
    readySinceOf(db, pkgs),
    ratesInForce(db, company.id, now),
    timeZoneOf(db, company.id),
  ]);
  for (const [id, readySince] of since) {
    const c = storageCountdown({
      readySince,
      now,
      rule: rates.storage,
      currency: company.currency,
      timeZone,
    });
    if (c) out.set(id, c);
  }
  return out;
}

/** The customer's parcels at the counter whose free days end within STORAGE_SOON_DAYS, the soonest first. */
export async function storageEndingSoon(
  db: Db,
  company: { id: string; currency: string },
  userId: string,
  now: Date = new Date(),
): Promise<StorageEndingSoon[]> {
  const waiting = await db
    .select({
      id: packages.id,
      trackingNumber: packages.trackingNumber,
      description: packages.description,
      statusCode: packages.statusCode,
      receivedAt: packages.receivedAt,
    })
    .from(packages)
    .where(
      and(
        eq(packages.companyId, company.id),
        eq(packages.userId, userId),
        eq(packages.statusCode, 'ready_for_pickup'),
      ),
    );
  const countdowns = await storageCountdowns(db, company, waiting, now);
  return waiting
    .flatMap((p) => {
      const storage = countdowns.get(p.id);
      return storage && endsSoon(storage)
        ? [{ package_id: p.id, tracking_number: p.trackingNumber, description: p.description, storage }]
        : [];
    })
    .sort((a, b) => a.storage.free_until.localeCompare(b.storage.free_until));
}
