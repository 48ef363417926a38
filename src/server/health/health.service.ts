import { sql } from 'drizzle-orm';
import type { RedisLink } from '../cluster/redis';
import type { Db } from '../db';
import type { FileStore } from '../files/file-store';
import { within } from '../time-limit';

type Log = { error: (obj: object, msg: string) => void };

type ReadinessDeps = { db: Db; fileStore: FileStore; redis: RedisLink | null };

/**
 * What this instance needs to serve, each asked at once with a bound (`checkMs`, 2 s by default: config's
 * readyCheckMs): the database, the file store and Redis (when configured). Returns each part's state and the names
 * of those that failed (why goes to the log only).
 */
export async function checkReadiness(
  deps: ReadinessDeps,
  log: Log,
  checkMs = 2_000,
): Promise<{ parts: Record<string, 'ok' | 'unreachable'>; failed: string[] }> {
  const checks: Record<string, () => Promise<unknown>> = {
    database: () => deps.db.execute(sql`select 1`),
    storage: () => deps.fileStore.check(),
    ...(deps.redis ? { redis: deps.redis.ping } : {}),
  };
  const parts: Record<string, 'ok' | 'unreachable'> = {};
  const failed: string[] = [];
  await Promise.all(
    Object.entries(checks).map(async ([name, check]) => {
      try {
        await within(checkMs, name, check());
        parts[name] = 'ok';
      } catch (err) {
        log.error({ err, check: name }, 'readiness check failed');
        parts[name] = 'unreachable';
        failed.push(name);
      }
    }),
  );
  return { parts, failed: failed.sort() };
}

/** checkReadiness on this instance's own database, file store and Redis: what /readyz asks. */
export function createReadinessCheck(deps: ReadinessDeps, checkMs?: number) {
  return (log: Log) => checkReadiness(deps, log, checkMs);
}

export type ReadinessCheck = ReturnType<typeof createReadinessCheck>;
