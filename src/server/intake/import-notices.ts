import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { packageStatuses } from '../db/schema';
import type { NotificationService } from '../notifications/notifications.service';

/** A parcel an import received for a customer. */
export type Imported = { userId: string; id: string; tracking_number: string; description: string };

/** Tells each customer once about all their parcels an import received, in the import's transaction `tx`. */
export async function tellImported(
  notifications: NotificationService,
  tx: Db,
  company: CompanyRow,
  origin: string,
  received: Imported[],
): Promise<void> {
  const byOwner = new Map<string, Imported[]>();
  for (const p of received) byOwner.set(p.userId, [...(byOwner.get(p.userId) ?? []), p]);
  if (byOwner.size === 0) return;
  const [status] = await tx
    .select({ name: packageStatuses.name })
    .from(packageStatuses)
    .where(eq(packageStatuses.code, 'received_us'))
    .limit(1);
  for (const [userId, pkgs] of byOwner) {
    await notifications.packagesStatus(tx, company, userId, pkgs, status?.name ?? 'Received', '', origin);
  }
}
