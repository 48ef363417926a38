// The backup file: a gzipped tar whose first entry is the manifest and whose last holds the checksum of every entry
// before it. Restore reads it front to back: the manifest says at once whether this program can read it, and the
// checksums at the end prove that nothing was cut short or damaged on the way.
import { createHash } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import { z } from 'zod';
import { checkKey } from '../files/file-store';
import { type TarInput, tarStream, untar } from './tar';

export const BACKUP_FORMAT = 'forwarder-portal-backup';
/** Raised when the layout changes; a reader refuses versions above its own. */
export const BACKUP_FORMAT_VERSION = 1;

export const MANIFEST = 'manifest.json';
export const CHECKSUMS = 'checksums.json';
export const DATABASE_ENTRY = 'database/pgdata.tar';
export const SECRET_ENTRY = 'jwt-secret';
const FILES = 'files/';
const MAILBOX = 'mailbox/';

export const manifestSchema = z.object({
  format: z.literal(BACKUP_FORMAT),
  format_version: z.number().int().positive(),
  app: z.object({ name: z.string(), version: z.string() }),
  /** The database's own clock at the moment of the snapshot. */
  created_at: z.string(),
  /** `online`: taken by the running server; `offline`: from a folder no server had open. */
  mode: z.enum(['online', 'offline']),
  database: z.object({
    engine: z.literal('pglite'),
    /** PostgreSQL's version in the PGlite that wrote the folder (it opens only under the same major version). */
    postgres: z.string(),
    /** Write-ahead log position of the snapshot. */
    wal_lsn: z.string(),
    /** Migrations applied, and the newest one's timestamp (a newer schema than the code knows is refused). */
    migrations: z.number().int().nonnegative(),
    last_migration_at: z.number().int().nullable(),
    /** Rows per table of the public schema at the moment: checked again once restored. */
    rows: z.record(z.string(), z.number().int().nonnegative()),
  }),
  /** The files the `files` table names at the moment. */
  files: z.object({ count: z.number().int().nonnegative(), bytes: z.number().int().nonnegative() }),
  jwt_secret: z.boolean(),
});
export type Manifest = z.infer<typeof manifestSchema>;

const checksumsSchema = z.object({
  entries: z.record(z.string(), z.object({ size: z.number().int().nonnegative(), sha256: z.string() })),
  /** Files a row named whose bytes were not on disk (already gone before the backup: nothing to copy). */
  missing_files: z.array(z.string()),
  /** File removals that waited for the copy to finish (a receipt deleted while the backup ran). */
  removals_held: z.number().int().nonnegative(),
});
export type Checksums = z.infer<typeof checksumsSchema>;

/** A backup file that this program cannot use, with a message for the person who runs restore. */
export class BackupFormatError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BackupFormatError';
  }
}

export type ArchiveContent = {
  manifest: Manifest;
  database: Uint8Array;
  /** Stored files by key, then the other small files of the data folder (jwt-secret, mailbox). */
  entries: AsyncIterable<TarInput>;
  /** Asked once every entry is written: what the checksums entry adds. */
  finish: () => Omit<Checksums, 'entries'>;
};

/** A stored file's entry name; a mailbox message's (or attachment's). */
export const fileEntry = (key: string) => `${FILES}${checkKey(key)}`;
export const mailboxEntry = (name: string) => `${MAILBOX}${name}`;
/** The local mailbox's own names (`<time>-<id>.json`, `<time>-<id>.<n>.bin`): nothing that could leave the folder. */
export const isMailboxName = (name: string) => /^[A-Za-z0-9][A-Za-z0-9_-]*(\.json|\.[0-9]+\.bin)$/.test(name);

/** Each body hashed as it streams past, so the checksums cost no second read. */
function hashed(e: TarInput, sums: Checksums['entries']): TarInput {
  const hash = createHash('sha256');
  const record = () => {
    sums[e.name] = { size: e.size, sha256: hash.digest('hex') };
  };
  if (e.body instanceof Uint8Array) {
    hash.update(e.body);
    record();
    return e;
  }
  const source = e.body;
  return {
    ...e,
    body: (async function* () {
      for await (const chunk of source) {
        hash.update(chunk);
        yield chunk;
      }
      record();
    })(),
  };
}

const json = (name: string, value: unknown): TarInput => {
  const body = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  return { name, size: body.length, body };
};

/** Writes the archive to `out` (gzip level 6: the database pages shrink well; uploads are compressed already). */
export async function writeArchive(out: Writable, content: ArchiveContent): Promise<Checksums> {
  const sums: Checksums['entries'] = {};
  let checksums: Checksums | null = null;
  async function* entries(): AsyncGenerator<TarInput> {
    yield hashed(json(MANIFEST, content.manifest), sums);
    yield hashed({ name: DATABASE_ENTRY, size: content.database.length, body: content.database }, sums);
    for await (const e of content.entries) yield hashed(e, sums);
    checksums = { entries: sums, ...content.finish() };
    yield json(CHECKSUMS, checksums);
  }
  await pipeline(ReadableStream.from(tarStream(entries())), createGzip({ level: 6 }), out);
  if (!checksums) throw new Error('the archive was not finished');
  return checksums;
}

export type ArchiveEntry =
  | { kind: 'database'; body: AsyncIterable<Buffer> }
  | { kind: 'file'; key: string; body: AsyncIterable<Buffer> }
  | { kind: 'secret'; body: AsyncIterable<Buffer> }
  | { kind: 'mailbox'; name: string; body: AsyncIterable<Buffer> };

