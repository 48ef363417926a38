import { createReadStream, createWriteStream, existsSync, readdirSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { lockDataDir, lockHolder, migrationsFolder, newPglite } from '../db';
import { describeDatabase } from '../db/pglite-snapshot';
import { type Checksums, fileEntry, type Manifest, readArchive } from './archive';

/** A refusal with a message for the person who ran restore (nothing in the target folder was changed). */
export class RestoreRefused extends Error {}

export type RestoreResult = {
  manifest: Manifest;
  checksums: Checksums;
  rows: Record<string, number>;
  files: { count: number; bytes: number };
  /** Files a restored row names whose bytes the backup does not hold, or holds with other bytes. */
  missingFiles: string[];
  damagedFiles: string[];
  /** Where what the folder held before went (with `force`), or null. */
  replacedTo: string | null;
};

/** What the data folder holds of ours: moved aside as one when a restore replaces it. */
const PARTS = ['pgdata', 'files', 'jwt-secret', 'mailbox'] as const;

const hasEntries = (dir: string) => existsSync(dir) && readdirSync(dir).some((n) => n !== '.staging');

/** The newest migration this code knows (drizzle's journal): a backup with a newer schema is not for this code. */
function newestKnownMigration(): number {
  const journal = JSON.parse(readFileSync(join(migrationsFolder, 'meta', '_journal.json'), 'utf8')) as {
    entries: { when: number }[];
  };
  return Math.max(...journal.entries.map((e) => e.when));
}

/**
 * Restores a backup into `dataDir`. Holds the folder's lock throughout (a server on it refuses to start meanwhile,
 * and a folder a server has open is refused). Everything is read, verified and loaded in a staging folder inside
 * `dataDir` first, so a damaged backup changes nothing; then the staged parts are moved into place.
 */
export async function restoreBackup(opts: {
  file: string;
  dataDir: string;
  force: boolean;
}): Promise<RestoreResult> {
  const { dataDir } = opts;
  const pgdata = join(dataDir, 'pgdata');
  if (!(await stat(opts.file).catch(() => null))?.isFile())
    throw new RestoreRefused(`${opts.file} is not a file`);
  await mkdir(dataDir, { recursive: true });
  const inUse = (pid: number | null) =>
    new RestoreRefused(
      `${dataDir} is in use by a running portal process (${pid}): stop it first, or restore into another folder (--data-dir).`,
    );
  const holder = lockHolder(pgdata);
  if (holder !== null && holder !== process.pid) throw inUse(holder);
  let unlock: () => void;
  try {
    unlock = lockDataDir(pgdata);
  } catch {
    throw inUse(lockHolder(pgdata)); // a server started since the look above
  }
  const staging = await mkdtemp(join(dataDir, '.restore-'));
  try {
    const holdsData = existsSync(join(pgdata, 'PG_VERSION')) || hasEntries(join(dataDir, 'files'));
    if (holdsData && !opts.force)
      throw new RestoreRefused(
        `${dataDir} already holds a database. Restore into an empty folder (--data-dir), or add --force to replace it (what it holds now is moved aside, not deleted).`,
      );
    const database: Buffer[] = [];
    const { manifest, checksums } = await readArchive(createReadStream(opts.file), async (entry) => {
      if (entry.kind === 'database') {
        for await (const chunk of entry.body) database.push(chunk);
        return;
      }
      const target =
        entry.kind === 'file'
          ? join(staging, 'files', entry.key)
          : entry.kind === 'secret'
            ? join(staging, 'jwt-secret')
            : join(staging, 'mailbox', entry.name);
      await mkdir(dirname(target), { recursive: true });
      await pipeline(entry.body, createWriteStream(target, { flags: 'wx', mode: 0o600 }));
    });
    if ((manifest.database.last_migration_at ?? 0) > newestKnownMigration())
      throw new RestoreRefused(
        `This backup (made by portal ${manifest.app.version}) has a newer database schema than this version of the portal knows: restore it with that version, or a later one.`,
      );
    const loaded = await load(join(staging, 'pgdata'), Buffer.concat(database), manifest);
    const replacedTo = opts.force ? await moveAside(dataDir) : null;
    for (const part of PARTS) {
      if (existsSync(join(staging, part))) await rename(join(staging, part), join(dataDir, part));
    }
    return { manifest, checksums, replacedTo, ...checkFiles(loaded.files, checksums), rows: loaded.rows };
  } finally {
    await rm(staging, { recursive: true, force: true });
    unlock();
  }
}

/** Loads the database dump into `dir` with PGlite itself, and holds its rows to what the manifest recorded. */
async function load(dir: string, tar: Buffer, manifest: Manifest) {
  let pg: ReturnType<typeof newPglite> | null = null;
  try {
    pg = newPglite(dir, { loadDataDir: new Blob([new Uint8Array(tar)]) });
    await pg.waitReady;
    const facts = await describeDatabase(pg);
    const differ = Object.keys({ ...facts.rows, ...manifest.database.rows }).filter(
      (t) => facts.rows[t] !== manifest.database.rows[t],
    );
    if (differ.length > 0)
      throw new RestoreRefused(
        `The restored database does not hold the rows the backup recorded (${differ.join(', ')}): the backup is damaged.`,
      );
    return facts;
  } catch (err) {
    if (err instanceof RestoreRefused) throw err;
    throw new RestoreRefused(
      `The backup's database (PostgreSQL ${manifest.database.postgres}) could not be opened: ${(err as Error).message}`,
    );
  } finally {
    await pg?.close().catch(() => {});
  }
}

/** Every file a restored row names must be in the backup with the bytes the row recorded (its sha256). */
function checkFiles(files: { key: string; size: number; sha256: string }[], checksums: Checksums) {
  const missingFiles: string[] = [];
  const damagedFiles: string[] = [];
  let bytes = 0;
  for (const f of files) {
    const held = checksums.entries[fileEntry(f.key)];
    if (!held) missingFiles.push(f.key);
    else if (held.sha256 !== f.sha256 || held.size !== f.size) damagedFiles.push(f.key);
    else bytes += f.size;
  }
  return {
    files: { count: files.length - missingFiles.length - damagedFiles.length, bytes },
    missingFiles,
    damagedFiles,
  };
}

/** Moves what the folder holds of ours into `replaced-<time>/` beside it, and says where. */
async function moveAside(dataDir: string): Promise<string | null> {
  const present = PARTS.filter((p) => existsSync(join(dataDir, p)));
  if (present.length === 0) return null;
  const aside = join(dataDir, `replaced-${new Date().toISOString().replace(/[:.]/g, '-')}`);
  await mkdir(aside);
  for (const part of present) await rename(join(dataDir, part), join(aside, part));
  return aside;
}
