import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { gunzipSync, gzipSync } from 'node:zlib';
import * as tar from 'tar-stream';
import { afterAll, describe, expect, it } from 'vitest';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupFormatError,
  type EntryInput,
  fileEntry,
  type Manifest,
  mailboxEntry,
  readArchive,
  SECRET_ENTRY,
  writeArchive,
} from './archive';

const manifest: Manifest = {
  format: BACKUP_FORMAT,
  format_version: BACKUP_FORMAT_VERSION,
  app: { name: 'forwarder-portal', version: '0.1.0' },
  created_at: '2026-11-27T10:00:00.000Z',
  mode: 'offline',
  database: {
    engine: 'pglite',
    postgres: '17.5',
    wal_lsn: '0/1A2B3C4',
    migrations: 14,
    last_migration_at: 1795672168123,
    rows: { users: 3 },
  },
  files: { count: 2, bytes: 0 },
  jwt_secret: true,
};

// A key long enough to need ustar's prefix field, one whose last part no ustar header holds (a pax header names
// it), and a body that is not a whole number of blocks.
const longKey = `c0ffee00-0000-4000-8000-000000000000/2026/11/${'x'.repeat(60)}/${randomBytes(16).toString('hex')}`;
const paxKey = `c0ffee00-0000-4000-8000-000000000000/2026/11/${'y'.repeat(120)}.pdf`;
const stored = new Map([
  ['c0ffee00-0000-4000-8000-000000000000/2026/11/a', randomBytes(70_001)],
  [longKey, Buffer.from('%PDF-1.4 small')],
  [paxKey, Buffer.from('%PDF-1.4 named at length')],
]);
const database = randomBytes(5000);
const secret = Buffer.from('s'.repeat(64));
const mail = Buffer.from('{"subject":"Welcome"}');

async function build(extra: EntryInput[] = []): Promise<Buffer> {
  const out = new PassThrough();
  const chunks: Buffer[] = [];
  out.on('data', (c: Buffer) => chunks.push(c));
  async function* entries(): AsyncGenerator<EntryInput> {
    for (const [key, bytes] of stored)
      yield {
        name: fileEntry(key),
        size: bytes.length,
        body: Readable.from([bytes.subarray(0, 10), bytes.subarray(10)]),
      };
    yield { name: SECRET_ENTRY, size: secret.length, body: secret };
    yield { name: mailboxEntry('2026-11-27T10-00-00-000Z-abcd1234.json'), size: mail.length, body: mail };
    yield* extra;
  }
  await writeArchive(out, {
    manifest,
    database,
    entries: entries(),
    finish: () => ({ missing_files: ['c/2026/11/gone'], removals_held: 2 }),
  });
  return Buffer.concat(chunks);
}

async function read(archive: Buffer) {
  const got = new Map<string, Buffer>();
  const result = await readArchive(Readable.from([archive]), async (entry) => {
    const parts: Buffer[] = [];
    for await (const p of entry.body) parts.push(p);
    const name =
      entry.kind === 'file' ? entry.key : entry.kind === 'mailbox' ? `mailbox:${entry.name}` : entry.kind;
    got.set(name, Buffer.concat(parts));
  });
  return { ...result, got };
}

const refusal = (archive: Buffer) =>
  read(archive).then(
    () => 'read without complaint',
    (err: unknown) => {
      expect(err).toBeInstanceOf(BackupFormatError);
      return (err as Error).message;
    },
  );

/** The archive with its tar rewritten by `change` (then gzipped again, so only the tar layer can notice). */
const retarred = (archive: Buffer, change: (tar: Buffer) => Buffer) => gzipSync(change(gunzipSync(archive)));

type Raw = { name: string; body: Buffer; type?: 'file' | 'symlink' | 'directory'; linkname?: string };

/** A .tar.gz of `entries` made with tar-stream itself: files that writeArchive would never write. */
async function tarOf(entries: Raw[]): Promise<Buffer> {
  const pack = tar.pack();
  for (const { body, ...header } of entries) pack.entry(header, body);
  pack.finalize();
  const parts: Buffer[] = [];
  for await (const p of pack) if (Buffer.isBuffer(p)) parts.push(p);
  return gzipSync(Buffer.concat(parts));
}

