import { readFileSync } from 'node:fs';
import { type FileHandle, open, readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Writable } from 'node:stream';
import type { DbSnapshot } from '../db/pglite-snapshot';
import type { ReleaseRemovals } from '../files/removal-hold';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  type Checksums,
  type EntryInput,
  fileEntry,
  isMailboxName,
  type Manifest,
  mailboxEntry,
  SECRET_ENTRY,
  writeArchive,
} from './archive';

export type BackupSource = {
  /** The data folder: its `files/`, `jwt-secret` and `mailbox/` are copied beside the database. */
  dataDir: string;
  snapshot: () => Promise<DbSnapshot>;
  /** `online`: the running server's store, whose removals are held while the files are copied. */
  holdRemovals?: () => ReleaseRemovals;
};

export type BackupResult = { manifest: Manifest; checksums: Checksums };

const appInfo = (() => {
  const pkg = JSON.parse(readFileSync(new URL('../../../package.json', import.meta.url), 'utf8')) as {
    name: string;
    version: string;
  };
  return { name: pkg.name, version: pkg.version };
})();

/** A file of the data folder as an entry, or null when it is not there (any more). */
async function fileAt(path: string, name: string): Promise<EntryInput | null> {
  let handle: FileHandle;
  try {
    handle = await open(path, 'r');
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  // Size and bytes from the same open file: what is read is what the header announces.
  const st = await handle.stat();
  if (!st.isFile()) {
    await handle.close();
    return null;
  }
  return { name, size: st.size, mtime: st.mtime, body: handle.createReadStream() };
}

/**
 * Writes a backup of the embedded database and the data folder's files to `out`: one moment of the database, and
 * every stored file a row of that moment names.
 *
 * Why the copy is complete while clients write (the server holds the database and the files as it runs):
 * - The database is one snapshot, taken between two transactions (PgliteWorkerClient.snapshot): every transaction
 *   committed before it is in, none after.
 * - A file is moved into place inside the transaction that adds its row, before that transaction commits
 *   (stored-files.ts). So every file a row of the snapshot names was already in place when the snapshot was taken.
 *   Files in place whose row commits later, or never, come along or not: without a row they are harmless, and the
 *   orphan sweep removes them after a restore.
 * - Bytes are removed only after the transaction that deleted their row has committed (receipts, undone intake, the
 *   orphan sweep). Such a row may still be in the snapshot when its bytes would go (a receipt deleted while the
 *   backup runs), so removals are held from before the snapshot until the last file is copied: a removal asked for
 *   after the hold began waits, and one asked for before it belongs to a row deleted before the snapshot.
 * So every file the snapshot names is on disk from the snapshot until it is copied; the copy reads exactly the list
 * of files the snapshot's `files` table holds. A file named but absent was gone before the backup began (bytes lost
 * by other means): it is listed in the checksums as missing, and restore reports it.
 */
export async function writeBackup(out: Writable, source: BackupSource): Promise<BackupResult> {
  const release = source.holdRemovals?.() ?? (async () => 0);
  let removalsHeld = 0;
  try {
    const snap = await source.snapshot();
    const secret = await readFile(join(source.dataDir, 'jwt-secret')).catch(() => null);
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      format_version: BACKUP_FORMAT_VERSION,
      app: appInfo,
      created_at: snap.at,
      mode: source.holdRemovals ? 'online' : 'offline',
      database: {
        engine: 'pglite',
        postgres: snap.postgres,
        wal_lsn: snap.lsn,
        migrations: snap.migrations,
        last_migration_at: snap.lastMigrationAt,
        rows: snap.rows,
      },
      files: { count: snap.files.length, bytes: snap.files.reduce((n, f) => n + f.size, 0) },
      jwt_secret: secret !== null,
    };
    const missing: string[] = [];
    async function* entries(): AsyncGenerator<EntryInput> {
      for (const f of snap.files) {
        const entry = await fileAt(join(source.dataDir, 'files', f.key), fileEntry(f.key));
        if (entry) yield entry;
        else missing.push(f.key);
      }
      // Every file of the snapshot is copied: removals may go ahead.
      removalsHeld = await release();
      if (secret) yield { name: SECRET_ENTRY, size: secret.length, body: secret };
      yield* mailbox(join(source.dataDir, 'mailbox'));
    }
    const checksums = await writeArchive(out, {
      manifest,
      database: snap.tar,
      entries: entries(),
      finish: () => ({ missing_files: missing, removals_held: removalsHeld }),
    });
    return { manifest, checksums };
  } finally {
    await release();
  }
}

/**
 * The local mailbox's messages and attachments, as they are when copied (mail is not part of the database's
 * moment: it is kept so that an operator without SMTP still has it after a restore).
 */
async function* mailbox(dir: string): AsyncGenerator<EntryInput> {
  const names = await readdir(dir).catch(() => [] as string[]);
  for (const name of names.sort()) {
    if (!isMailboxName(name)) continue; // a message still being written (.part), or not the mailbox's
    const entry = await fileAt(join(dir, name), mailboxEntry(name));
    if (entry) yield entry;
  }
}
