import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import type { NotificationService } from '../notifications/notifications.service';
import type { PackageRow } from './package-rows';

/** Who to tell what after a change: one entry per customer, listing all their packages it touched. */
export type Notice = {
  userId: string;
  packages: { id: string; tracking_number: string; description: string }[];
  statusName: string;
  note: string;
};

const noticed = (p: PackageRow) => ({
  id: p.id,
  tracking_number: p.trackingNumber,
  description: p.description,
});

/** Groups changed packages by owner (Unassigned parcels have nobody to tell). */
export function noticesFor(pkgs: PackageRow[], statusName: string, note: string): Notice[] {
  const byOwner = new Map<string, Notice>();
  for (const p of pkgs) {
    if (!p.userId) continue;
    const n = byOwner.get(p.userId) ?? { userId: p.userId, packages: [], statusName, note };
    n.packages.push(noticed(p));
    byOwner.set(p.userId, n);
  }
  return [...byOwner.values()];
}

/** The new owner of packages hears once that they are theirs, in their current status (`names` by code). */
export function ownerNotices(userId: string, pkgs: PackageRow[], names: Map<string, string>): Notice[] {
  const [first] = pkgs;
  if (!first) return [];
  const statusName = names.get(first.statusCode) ?? first.statusCode;
  return [{ userId, packages: pkgs.map(noticed), statusName, note: '' }];
}

/**
 * Tells each customer once about all their packages a change touched, in the change's transaction `tx` (the
 * notices and their mail commit with it, or not at all); returns how many were told.
 */
export async function tellOwners(
  notifications: NotificationService,
  tx: Db,
  company: CompanyRow,
  origin: string,
  notices: Notice[],
): Promise<number> {
  let told = 0;
  for (const n of notices) {
    const sent = await notifications.packagesStatus(
      tx,
      company,
      n.userId,
      n.packages,
      n.statusName,
      n.note,
      origin,
    );
    if (sent) told += 1;
  }
  return told;
}
