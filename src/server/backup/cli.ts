// `npm run backup` and `npm run restore`: the operator's side. What they print is what an operator needs to know;
// a refusal is one clear sentence and a non-zero exit.
import { createReadStream, createWriteStream, existsSync } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import { dirname, join, resolve } from 'node:path';
import type { Writable } from 'node:stream';
import { parseArgs } from 'node:util';
import { loadStorageConfig } from '../config';
import { lockDataDir, lockHolder, newPglite } from '../db';
import { snapshotPglite } from '../db/pglite-snapshot';
import { BackupFormatError, type Manifest, readArchive } from './archive';
import { writeBackup } from './backup';
import { BackupRequestError, requestBackup } from './control';
import { RestoreRefused, restoreBackup } from './restore';

type Out = { out: (line: string) => void; err: (line: string) => void };
const stdio: Out = {
  out: (line) => process.stdout.write(`${line}\n`),
  err: (line) => process.stderr.write(`${line}\n`),
};

const size = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.ceil(bytes / 1024)} kB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;
const seconds = (since: number) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
const rowCount = (m: Manifest) => Object.values(m.database.rows).reduce((n, r) => n + r, 0);

/** Said, with a non-zero exit, when the data is not in the embedded default: those services back up themselves. */
export const NOT_EMBEDDED = [
  'npm run backup and npm run restore cover the embedded default (PGlite in DATA_DIR, files on disk).',
  'With DATABASE_URL or FILE_STORE=s3 the data lives in services with backups of their own:',
  '  database: pg_dump -Fc "$DATABASE_URL" -f portal.dump   (back: pg_restore --clean --if-exists -d "$DATABASE_URL" portal.dump)',
  '  files:    versioning on the bucket, plus a copy elsewhere (aws s3 sync s3://BUCKET ./files-copy, or mc mirror)',
  'Step by step, with restoring to a point in time: deploy/README.md, "Backups".',
].join('\n');

/** Known refusals are one sentence; anything else is unexpected and keeps its stack. */
function report(io: Out, err: unknown): number {
  if (err instanceof RestoreRefused || err instanceof BackupFormatError || err instanceof BackupRequestError)
    io.err(err.message);
  else io.err(`Failed: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}`);
  return 1;
}

function storage(dataDirArg: string | undefined, io: Out) {
  const config = loadStorageConfig();
  if (config.databaseUrl || config.fileStore === 's3') {
    io.err(NOT_EMBEDDED);
    return null;
  }
  return { dataDir: dataDirArg ? resolve(dataDirArg) : config.dataDir };
}

const BACKUP_USAGE =
  'Usage: npm run backup [-- [FILE] [--data-dir DIR]]   (default FILE: backups/portal-<time>.tar.gz)';

