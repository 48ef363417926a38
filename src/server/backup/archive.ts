// The backup file: a gzipped tar whose first entry is the manifest and whose last holds the checksum of every entry
// before it. Restore reads it front to back: the manifest says at once whether this program can read it, and the
// checksums at the end prove that nothing was cut short or damaged on the way. The tar layer is tar-stream's (plain
// ustar, pax for what ustar cannot name, so `tar tzf` lists it), streamed both ways: one entry at a time, a stored
// file's bytes never held whole in memory.
import { createHash } from 'node:crypto';
import type { Readable, Writable } from 'node:stream';
import { Readable as ReadableStream } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import * as tar from 'tar-stream';
import { z } from 'zod';
import { checkKey } from '../files/file-store';

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

/** One entry to write, its body in memory or streamed (a stored file); the body must be exactly `size` bytes. */
export type EntryInput = {
  name: string;
  size: number;
  mtime?: Date;
  body: Uint8Array | AsyncIterable<Uint8Array>;
};

export type ArchiveContent = {
  manifest: Manifest;
  database: Uint8Array;
  /** Stored files by key, then the other small files of the data folder (jwt-secret, mailbox). */
  entries: AsyncIterable<EntryInput>;
  /** Asked once every entry is written: what the checksums entry adds. */
  finish: () => Omit<Checksums, 'entries'>;
};

/** A stored file's entry name; a mailbox message's (or attachment's). */
export const fileEntry = (key: string) => `${FILES}${checkKey(key)}`;
export const mailboxEntry = (name: string) => `${MAILBOX}${name}`;
/** The local mailbox's own names (`<time>-<id>.json`, `<time>-<id>.<n>.bin`): nothing that could leave the folder. */
export const isMailboxName = (name: string) => /^[A-Za-z0-9][A-Za-z0-9_-]*(\.json|\.[0-9]+\.bin)$/.test(name);

