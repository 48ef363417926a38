import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from './errors';
import { type Database, newPglite, openDatabase } from './index';

/** The server's embedded database: PGlite in a worker thread behind drizzle's PGlite driver. */
describe('PGlite in a worker thread', () => {
  let dataDir: string;
  let database: Database;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  // db.execute's result type is the driver's; both drivers answer { rows }.
  const rowsOf = async (q: Promise<unknown>) => ((await q) as { rows: Record<string, unknown>[] }).rows;

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-pglite-worker-'));
    database = await openDatabase({ dataDir });
    await database.db.execute(sql`CREATE TABLE t (id int PRIMARY KEY, n int NOT NULL, at timestamptz)`);
    await database.db.execute(sql`INSERT INTO t VALUES (1, 0, now())`);
  }, 60_000);
  afterAll(async () => {
    await database?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('migrates, answers queries with the types drizzle expects, and keeps PostgreSQL error codes', async () => {
    const { db } = database;
    const [company] = await rowsOf(db.execute(sql`SELECT count(*)::int AS n FROM companies`));
    expect(company).toEqual({ n: 0 });
    const rows = await db
      .select({ id: sql<number>`id`, at: sql`at`.mapWith((v: string) => new Date(v)) })
      .from(sql`t`);
    expect(rows[0]?.id).toBe(1);
    expect(rows[0]?.at).toBeInstanceOf(Date);
    const err = await db.execute(sql`INSERT INTO t VALUES (1, 0, now())`).catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
  });

  it('gives a transaction the connection to itself: concurrent statements and transactions never interleave', async () => {
    const { db } = database;
    // Read-modify-write with a pause between the read and the write: interleaved, increments would be lost.
    const increment = () =>
      db.transaction(async (tx) => {
        const [row] = (await rowsOf(tx.execute(sql`SELECT n FROM t WHERE id = 1 FOR UPDATE`))) as {
          n: number;
        }[];
        await sleep(5);
        await tx.execute(sql`UPDATE t SET n = ${(row?.n ?? 0) + 1} WHERE id = 1`);
      });
    // A transaction that writes, pauses and fails: nobody outside may see its row, before or after.
    const failing = db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (2, 0, now())`);
        await sleep(30);
        throw new Error('changed my mind');
      })
      .catch((e: Error) => e.message);
    const outside = async () =>
      (await rowsOf(db.execute(sql`SELECT count(*)::int AS c FROM t WHERE id = 2`)))[0];
    const results = await Promise.all([
      failing,
      outside(),
      ...Array.from({ length: 10 }, increment),
      outside(),
      outside(),
    ]);
    expect(results[0]).toBe('changed my mind');
    for (const seen of [results[1], ...results.slice(-2)]) expect(seen).toEqual({ c: 0 });
    const [row] = await rowsOf(db.execute(sql`SELECT n FROM t WHERE id = 1`));
    expect(row).toEqual({ n: 10 });
  });

  it('a statement on the database from inside a transaction’s own work runs in it rather than wait for itself', async () => {
    const { db } = database;
    const seen = await db.transaction(async (tx) => {
      await tx.execute(sql`UPDATE t SET n = n + 1 WHERE id = 1`);
      return (await rowsOf(db.execute(sql`SELECT n FROM t WHERE id = 1`)))[0];
    });
    expect(seen).toEqual({ n: 11 });
    await db.execute(sql`UPDATE t SET n = 10 WHERE id = 1`);
    // Work a transaction started that outlives it must not slip into a later transaction.
    let late: Promise<unknown> = Promise.resolve();
    await db.transaction(async () => {
      late = sleep(20).then(() => rowsOf(db.execute(sql`SELECT count(*)::int AS c FROM t WHERE id = 3`)));
    });
    const other = db
      .transaction(async (tx) => {
        await tx.execute(sql`INSERT INTO t VALUES (3, 0, now())`);
        await sleep(60);
        throw new Error('rolled back');
      })
      .catch(() => {});
    expect(await late).toEqual([{ c: 0 }]);
    await other;
  });

  it('a failed statement rolls the whole transaction back, and the connection stays usable', async () => {
    const { db } = database;
    const err = await db
      .transaction(async (tx) => {
        await tx.execute(sql`UPDATE t SET n = 100 WHERE id = 1`);
        await tx.execute(sql`INSERT INTO t VALUES (1, 0, now())`);
      })
      .catch((e: unknown) => e);
    expect(isUniqueViolation(err)).toBe(true);
    const [row] = await rowsOf(db.execute(sql`SELECT n FROM t WHERE id = 1`));
    expect(row).toEqual({ n: 10 });
  });

  it('takes a snapshot between two transactions: after the open one commits, before any begun later', async () => {
    const { db } = database;
    const snapshot = database.snapshot;
    if (!snapshot) throw new Error('the worker database takes snapshots');
    let letCommit = () => {};
    const mayCommit = new Promise<void>((resolve) => {
      letCommit = resolve;
    });
    const open = db.transaction(async (tx) => {
      await tx.execute(sql`INSERT INTO t VALUES (10, 0, now())`);
      await mayCommit;
      await tx.execute(sql`INSERT INTO t VALUES (11, 0, now())`);
    });
    await sleep(20); // the transaction is open
    const taking = snapshot();
    const later = db.execute(sql`INSERT INTO t VALUES (12, 0, now())`);
    const laterTx = db.transaction((tx) => tx.execute(sql`INSERT INTO t VALUES (13, 0, now())`));
    let taken = false;
    void taking.then(() => {
      taken = true;
    });
    await sleep(50);
    expect(taken).toBe(false); // it waits for the open transaction
    letCommit();
    const snap = await taking;
    await Promise.all([open, later, laterTx]);
    expect(snap.rows.t).toBe(3); // rows 1, 10 and 11; not 12 or 13
    expect(snap.lsn).toMatch(/^[0-9A-F]+\/[0-9A-F]+$/);
    expect(snap.tar.byteLength).toBeGreaterThan(1_000_000);
    // The dump is that moment: loaded on its own, it holds the same rows.
    const copy = newPglite(undefined, { loadDataDir: new Blob([snap.tar]) });
    try {
      const ids = await copy.query<{ id: number }>('SELECT id FROM t ORDER BY id');
      expect(ids.rows.map((r) => r.id)).toEqual([1, 10, 11]);
    } finally {
      await copy.close();
    }
    await db.execute(sql`DELETE FROM t WHERE id >= 10`);
  }, 60_000);

  it('keeps what it acknowledged after a close and a reopen', async () => {
    await database.db.execute(sql`UPDATE t SET n = 42 WHERE id = 1`);
    await database.close();
    // A closed database refuses statements rather than leave them waiting for a thread that has stopped.
    await expect(database.db.execute(sql`SELECT 1`)).rejects.toThrow();
    database = await openDatabase({ dataDir });
    const [row] = await rowsOf(database.db.execute(sql`SELECT n FROM t WHERE id = 1`));
    expect(row).toEqual({ n: 42 });
  }, 60_000);
});