/** Both commands' options (`--force` means something to restore only). */
const OPTIONS = {
  'data-dir': { type: 'string' },
  force: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** The command line, or null (after saying how it goes) when it cannot be read. */
function args(argv: string[], usage: string, io: Out) {
  try {
    return parseArgs({ args: argv, options: OPTIONS, allowPositionals: true });
  } catch (err) {
    io.err(`${(err as Error).message}\n${usage}`);
    return null;
  }
}

export async function backupCommand(argv: string[], io: Out = stdio): Promise<number> {
  const parsed = args(argv, BACKUP_USAGE, io);
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  if (values.help || positionals.length > 1) {
    io.out(BACKUP_USAGE);
    return values.help ? 0 : 2;
  }
  const where = storage(values['data-dir'], io);
  if (!where) return 2;
  const { dataDir } = where;
  const pgdata = join(dataDir, 'pgdata');
  if (!existsSync(join(pgdata, 'PG_VERSION'))) {
    io.err(`There is no embedded database in ${dataDir}: nothing to back up (is DATA_DIR right?).`);
    return 1;
  }
  const stamp = new Date().toISOString().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const file = resolve(positionals[0] ?? join('backups', `portal-${stamp}.tar.gz`));
  if (existsSync(file)) {
    io.err(`${file} already exists: name another file.`);
    return 1;
  }
  const partial = `${file}.partial`;
  const started = Date.now();
  try {
    await mkdir(dirname(file), { recursive: true });
    // Only its owner may read it: it holds every customer's data and the key that signs their sessions.
    const out = createWriteStream(partial, { flags: 'wx', mode: 0o600 });
    const server = lockHolder(pgdata);
    if (server !== null) await requestBackup(dataDir, server, out);
    else await backupStoppedFolder(dataDir, out);
    const took = seconds(started);
    // Read back before it is given its name: a file called a backup is a whole one.
    const { manifest, checksums } = await readArchive(createReadStream(partial), async () => {});
    await rename(partial, file);
    const written = (await stat(file)).size;
    const m = manifest;
    io.out(
      [
        `Backup of ${dataDir} (${server !== null ? `from the running server, process ${server}` : 'no server was running'}) written to ${file}`,
        `  database at ${m.created_at} (WAL ${m.database.wal_lsn}): ${Object.keys(m.database.rows).length} tables, ${rowCount(m)} rows`,
        `  ${m.files.count} stored files (${size(m.files.bytes)})${checksums.removals_held > 0 ? `; ${checksums.removals_held} file removals waited for the copy` : ''}${m.jwt_secret ? '; the jwt-secret' : ''}`,
        `  ${size(written)} in ${took}; read back and every entry matches its checksum.`,
        ...(checksums.missing_files.length > 0
          ? [
              `  Warning: ${checksums.missing_files.length} files named by rows were already missing from ${join(dataDir, 'files')} (not in the backup): ${checksums.missing_files.slice(0, 5).join(', ')}`,
            ]
          : []),
        'Keep it as safe as the data itself: it holds every customer record and the secret that signs sessions.',
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    await rm(partial, { force: true });
    return report(io, err);
  }
}

/** No server runs: take the folder's lock (a server starting now waits its turn) and open the database here. */
async function backupStoppedFolder(dataDir: string, out: Writable) {
  let unlock: () => void;
  try {
    unlock = lockDataDir(join(dataDir, 'pgdata'));
  } catch (err) {
    throw new BackupRequestError((err as Error).message); // a server started meanwhile
  }
  try {
    const pg = newPglite(join(dataDir, 'pgdata'));
    try {
      await writeBackup(out, { dataDir, snapshot: () => snapshotPglite(pg) });
    } finally {
      await pg.close();
    }
  } finally {
    unlock();
  }
}

const RESTORE_USAGE = 'Usage: npm run restore -- FILE [--data-dir DIR] [--force]';

export async function restoreCommand(argv: string[], io: Out = stdio): Promise<number> {
  const parsed = args(argv, RESTORE_USAGE, io);
  if (!parsed) return 2;
  const { values, positionals } = parsed;
  const file = positionals[0];
  if (values.help || !file || positionals.length > 1) {
    io.out(RESTORE_USAGE);
    return values.help ? 0 : 2;
  }
  const where = storage(values['data-dir'], io);
  if (!where) return 2;
  const started = Date.now();
  try {
    const r = await restoreBackup({
      file: resolve(file),
      dataDir: where.dataDir,
      force: values.force === true,
    });
    const m = r.manifest;
    io.out(
      [
        `Restored the backup of ${m.created_at} (portal ${m.app.version}) into ${where.dataDir} in ${seconds(started)}`,
        `  database: ${Object.keys(r.rows).length} tables, ${Object.values(r.rows).reduce((n, x) => n + x, 0)} rows, as the backup recorded`,
        `  ${r.files.count} stored files (${size(r.files.bytes)}), each with the bytes its row recorded${m.jwt_secret ? '; the jwt-secret (sessions stay signed in)' : '; no jwt-secret in the backup (JWT_SECRET was set): set the same JWT_SECRET, or everyone signs in again'}`,
        ...(r.missingFiles.length + r.damagedFiles.length > 0
          ? [
              `  Warning: ${r.missingFiles.length} files named by rows are not in the backup and ${r.damagedFiles.length} differ from their rows (they answer 404): ${[...r.missingFiles, ...r.damagedFiles].slice(0, 5).join(', ')}`,
            ]
          : []),
        ...(r.replacedTo
          ? [`  What the folder held before is in ${r.replacedTo} (delete it once satisfied).`]
          : []),
        `Start it with: DATA_DIR=${where.dataDir} npm start`,
      ].join('\n'),
    );
    return 0;
  } catch (err) {
    return report(io, err);
  }
}