function classify(name: string, body: AsyncIterable<Buffer>): ArchiveEntry {
  if (name === DATABASE_ENTRY) return { kind: 'database', body };
  if (name === SECRET_ENTRY) return { kind: 'secret', body };
  if (name.startsWith(FILES)) {
    try {
      return { kind: 'file', key: checkKey(name.slice(FILES.length)), body };
    } catch {
      throw new BackupFormatError(`the backup names an unsafe file path: ${name}`);
    }
  }
  const mail = name.slice(MAILBOX.length);
  if (name.startsWith(MAILBOX) && isMailboxName(mail)) return { kind: 'mailbox', name: mail, body };
  throw new BackupFormatError(`the backup holds an entry this version does not know: ${name}`);
}

async function readJson(body: AsyncIterable<Buffer>, what: string): Promise<unknown> {
  const parts: Buffer[] = [];
  for await (const part of body) parts.push(part);
  try {
    return JSON.parse(Buffer.concat(parts).toString('utf8'));
  } catch {
    throw new BackupFormatError(`the backup's ${what} is not readable JSON (the file is damaged)`);
  }
}

function checkManifest(raw: unknown): Manifest {
  const format = (raw as { format?: unknown } | null)?.format;
  if (format !== BACKUP_FORMAT) throw new BackupFormatError('this file is not a portal backup');
  const version = (raw as { format_version?: unknown }).format_version;
  if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION)
    throw new BackupFormatError(
      `this backup was made by a newer version of the portal (backup format ${version}; this one reads up to ${BACKUP_FORMAT_VERSION}): restore it with that version`,
    );
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new BackupFormatError('the backup manifest is damaged or incomplete');
  return parsed.data;
}

/** A body hashed as it is read; `done` reads what the reader left (a skipped entry) and gives its checksum. */
function measured(source: AsyncIterable<Buffer>) {
  const hash = createHash('sha256');
  let size = 0;
  const chunks = (async function* () {
    for await (const chunk of source) {
      hash.update(chunk);
      size += chunk.length;
      yield chunk;
    }
  })();
  return {
    chunks,
    async done() {
      for await (const _ of chunks) {
        // skipped by the reader: hashed all the same
      }
      return { size, sha256: hash.digest('hex') };
    },
  };
}

/**
 * Reads a backup front to back, handing each entry to `visit` (which must read or skip its body) as it streams past.
 * Throws BackupFormatError on anything but a complete, undamaged backup of a known format; since the checksums come
 * last, whatever `visit` wrote must be kept only once this resolves.
 */
export async function readArchive(
  source: Readable,
  visit: (entry: ArchiveEntry, manifest: Manifest) => Promise<void>,
): Promise<{ manifest: Manifest; checksums: Checksums }> {
  const gunzip = createGunzip();
  const piping = pipeline(source, gunzip).catch((err: unknown) => err);
  let manifest: Manifest | null = null;
  let checksums: Checksums | null = null;
  const seen: Checksums['entries'] = {};
  try {
    for await (const entry of untar(gunzip)) {
      if (checksums)
        throw new BackupFormatError('the backup goes on after its checksums (the file is damaged)');
      if (!manifest && entry.name !== MANIFEST)
        throw new BackupFormatError('this file is not a portal backup');
      if (entry.name === CHECKSUMS) {
        const parsed = checksumsSchema.safeParse(await readJson(entry.body, 'checksums'));
        if (!parsed.success) throw new BackupFormatError('the backup checksums are damaged');
        checksums = parsed.data;
        continue;
      }
      if (seen[entry.name]) throw new BackupFormatError(`the backup holds ${entry.name} twice`);
      const body = measured(entry.body);
      if (!manifest) manifest = checkManifest(await readJson(body.chunks, 'manifest'));
      else await visit(classify(entry.name, body.chunks), manifest);
      seen[entry.name] = await body.done();
    }
  } catch (err) {
    gunzip.destroy(); // nothing more will be read: end the pipeline (and close the file)
    await piping;
    throw describe(err);
  }
  const gzipError = await piping;
  if (gzipError) throw describe(gzipError);
  if (!manifest) throw new BackupFormatError('this file is not a portal backup (it is empty)');
  if (!checksums)
    throw new BackupFormatError(
      'the backup is incomplete (it ends before its checksums): was the copy cut short?',
    );
  verify(seen, checksums);
  return { manifest, checksums };
}

function verify(seen: Checksums['entries'], checksums: Checksums) {
  for (const [name, want] of Object.entries(checksums.entries)) {
    const got = seen[name];
    if (!got) throw new BackupFormatError(`the backup is incomplete: ${name} is missing`);
    if (got.sha256 !== want.sha256 || got.size !== want.size)
      throw new BackupFormatError(`the backup is damaged: ${name} does not match its checksum`);
  }
  for (const name of Object.keys(seen))
    if (!checksums.entries[name])
      throw new BackupFormatError(`the backup holds ${name}, which its checksums do not list`);
  if (!checksums.entries[DATABASE_ENTRY]) throw new BackupFormatError('the backup holds no database');
}

/** Errors from gzip or the tar layer as the one kind restore reports. */
function describe(err: unknown): Error {
  if (err instanceof BackupFormatError) return err;
  const code = (err as NodeJS.ErrnoException | null)?.code ?? '';
  if (code.startsWith('Z_') || (err as Error)?.name === 'TarFormatError')
    return new BackupFormatError(
      `this file is not a portal backup, or it is damaged (${(err as Error).message})`,
    );
  return err instanceof Error ? err : new Error(String(err));
}