describe('the backup file', () => {
  const dir = mkdtempSync(join(tmpdir(), 'portal-archive-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('reads back every entry with its bytes, the manifest first and the checksums last', async () => {
    const archive = await build();
    const { manifest: m, checksums, got } = await read(archive);
    expect(m).toEqual(manifest);
    expect(got.get('database')).toEqual(database);
    for (const [key, bytes] of stored) expect(got.get(key)).toEqual(bytes);
    expect(got.get('secret')).toEqual(secret);
    expect(got.get('mailbox:2026-11-27T10-00-00-000Z-abcd1234.json')).toEqual(mail);
    expect(checksums.missing_files).toEqual(['c/2026/11/gone']);
    expect(checksums.removals_held).toBe(2);
    const first = stored.values().next().value as Buffer;
    expect(checksums.entries[fileEntry(stored.keys().next().value as string)]).toEqual({
      size: first.length,
      sha256: createHash('sha256').update(first).digest('hex'),
    });
  });

  it('is a plain .tar.gz that the system tar lists in the same order', async () => {
    const file = join(dir, 'plain.tar.gz');
    writeFileSync(file, await build());
    const listed = spawnSync('tar', ['-tzf', file], { encoding: 'utf8' });
    if (listed.error) return; // no tar on this machine
    expect(listed.stdout.trim().split('\n')).toEqual([
      'manifest.json',
      'database/pgdata.tar',
      ...[...stored.keys()].map(fileEntry),
      'jwt-secret',
      'mailbox/2026-11-27T10-00-00-000Z-abcd1234.json',
      'checksums.json',
    ]);
  });

  it('refuses a file that is not a backup, or is damaged, cut short or from a newer version, saying which', async () => {
    const archive = await build();
    expect(await refusal(Buffer.from('just some text'))).toMatch(/not a portal backup, or it is damaged/);
    expect(await refusal(archive.subarray(0, Math.floor(archive.length / 2)))).toMatch(
      /not a portal backup, or it is damaged/,
    );
    const body = stored.values().next().value as Buffer;
    const flipped = retarred(archive, (tar) => {
      const at = tar.indexOf(body.subarray(100, 132));
      tar[at] = (tar[at] ?? 0) ^ 0xff;
      return tar;
    });
    expect(await refusal(flipped)).toMatch(/damaged: files\/.+ does not match its checksum/);
    const badHeader = retarred(archive, (tar) => {
      const at = tar.indexOf(Buffer.from('database/pgdata.tar'));
      tar[at] = 'D'.charCodeAt(0);
      return tar;
    });
    expect(await refusal(badHeader)).toMatch(/header of the archive is damaged/);
    // Without its checksums entry (and the end blocks): a copy cut at an entry boundary.
    const cut = retarred(archive, (tar) => tar.subarray(0, tar.indexOf(Buffer.from('checksums.json'))));
    expect(await refusal(cut)).toMatch(/incomplete \(it ends before its checksums\)/);
    const json = (name: string, value: unknown): Raw => ({ name, body: Buffer.from(JSON.stringify(value)) });
    expect(await refusal(await tarOf([json('manifest.json', { format: 'something-else' })]))).toBe(
      'this file is not a portal backup',
    );
    expect(await refusal(await tarOf([json('notes.txt', {})]))).toBe('this file is not a portal backup');
    expect(
      await refusal(
        await tarOf([json('manifest.json', { ...manifest, format_version: BACKUP_FORMAT_VERSION + 1 })]),
      ),
    ).toMatch(/made by a newer version of the portal/);
    expect(() => fileEntry('../../etc/passwd')).toThrow(/unsafe storage key/); // never written...
    const unsafe = await tarOf([
      json('manifest.json', manifest),
      { name: 'files/../../etc/passwd', body: Buffer.from('x') },
    ]);
    expect(await refusal(unsafe)).toMatch(/unsafe file path/); // ...and never read out
    const link = await tarOf([
      json('manifest.json', manifest),
      { name: fileEntry('c/2026/11/a'), type: 'symlink', linkname: '/etc/passwd', body: Buffer.alloc(0) },
    ]);
    expect(await refusal(link)).toBe(
      'the backup holds files/c/2026/11/a, which is not a plain file (symlink)',
    );
  });

  it('is not written from a file that changes size while it is copied', async () => {
    const stream = (bytes: Buffer, size: number): EntryInput => ({
      name: fileEntry('c/2026/11/changing'),
      size,
      body: Readable.from([bytes]),
    });
    const grew = stream(Buffer.alloc(600, 1), 500);
    await expect(build([grew])).rejects.toThrow('files/c/2026/11/changing changed while it was copied');
    const shrank = stream(Buffer.alloc(400, 1), 500);
    await expect(build([shrank])).rejects.toThrow(
      'files/c/2026/11/changing changed while it was copied (400 bytes, not 500)',
    );
  });
});
