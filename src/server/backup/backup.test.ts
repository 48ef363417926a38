import { createHash } from 'node:crypto';
import {
  createReadStream,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { newPglite } from '../db';
import { type Client, type ClientState, checkMoment, runClient, setUpClient } from '../test/backup-clients';
import { DEMO } from '../test/harness';
import { runScript, type ServerProcess, startServer, stop } from '../test/server-process';
import { readArchive } from './archive';

/**
 * `npm run backup` against a real server in a child process while 16 customers write, then `npm run restore` into a
 * new folder and a second server on it: the rows and files are those of one moment inside the backup's window.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const CLIENTS = 16;
/** The embedded default, whatever the environment of the test run says. */
const embedded = { DATABASE_URL: '', FILE_STORE: '', REDIS_URL: '' };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

type Inspected = {
  /** Per table of the public schema: rows and a checksum over every row's text. */
  tables: Record<string, { rows: number; sum: string }>;
  files: { id: string; key: string; sha256: string; size: number }[];
  clients: Map<string, ClientState>;
  /** Files of the clients' pre-alerts and receipts: tracking number or receipt id -> sha256s. */
  attached: Map<string, string[]>;
};

/** Everything the test compares, read from a data folder or a dump loaded in memory. */
async function inspect(pg: ReturnType<typeof newPglite>, clients: Client[]): Promise<Inspected> {
  const tables: Inspected['tables'] = {};
  const names = await pg.query<{ name: string }>(
    `SELECT tablename AS name FROM pg_tables WHERE schemaname = 'public' ORDER BY 1`,
  );
  for (const { name } of names.rows) {
    const r = await pg.query<{ rows: number; sum: string }>(
      `SELECT count(*)::int AS rows, coalesce(md5(string_agg(md5(t::text), '' ORDER BY md5(t::text))), '') AS sum
         FROM public."${name}" t`,
    );
    tables[name] = r.rows[0] ?? { rows: 0, sum: '' };
  }
  const ids = clients.map((c) => c.userId);
  const clientsById = new Map<string, ClientState>(
    (
      await pg.query<{ id: string; address: string }>(
        'SELECT id, address FROM users WHERE id = ANY($1::uuid[])',
        [ids],
      )
    ).rows.map((u) => [u.id, { prealerts: new Set(), receipts: new Set(), address: u.address }]),
  );
  const attached = new Map<string, string[]>();
  const owned = await pg.query<{ user_id: string; subject: string; kind: string; sha256: string | null }>(
    `SELECT p.user_id, p.tracking_number AS subject, 'prealert' AS kind, f.sha256
       FROM prealerts p LEFT JOIN prealert_files pf ON pf.prealert_id = p.id LEFT JOIN files f ON f.id = pf.file_id
      WHERE p.user_id = ANY($1::uuid[])
     UNION ALL
     SELECT k.user_id, r.id::text, 'receipt', f.sha256
       FROM package_receipts r JOIN packages k ON k.id = r.package_id LEFT JOIN files f ON f.id = r.file_id
      WHERE k.user_id = ANY($1::uuid[])`,
    [ids],
  );
  for (const row of owned.rows) {
    const state = clientsById.get(row.user_id);
    (row.kind === 'prealert' ? state?.prealerts : state?.receipts)?.add(row.subject);
    attached.set(row.subject, [...(attached.get(row.subject) ?? []), row.sha256 ?? 'no file row']);
  }
  const files = (
    await pg.query<Inspected['files'][number]>(
      'SELECT id, storage_key AS key, sha256, size_bytes AS size FROM files ORDER BY storage_key',
    )
  ).rows;
  return { tables, files, clients: clientsById, attached };
}

async function signIn(url: string, who: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(who),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

describe.skipIf(onPostgres)('backup and restore of the embedded default', () => {
  let dir: string;
  let source: ServerProcess | null = null;
  let restored: ServerProcess | null = null;
  let archive = '';
  const folder = (name: string) => join(dir, name);

  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'portal-backup-'));
  });
  afterAll(async () => {
    for (const s of [source, restored]) if (s) await stop(s);
    rmSync(dir, { recursive: true, force: true });
  });

  it('a backup taken while 16 clients write restores into a new folder with every row and file of its moment', async () => {
    const began = performance.now();
    // Where the test's time goes, printed with its figures.
    const phases: string[] = [];
    let mark = began;
    const phase = (name: string) => {
      phases.push(`${name} ${((performance.now() - mark) / 1000).toFixed(1)} s`);
      mark = performance.now();
    };
    // The suite's migrated and seeded database as the server's folder: a fresh one would spend seconds on initdb.
    mkdirSync(folder('source'));
    const seeded = newPglite(join(folder('source'), 'pgdata'), {
      loadDataDir: new Blob([readFileSync(inject('pgliteTemplate'))]),
    });
    await seeded.waitReady;
    await seeded.close();
    source = await startServer({ DATA_DIR: folder('source'), AUTH_RATE_LIMIT: '1000', ...embedded });
    phase('server');
    const url = source.url;
    const admin = await signIn(url, DEMO.admin);
    const clients = await Promise.all(Array.from({ length: CLIENTS }, (_, i) => setUpClient(url, i, admin)));
    phase('16 customers');
    const uploaded = new Map<string, Buffer>();
    let stopped = false;
    const writing = Promise.all(clients.map((c) => runClient(url, c, () => stopped, uploaded)));
    await sleep(1500);
    archive = join(dir, 'moment.tar.gz');
    const start = performance.now();
    const backup = await runScript('backup.ts', [archive, '--data-dir', folder('source')], embedded);
    const end = performance.now();
    await sleep(500); // writes go on after it
    stopped = true;
    const logs = await writing;
    phase('writes and backup');
    expect(backup.code, backup.stderr).toBe(0);
    expect(backup.stdout).toMatch(/from the running server, process \d+/);

    const restoreStart = performance.now();
    const restore = await runScript('restore.ts', [archive, '--data-dir', folder('restored')], embedded);
    const restoreMs = performance.now() - restoreStart;
    expect(restore.code, restore.stderr).toBe(0);

    // The backup's moment, as the archive holds it: the server's counts taken with the snapshot, and the dump.
    let dump = Buffer.alloc(0);
    const { manifest, checksums } = await readArchive(createReadStream(archive), async (entry) => {
      if (entry.kind !== 'database') return;
      const parts: Buffer[] = [];
      for await (const p of entry.body) parts.push(p);
      dump = Buffer.concat(parts);
    });
    const inMemory = newPglite(undefined, { loadDataDir: new Blob([new Uint8Array(dump)]) });
    const moment = await inspect(inMemory, clients).finally(() => inMemory.close());
    const onDisk = newPglite(join(folder('restored'), 'pgdata'));
    const back = await inspect(onDisk, clients).finally(() => onDisk.close());
    phase('restore and inspection');

    // Every row: the restored folder holds what the dump holds, table by table, and the counts the server recorded.
    expect(back.tables).toEqual(moment.tables);
    expect(Object.fromEntries(Object.entries(back.tables).map(([t, v]) => [t, v.rows]))).toEqual(
      manifest.database.rows,
    );
    // Every file a row names is in the restored folder with the bytes its row recorded.
    expect(checksums.missing_files).toEqual([]);
    let fileBytes = 0;
    for (const f of back.files) {
      const bytes = readFileSync(join(folder('restored'), 'files', f.key));
      expect(sha(bytes), f.key).toBe(f.sha256);
      fileBytes += bytes.length;
    }
    // The rows are one moment inside the backup's window, and each kept upload has exactly its files.
    const byClient = (i: number) =>
      back.clients.get(clients[i]?.userId ?? '') ?? {
        prealerts: new Set<string>(),
        receipts: new Set<string>(),
        address: '',
      };
    const { included, excluded } = checkMoment(logs, byClient, { start, end });
    for (const op of included.filter((o) => o.kind === 'prealert' || o.kind === 'receipt')) {
      if (op.kind === 'receipt' && !byClient(op.client).receipts.has(op.subject)) continue; // deleted later
      expect([...(back.attached.get(op.subject) ?? [])].sort(), op.subject).toEqual([...op.files].sort());
    }
    expect(included.length).toBeGreaterThan(0);
    expect(excluded.length).toBeGreaterThan(0); // the backup was taken while they wrote, not after

    // A second server on the restored folder serves the same data: an old session still works (the jwt-secret came
    // back) and every kept upload downloads with the bytes that were sent.
    restored = await startServer({ DATA_DIR: folder('restored'), ...embedded });
    const first = clients[0];
    if (!first) throw new Error('no clients');
    const profile = await fetch(`${restored.url}/v1/profile`, {
      headers: { authorization: `Bearer ${first.token}` },
    });
    expect(profile.status).toBe(200);
    expect(((await profile.json()) as { data: { user: { address: string } } }).data.user.address).toBe(
      byClient(0).address,
    );
    const staff = await signIn(restored.url, DEMO.admin);
    const idOf = new Map(back.files.map((f) => [f.sha256, f.id]));
    let downloads = 0;
    for (const op of included) {
      for (const fileSha of op.files) {
        const id = idOf.get(fileSha);
        if (!id) continue; // a receipt deleted before the moment
        const res = await fetch(`${restored.url}/v1/files/${id}`, {
          headers: { authorization: `Bearer ${staff}` },
        });
        expect(res.status).toBe(200);
        expect(Buffer.from(await res.arrayBuffer()).equals(uploaded.get(fileSha) ?? Buffer.alloc(0))).toBe(
          true,
        );
        downloads += 1;
      }
    }
    await stop(restored);
    phase('second server');
    restored = null;

    const receiptsKept = included.filter((o) => o.kind === 'receipt').length;
    const deletedDuring = excluded.filter((o) => o.kind === 'delete' && o.sentAt < end).length;
    process.stdout.write(
      [
        `backup under load: ${CLIENTS} clients, ${logs.flat().length} writes (${included.length} in the backup, ${excluded.length} after its moment; ${receiptsKept} receipts uploaded, ${deletedDuring} deletions asked for during the backup but after its moment)`,
        `  backup: ${Object.values(back.tables).reduce((n, t) => n + t.rows, 0)} rows in ${Object.keys(back.tables).length} tables, ${back.files.length} files (${(fileBytes / 1048576).toFixed(1)} MB), ${checksums.removals_held} removals held; archive ${(statSync(archive).size / 1048576).toFixed(1)} MB, npm run backup ${((end - start) / 1000).toFixed(1)} s`,
        `  restore: npm run restore ${(restoreMs / 1000).toFixed(1)} s; ${downloads} uploads downloaded byte-equal from a second server; whole test ${((performance.now() - began) / 1000).toFixed(1)} s (${phases.join(', ')})`,
        '',
      ].join('\n'),
    );
  }, 150_000);

  it('restore refuses a folder in use, a folder holding a database (unless --force), and a damaged file', async () => {
    expect(archive, 'the first test made the backup').not.toBe('');
    const inUse = await runScript('restore.ts', [archive, '--data-dir', folder('source')], embedded);
    expect(inUse.code).toBe(1);
    expect(inUse.stderr).toMatch(/is in use by a running portal process \(\d+\): stop it first/);
    const holds = await runScript('restore.ts', [archive, '--data-dir', folder('restored')], embedded);
    expect(holds.code).toBe(1);
    expect(holds.stderr).toMatch(/already holds a database.*add --force/);
    const bytes = readFileSync(archive);
    bytes[Math.floor(bytes.length / 2)] = (bytes[Math.floor(bytes.length / 2)] ?? 0) ^ 0xff;
    const damaged = join(dir, 'damaged.tar.gz');
    writeFileSync(damaged, bytes);
    const refused = await runScript('restore.ts', [damaged, '--data-dir', folder('empty')], embedded);
    expect(refused.code).toBe(1);
    expect(refused.stderr).toMatch(/damaged/);
    expect(readdirSync(folder('empty'))).toEqual([]); // nothing left behind
    const forced = await runScript(
      'restore.ts',
      [archive, '--data-dir', folder('restored'), '--force'],
      embedded,
    );
    expect(forced.code, forced.stderr).toBe(0);
    expect(forced.stdout).toMatch(/What the folder held before is in .*replaced-/);
    expect(existsSync(join(folder('restored'), 'pgdata', 'PG_VERSION'))).toBe(true);
  }, 60_000);
});

describe('backups with PostgreSQL or object storage', () => {
  it('npm run backup and restore do not pretend: they name pg_dump and bucket versioning, and exit non-zero', async () => {
    const services: Record<string, string>[] = [
      { DATABASE_URL: 'postgres://nowhere.invalid/portal' },
      { FILE_STORE: 's3', S3_BUCKET: 'b' },
    ];
    for (const env of services) {
      const backup = await runScript('backup.ts', [], env);
      expect(backup.code).toBe(2);
      expect(backup.stderr).toMatch(/pg_dump -Fc/);
      expect(backup.stderr).toMatch(/versioning on the bucket/);
      expect(backup.stderr).toMatch(/deploy\/README\.md/);
    }
    const restore = await runScript('restore.ts', ['any.tar.gz'], {
      DATABASE_URL: 'postgres://nowhere.invalid/portal',
    });
    expect(restore.code).toBe(2);
    expect(restore.stderr).toMatch(/pg_restore/);
  }, 60_000);
});
