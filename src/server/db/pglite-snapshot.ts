import type { PGlite } from '@electric-sql/pglite';

/** A stored file as the `files` table names it. */
export type FileRecord = { key: string; size: number; sha256: string };

/** The embedded database at one moment, with what a backup needs to know about that moment. */
export type DbSnapshot = {
  /** The data folder as a tar (PGlite's own dump, which PGlite loads back with `loadDataDir`). */
  tar: Uint8Array<ArrayBuffer>;
  /** The database's clock and write-ahead log position at the moment. */
  at: string;
  lsn: string;
  /** PostgreSQL's version (a data folder opens only under the same major version). */
  postgres: string;
  migrations: number;
  lastMigrationAt: number | null;
  /** Rows per table of the public schema. */
  rows: Record<string, number>;
  /** Every stored file a row names at the moment. */
  files: FileRecord[];
};

const ident = (name: string) => `"${name.replace(/"/g, '""')}"`;

/**
 * Facts about the database as it stands: the same queries for a snapshot and for a restored folder, so a restore can
 * compare what it loaded with what the backup recorded (a folder not migrated yet has no tables to count).
 */
export async function describeDatabase(pg: Pick<PGlite, 'query'>): Promise<Omit<DbSnapshot, 'tar'>> {
  const [moment] = (
    await pg.query<{ ms: number; lsn: string; version: string }>(
      `SELECT floor(extract(epoch FROM clock_timestamp()) * 1000)::float8 AS ms, pg_current_wal_lsn()::text AS lsn,
              current_setting('server_version') AS version`,
    )
  ).rows;
  const hasMigrations = await exists(pg, 'drizzle.__drizzle_migrations');
  const [migrations] = hasMigrations
    ? (
        await pg.query<{ n: number; last: number | null }>(
          'SELECT count(*)::int AS n, max(created_at)::float8 AS last FROM drizzle.__drizzle_migrations',
        )
      ).rows
    : [];
  const tables = (
    await pg.query<{ name: string }>(
      `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
    )
  ).rows.map((r) => r.name);
  const rows: Record<string, number> = {};
  if (tables.length > 0) {
    const counts = await pg.query<{ name: string; n: number }>(
      tables
        .map((t) => `SELECT '${t.replace(/'/g, "''")}' AS name, count(*)::int AS n FROM public.${ident(t)}`)
        .join(' UNION ALL '),
    );
    for (const r of counts.rows) rows[r.name] = r.n;
  }
  const files = tables.includes('files')
    ? (
        await pg.query<FileRecord>(
          'SELECT storage_key AS key, size_bytes AS size, sha256 FROM public.files ORDER BY storage_key',
        )
      ).rows
    : [];
  return {
    at: new Date(moment?.ms ?? Date.now()).toISOString(),
    lsn: moment?.lsn ?? '',
    postgres: moment?.version ?? '',
    migrations: migrations?.n ?? 0,
    lastMigrationAt: migrations?.last ?? null,
    rows,
    files,
  };
}

async function exists(pg: Pick<PGlite, 'query'>, table: string): Promise<boolean> {
  const r = await pg.query<{ found: boolean }>('SELECT to_regclass($1) IS NOT NULL AS found', [table]);
  return r.rows[0]?.found === true;
}

/**
 * The database at this instant. The caller guarantees that no transaction is open and that nothing else runs on
 * `pg` until this resolves (the worker client takes the connection for itself; the offline backup holds the folder's
 * lock), so the facts and the dump describe the same moment: every transaction committed before it, none after.
 * The checkpoint first writes every page out, so the dump needs no recovery when it is loaded.
 */
export async function snapshotPglite(pg: PGlite): Promise<DbSnapshot> {
  await pg.exec('CHECKPOINT');
  const facts = await describeDatabase(pg);
  const dump = await pg.dumpDataDir('none');
  return { ...facts, tar: new Uint8Array(await dump.arrayBuffer()) };
}