/** Each body hashed as it streams past, so the checksums cost no second read. */
function hashed(e: EntryInput, sums: Checksums['entries']): EntryInput {
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

const json = (name: string, value: unknown): EntryInput => {
  const body = Buffer.from(`${JSON.stringify(value, null, 2)}\n`);
  return { name, size: body.length, body };
};

type Sink = ReturnType<tar.Pack['entry']>;
const ignore = () => {};
const asError = (err: unknown) => (err instanceof Error ? err : new Error(String(err)));

/** Resolves once a tar-stream writable takes bytes again, or has closed (its error is reported elsewhere). */
function drained(stream: Sink | tar.Extract): Promise<void> {
  return new Promise((resolve) => {
    const go = () => {
      stream.off('drain', go);
      stream.off('close', go);
      resolve();
    };
    stream.on('drain', go);
    stream.on('close', go);
  });
}

/**
 * Adds one entry to `pack`; resolves once the pack has taken all of it. A body that is not exactly its declared size
 * throws (its header is written first: more or fewer bytes would shift every later header), as does a failed pack.
 */
async function addEntry(pack: tar.Pack, e: EntryInput): Promise<void> {
  const changed = (written: number) =>
    new Error(`${e.name} changed while it was copied (${written} bytes, not ${e.size})`);
  // Owner-only, like the data folder's own files, should an operator unpack the file with tar.
  const header = {
    name: e.name,
    size: e.size,
    mtime: e.mtime ?? new Date(),
    mode: 0o600,
    type: 'file' as const,
  };
  let settle: (err?: Error | null) => void = ignore;
  const taken = new Promise<void>((resolve, reject) => {
    settle = (err) => (err ? reject(err) : resolve());
  });
  const { body } = e;
  if (body instanceof Uint8Array) {
    if (body.length !== e.size) throw changed(body.length);
    // A Buffer over the same memory: tar-stream would copy any other Uint8Array (the database is tens of MB).
    const bytes = Buffer.from(body.buffer, body.byteOffset, body.length);
    pack.entry(header, bytes, (err) => settle(err)).on('error', ignore); // the error reaches `settle` too
    return taken;
  }
  const sink = pack.entry(header, (err) => settle(err));
  sink.on('error', ignore); // likewise
  let written = 0;
  try {
    for await (const chunk of body) {
      if (sink.destroying) break; // the pack failed: `taken` says why
      written += chunk.length;
      if (written > e.size) break;
      if (!sink.write(chunk)) await drained(sink);
    }
    if (!sink.destroying) {
      if (written !== e.size) throw changed(written);
      sink.end(null); // null: no last chunk (the types ask for an argument)
    }
  } catch (err) {
    sink.destroy(asError(err)); // fails the whole pack, and `taken` with this error
  }
  return taken;
}

/** Writes the archive to `out` (gzip level 6: the database pages shrink well; uploads are compressed already). */
export async function writeArchive(out: Writable, content: ArchiveContent): Promise<Checksums> {
  const sums: Checksums['entries'] = {};
  let checksums: Checksums | null = null;
  const pack = tar.pack();
  // The reader of the pack's bytes (and of its errors) exists before the first entry is added.
  const writing = pipeline(ReadableStream.from(pack), createGzip({ level: 6 }), out);
  const adding = (async () => {
    await addEntry(pack, hashed(json(MANIFEST, content.manifest), sums));
    const database = { name: DATABASE_ENTRY, size: content.database.length, body: content.database };
    await addEntry(pack, hashed(database, sums));
    for await (const e of content.entries) await addEntry(pack, hashed(e, sums));
    checksums = { entries: sums, ...content.finish() };
    await addEntry(pack, json(CHECKSUMS, checksums));
    pack.finalize();
  })().catch((err: unknown) => {
    pack.destroy(asError(err)); // ends the pipeline above with this error
    throw err;
  });
  const [added, written] = await Promise.allSettled([adding, writing]);
  // The pipeline's error first: when `out` fails, adding fails only as a consequence.
  if (written.status === 'rejected') throw written.reason;
  if (added.status === 'rejected') throw added.reason;
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

/**
 * What the tar layer reports: tar-stream's own complaints (plain Errors, worded for programmers: one suggests
 * gunzipping) as the one kind restore reports; an error passed down to it (the file's, or gzip's) as it is.
 */
function fromTar(err: unknown, passedDown: unknown): unknown {
  if (err === passedDown || err instanceof BackupFormatError || !(err instanceof Error)) return err;
  const what = err.message.startsWith('Invalid tar header')
    ? 'a header of the archive is damaged'
    : err.message === 'Unexpected end of data'
      ? 'the archive ends in the middle of an entry'
      : err.message;
  return new BackupFormatError(`this file is not a portal backup, or it is damaged (${what})`);
}

/** `source`'s items (the extract's entries, an entry's bytes), its failures as `fail` words them. */
async function* worded<T>(source: AsyncIterable<T>, fail: (err: unknown) => unknown): AsyncGenerator<T> {
  try {
    for await (const item of source) yield item;
  } catch (err) {
    throw fail(err);
  }
}

/** A body hashed as it is read; `done` reads what the reader left (a skipped entry) and gives its checksum. */
function measured(source: AsyncIterable<unknown>) {
  const hash = createHash('sha256');
  let size = 0;
  const chunks = (async function* () {
    for await (const chunk of source) {
      if (!Buffer.isBuffer(chunk)) throw new TypeError('tar-stream gave a chunk that is not a Buffer');
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
  const extract = tar.extract();
  extract.on('error', ignore); // reported by its iterator, below
  let passedDown: unknown = null;
  const fail = (err: unknown) => fromTar(err, passedDown);
  // The file through gzip into the extract, with backpressure. A failure of either is passed down to the extract, so
  // that the loop below ends with it. An archive that stops at an entry's end (no end blocks) ends the loop quietly:
  // the checksums, which come last, tell whether anything is missing.
  const feeding = pipeline(source, gunzip, async (chunks: AsyncIterable<Buffer>) => {
    for await (const chunk of chunks) {
      if (extract.destroying) return; // the loop stopped, or the tar layer failed: read no further
      if (!extract.write(chunk)) await drained(extract);
    }
    extract.end(null);
  }).catch((err: unknown) => {
    const error = asError(err);
    passedDown = error;
    extract.destroy(error);
  });
  let manifest: Manifest | null = null;
  let checksums: Checksums | null = null;
  const seen: Checksums['entries'] = {};
  try {
    for await (const entry of worded(extract, fail)) {
      const { name, type } = entry.header;
      if (checksums)
        throw new BackupFormatError('the backup goes on after its checksums (the file is damaged)');
      if (!manifest && name !== MANIFEST) throw new BackupFormatError('this file is not a portal backup');
      // A backup holds nothing but files (a link or a folder would be someone else's work).
      if (type !== 'file')
        throw new BackupFormatError(`the backup holds ${name}, which is not a plain file (${type})`);
      const body = measured(worded(entry, fail));
      if (name === CHECKSUMS) {
        const parsed = checksumsSchema.safeParse(await readJson(body.chunks, 'checksums'));
        if (!parsed.success) throw new BackupFormatError('the backup checksums are damaged');
        checksums = parsed.data;
        continue;
      }
      if (seen[name]) throw new BackupFormatError(`the backup holds ${name} twice`);
      if (!manifest) manifest = checkManifest(await readJson(body.chunks, 'manifest'));
      else await visit(classify(name, body.chunks), manifest);
      seen[name] = await body.done();
    }
  } catch (err) {
    // Nothing more will be read: end the feeding (and close the file).
    extract.destroy();
    gunzip.destroy();
    await feeding;
    throw describe(err);
  }
  await feeding;
  if (passedDown) throw describe(passedDown);
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

/** Errors from gzip as the one kind restore reports (the tar layer's are already: fromTar); others as they are. */
function describe(err: unknown): Error {
  if (err instanceof BackupFormatError) return err;
  const code = (err as NodeJS.ErrnoException | null)?.code ?? '';
  if (code.startsWith('Z_'))
    return new BackupFormatError(
      `this file is not a portal backup, or it is damaged (${(err as Error).message})`,
    );
  return asError(err);
}
