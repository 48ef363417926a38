import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import type { DbSnapshot } from '../db/pglite-snapshot';
import { createDiskFileStore } from '../files/file-store';
import { type HoldableFileStore, withRemovalHold } from '../files/removal-hold';
import { readArchive } from './archive';
import { writeBackup } from './backup';
import { BackupRequestError, ENDPOINT_FILE, requestBackup, startBackupControl } from './control';

const silent = { info: () => {}, error: () => {} };

/** A data folder with two stored files, and a snapshot that names them (the database itself is not needed here). */
async function folder(dirs: string[]) {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-control-'));
  dirs.push(dataDir);
  const store = withRemovalHold(createDiskFileStore(join(dataDir, 'files')));
  const keys = ['c/2026/11/receipt', 'c/2026/11/invoice'];
  for (const key of keys) await store.commit(await store.stage(Readable.from([Buffer.from(key)])), key);
  const snapshot = async (): Promise<DbSnapshot> => ({
    tar: new Uint8Array(Buffer.from('a database')),
    at: new Date().toISOString(),
    lsn: '0/1',
    postgres: '17.5',
    migrations: 1,
    lastMigrationAt: 1,
    rows: { files: 2 },
    files: keys.map((key) => ({ key, size: key.length, sha256: '' })),
  });
  return { dataDir, store, snapshot, keys };
}

async function entriesOf(archive: Buffer) {
  const names: string[] = [];
  const { checksums } = await readArchive(Readable.from([archive]), async (e) => {
    names.push(e.kind === 'file' ? e.key : e.kind);
  });
  return { names, checksums };
}

async function backupTo(
  dataDir: string,
  snapshot: () => Promise<DbSnapshot>,
  store?: HoldableFileStore,
): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  await writeBackup(out, {
    dataDir,
    snapshot,
    ...(store ? { holdRemovals: () => store.holdRemovals() } : {}),
  });
  return Buffer.concat(chunks);
}

/** A raw request to the listener, with the headers given (and no others but Host). */
function post(
  port: number,
  headers: Record<string, string>,
  method = 'POST',
): Promise<{ status: number; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path: '/backup', headers }, async (res) => {
      const parts: Buffer[] = [];
      for await (const p of res) parts.push(p as Buffer);
      resolve({ status: res.statusCode ?? 0, body: Buffer.concat(parts) });
    });
    req.on('error', reject);
    req.end();
  });
}

describe('backups made by the running server', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('a receipt deleted between the snapshot and the copy is still in the backup: its removal waits', async () => {
    const { dataDir, store, snapshot, keys } = await folder(dirs);
    const [deleted = '', kept = ''] = keys;
    // The snapshot still names the receipt; its deletion commits and its bytes go right after.
    const racing = async () => {
      const snap = await snapshot();
      await store.remove(deleted);
      return snap;
    };
    const held = await entriesOf(await backupTo(dataDir, racing, store));
    expect(held.names).toEqual(expect.arrayContaining([deleted, kept]));
    expect(held.checksums.missing_files).toEqual([]);
    expect(held.checksums.removals_held).toBe(1);
    expect(existsSync(join(dataDir, 'files', deleted))).toBe(false); // removed once copied

    // The same race without the hold loses the file: what the hold is for.
    await store.commit(await store.stage(Readable.from([Buffer.from('again')])), deleted);
    const unheld = await entriesOf(await backupTo(dataDir, racing));
    expect(unheld.names).not.toContain(deleted);
    expect(unheld.checksums.missing_files).toEqual([deleted]);
  });

  it('answers only the token in DATA_DIR, from this machine, not a browser; one backup at a time', async () => {
    const { dataDir, store, snapshot } = await folder(dirs);
    let letGo = () => {};
    const slow = new Promise<void>((resolve) => {
      letGo = resolve;
    });
    let calls = 0;
    const control = await startBackupControl({
      dataDir,
      snapshot: async () => {
        calls += 1;
        if (calls === 2) await slow;
        return snapshot();
      },
      holdRemovals: () => store.holdRemovals(),
      log: silent,
    });
    try {
      const file = join(dataDir, ENDPOINT_FILE);
      expect(statSync(file).mode & 0o777).toBe(0o600);
      const endpoint = JSON.parse(readFileSync(file, 'utf8')) as { pid: number; port: number; token: string };
      expect(endpoint).toMatchObject({ pid: process.pid, port: control.port });
      const bearer = { authorization: `Bearer ${endpoint.token}` };
      const port = control.port;
      expect((await post(port, {})).status).toBe(401);
      expect((await post(port, { authorization: `Bearer ${endpoint.token.slice(1)}x` })).status).toBe(401);
      expect((await post(port, { ...bearer, origin: 'http://localhost:8080' })).status).toBe(403);
      expect((await post(port, { ...bearer, 'sec-fetch-site': 'cross-site' })).status).toBe(403);
      // A page whose host name was rebound to 127.0.0.1 still names its own host.
      expect((await post(port, { ...bearer, host: `evil.example:${port}` })).status).toBe(403);
      expect((await post(port, bearer, 'GET')).status).toBe(404);
      const ok = await post(port, bearer);
      expect(ok.status).toBe(200);
      expect((await entriesOf(ok.body)).names).toContain('database');

      const out = new PassThrough();
      out.resume();
      const first = requestBackup(dataDir, process.pid, out);
      await new Promise((r) => setTimeout(r, 50));
      const second = await post(port, bearer);
      expect(second.status).toBe(409);
      // Closing waits for the backup in progress, then removes the endpoint.
      const closing = control.close();
      letGo();
      await first;
      await closing;
      expect(existsSync(file)).toBe(false);
      await expect(requestBackup(dataDir, process.pid, new PassThrough())).rejects.toBeInstanceOf(
        BackupRequestError,
      );
    } finally {
      letGo();
      await control.close();
    }
  });
});
