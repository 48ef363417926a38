import webpush from 'web-push';
import type { Db } from '../db';
import { pushVapidKeys } from '../db/schema';

export type VapidKeys = { publicKey: string; privateKey: string };

/**
 * The deployment's VAPID keys: read from the database, made on first need. Instances racing to make them insert
 * the same one-row key (id 1) with ON CONFLICT DO NOTHING and all read back the winner's, so every instance signs
 * with the pair browsers subscribed with. Kept in memory once read (they never change).
 */
export function createVapidKeys(db: Db) {
  let cached: Promise<VapidKeys> | null = null;
  async function load(): Promise<VapidKeys> {
    const [row] = await db.select().from(pushVapidKeys).limit(1);
    if (row) return { publicKey: row.publicKey, privateKey: row.privateKey };
    const made = webpush.generateVAPIDKeys();
    await db
      .insert(pushVapidKeys)
      .values({ id: 1, publicKey: made.publicKey, privateKey: made.privateKey })
      .onConflictDoNothing();
    const [kept] = await db.select().from(pushVapidKeys).limit(1);
    if (!kept) throw new Error('VAPID keys were not stored');
    return { publicKey: kept.publicKey, privateKey: kept.privateKey };
  }
  return {
    get(): Promise<VapidKeys> {
      cached ??= load().catch((err: unknown) => {
        cached = null; // a failed read is tried again next time
        throw err;
      });
      return cached;
    },
  };
}
export type Vapid = ReturnType<typeof createVapidKeys>;
