import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PGlite } from '@electric-sql/pglite';
import { drizzle as drizzleNodePg } from 'drizzle-orm/node-postgres';
import { migrate as migrateNodePg } from 'drizzle-orm/node-postgres/migrator';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { newPglite } from './pglite';
import { PgliteWorkerClient } from './pglite-client';
import type { DbSnapshot } from './pglite-snapshot';
import { type TemplateAdds, templateCacheDir } from './pglite-template';
import * as schema from './schema';
import { attachWriteWatch, WriteWatch } from './writes';

export type Schema = typeof schema;
/** Both drivers give the same pg-core database; the app only sees this type. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

/**
 * An open, migrated database. What runs on it (the job queue's tables: jobs/queue.ts readyJobs) is installed by the
 * start-up code after it opens, so this layer knows nothing above it.
 */
export type Database = {
  db: Db;
  kind: 'pglite' | 'postgres';
  close: () => Promise<void>;
  /**
   * Runs `fn` while no other server on this database runs its own (the demo seed at start): instances started
   * together take turns. The embedded database has one server by construction (its data-dir lock).
   */
  exclusive: <T>(fn: () => Promise<T>) => Promise<T>;
  /** The embedded database in its own thread: the database at one instant, for a backup (backup/backup.ts). */
  snapshot?: () => Promise<DbSnapshot>;
  /**
   * This process alone serves the database: the embedded one in a data folder, whose lock it holds. Work left
   * running in it (a job) was a dead process's, never another live server's.
   */
  soleServer: boolean;
};

const alone = <T>(fn: () => Promise<T>) => fn();

/** Any fixed number: the key of the session-level advisory lock servers take turns on at start. */
const STARTUP_LOCK = 727_001;

/** Holds PostgreSQL's advisory lock on a connection of its own while `fn` runs (which uses the pool as usual). */
async function underStartupLock<T>(pool: pg.Pool, fn: () => Promise<T>): Promise<T> {
  const holder = await pool.connect();
  try {
    await holder.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
    try {
      return await fn();
    } finally {
      await holder.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]);
    }
  } finally {
    holder.release();
  }
}

export { newPglite };

/** A drizzle database whose writes reach the in-memory lookups' invalidation (see writes.ts). */
function watched(open: (cache: WriteWatch) => unknown): Db {
  const watch = new WriteWatch();
  const db = open(watch) as Db;
  attachWriteWatch(db, watch);
  return db;
}

export const migrationsFolder = join(dirname(fileURLToPath(import.meta.url)), 'migrations');

/** Opens PostgreSQL by URL, or an embedded PGlite in `<dataDir>/pgdata` (or a given PGlite, as tests do). */
export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  dataDir?: string;
  pglite?: PGlite;
  /** A PGlite dump to load into memory in the worker thread (tests that exercise the server's own driver). */
  pgliteTemplate?: string;
  /** Where a new data folder's template is kept (pglite-template.ts); null: none. Default: templateCacheDir(). */
  templateCache?: string | null;
  /** What the start-up code adds to a new embedded database, made part of its template (jobs/template.ts). */
  templateAdds?: TemplateAdds;
}): Promise<Database> {
  if (opts.databaseUrl) {
    const pool = new pg.Pool({ connectionString: opts.databaseUrl, max: 10 });
    // An idle connection the server drops (restart, failover, a dropped test database) must not crash the process:
    // the pool discards that client and opens a new one on the next query.
    pool.on('error', (err) => {
      process.stderr.write(`database: idle connection lost (${err.message})\n`);
    });
    const db = watched((cache) => drizzleNodePg(pool, { schema, cache }));
    // Instances of a new release start together: one migrates, the others wait and then find nothing to do.
    const exclusive = <T>(fn: () => Promise<T>) => underStartupLock(pool, fn);
    await exclusive(() => migrateNodePg(db as never, { migrationsFolder }));
    return { db, kind: 'postgres', close: () => pool.end(), exclusive, soleServer: false };
  }
  if (opts.pgliteTemplate) {
    const client = await PgliteWorkerClient.start({ template: opts.pgliteTemplate, migrationsFolder });
    const db = watched((cache) => drizzlePglite({ client: client.asPglite(), schema, cache }));
    return {
      db,
      kind: 'pglite',
      close: () => client.close(),
      exclusive: alone,
      snapshot: () => client.snapshot(),
      soleServer: false,
    };
  }
  if (!opts.pglite) {
    const dir = join(opts.dataDir ?? './data', 'pgdata');
    mkdirSync(dir, { recursive: true });
    const unlock = lockDataDir(dir);
    // PGlite is WebAssembly that runs each query to the end: on the server's thread it stalls every request while
    // it works. Its own thread (which also runs the migrations) leaves the event loop to HTTP.
    let client: PgliteWorkerClient;
    try {
      const templateCache = opts.templateCache === undefined ? templateCacheDir() : opts.templateCache;
      client = await PgliteWorkerClient.start({
        dir,
        templateCache,
        templateAdds: opts.templateAdds,
        migrationsFolder,
      });
    } catch (err) {
      unlock();
      throw err;
    }
    const db = watched((cache) => drizzlePglite({ client: client.asPglite(), schema, cache }));
    return {
      db,
      kind: 'pglite',
      close: async () => {
        await client.close();
        unlock();
      },
      exclusive: alone,
      snapshot: () => client.snapshot(),
      soleServer: true,
    };
  }
  const client = opts.pglite;
  const db = watched((cache) => drizzlePglite({ client, schema, cache }));
  await migratePglite(db as never, { migrationsFolder });
  return { db, kind: 'pglite', close: () => client.close(), exclusive: alone, soleServer: false };
}

/**
 * The embedded database is one process's: a second server on the same folder would write over the first's pages
 * and lose acknowledged writes. A lock file names the owning process; a lock whose process is gone (kill -9) is
 * taken over. Returns the release.
 */
export function lockDataDir(dir: string): () => void {
  const file = `${dir}.lock`;
  const take = () => writeFileSync(file, String(process.pid), { flag: 'wx' });
  try {
    take();
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
    const pid = lockHolder(dir);
    if (pid !== null && pid !== process.pid) {
      throw new Error(
        `Another portal process (${pid}: a server, or a backup or restore) is using the embedded database in ${dir}. Stop it first, or give this one another DATA_DIR (or a DATABASE_URL).`,
      );
    }
    rmSync(file, { force: true }); // left by a process that no longer runs
    take();
  }
  return () => {
    try {
      if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file, { force: true });
    } catch {
      // already gone
    }
  };
}

/** The process holding the folder's lock, if it still runs (a lock left by a killed process counts as none). */
export function lockHolder(dir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(`${dir}.lock`, 'utf8').trim());
  } catch {
    return null;
  }
  return Number.isInteger(pid) && pid > 0 && isAlive(pid) ? pid : null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

export { schema };
