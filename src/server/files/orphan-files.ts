import { inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { files } from '../db/schema';
import type { FileStore } from './file-store';

/** Older than any request takes: a younger file may belong to a transaction that has not committed yet. */
export const ORPHAN_GRACE_MS = 3600_000;
const BATCH = 500;

/**
 * Bytes without a row: files are staged, then moved into place inside the transaction that adds their rows, so a
 * process killed in between (or a rollback whose clean-up did not run) leaves bytes no row points to. They are
 * removed by the scheduled `orphan-files` job (app-jobs.ts), once older than ORPHAN_GRACE_MS.
 */
export async function sweepOrphanFiles(
  db: Db,
  store: FileStore,
  now = new Date(),
): Promise<{ staged: number; stored: number }> {
  const before = new Date(now.getTime() - ORPHAN_GRACE_MS);
  const staged = await store.clearStaging(before);
  let stored = 0;
  let batch: string[] = [];
  const flush = async () => {
    if (batch.length === 0) return;
    const known = await db
      .select({ key: files.storageKey })
      .from(files)
      .where(inArray(files.storageKey, batch));
    const keep = new Set(known.map((k) => k.key));
    for (const key of batch) {
      if (keep.has(key)) continue;
      await store.remove(key);
      stored += 1;
    }
    batch = [];
  };
  for await (const f of store.list()) {
    if (f.modifiedAt >= before) continue;
    batch.push(f.key);
    if (batch.length >= BATCH) await flush();
  }
  await flush();
  return { staged, stored };
}
