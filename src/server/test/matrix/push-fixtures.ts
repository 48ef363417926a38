import type { Db } from '../../db';
import { pushSubscriptions } from '../../db/schema';
import { uniq } from './fixture-types';

/** The owner's push subscription (matrix/push.ts): listed and deleted by its owner only. */
export async function pushFixture(
  db: Db,
  companyId: string,
  userId: string,
): Promise<{ subscriptionId: string; deviceName: string }> {
  const deviceName = `Matrix device ${uniq()}`;
  const [row] = await db
    .insert(pushSubscriptions)
    .values({
      companyId,
      userId,
      endpoint: `https://fcm.googleapis.com/fcm/send/matrix-${uniq()}`,
      p256dh: 'B'.repeat(87),
      auth: 'A'.repeat(22),
      deviceName,
    })
    .returning();
  if (!row) throw new Error('push subscription insert returned no row');
  return { subscriptionId: row.id, deviceName };
}
