import { inArray } from 'drizzle-orm';
import type { Db } from '../db';
import { files } from '../db/schema';
import type { FileStore } from './file-store';

/** Older than any request takes: a younger file may belong to a transaction that has not committed yet. */
export const ORPHAN_GRACE_MS = 3600_000;
const BATCH = 500;

type Log = { info: (obj: object, msg: string) => void; error: (obj: object, msg: string) => void };

/**
 * Bytes without a row: files are staged, then moved into place inside the transaction that adds their rows, so a
 * process killed in between (or a rollback whose clean-up did not run) leaves bytes no row points to. They are
 * removed at start and on a schedule, once older than ORPHAN_GRACE_MS.
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

/** Sweeps now and then every `everyMs`, never two at once; the timer does not keep the process alive. */
export function scheduleOrphanSweep(db: Db, store: FileStore, log: Log, everyMs = 6 * 3600_000) {
  let running = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      const r = await sweepOrphanFiles(db, store);
      if (r.staged + r.stored > 0) log.info(r, 'orphan files removed');
    } catch (err) {
      log.error({ err }, 'orphan file sweep failed');
    } finally {
      running = false;
    }
  };
  void run();
  const timer = setInterval(run, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
