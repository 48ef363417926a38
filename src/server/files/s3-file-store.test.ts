import { createHash, randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import { HeadObjectCommand, ListObjectsV2Command, PutObjectCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startS3Server, type TestS3Server } from '../test/s3-server';
import { FileMissing } from './file-store';
import { createS3FileStore } from './s3-file-store';

const sha256 = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** The bytes as a request would send them: in 64 KiB chunks, length unknown up front. */
const streamOf = (bytes: Buffer) => {
  const chunks: Buffer[] = [];
  for (let i = 0; i < bytes.length; i += 64 * 1024) chunks.push(bytes.subarray(i, i + 64 * 1024));
  return Readable.from(chunks);
};

async function digestOf(stream: Readable): Promise<{ sha256: string; size: number }> {
  const hash = createHash('sha256');
  let size = 0;
  for await (const chunk of stream) {
    hash.update(chunk as Buffer);
    size += (chunk as Buffer).length;
  }
  return { sha256: hash.digest('hex'), size };
}

describe('S3 file store (against s3rver)', () => {
  let s3: TestS3Server;
  let store: ReturnType<typeof createS3FileStore>;
  const keysUnder = async (prefix: string) => {
    const res = await store.client.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: prefix }));
    return (res.Contents ?? []).map((o) => o.Key);
  };

  beforeAll(async () => {
    s3 = await startS3Server();
    store = createS3FileStore({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    store.client.destroy();
    await s3.close();
  });

  it.each([
    ['0 B', 0],
    ['exactly 1,024 B', 1024],
    ['~100 KiB', 100 * 1024 + 7],
    ['> 5 MiB (multipart)', 5 * 1024 * 1024 + 123_457],
  ])('round-trips %s byte for byte, storing exactly the bytes sent', async (_label, size) => {
    const bytes = randomBytes(size);
    const staged = await store.stage(streamOf(bytes));
    expect(staged).toMatchObject({ size, sha256: sha256(bytes) });
    expect(staged.head.equals(bytes.subarray(0, 32))).toBe(true);
    expect(staged.path).toMatch(/^\.staging\//);

    const key = `company-a/2026/11/round-trip-${size}`;
    await store.commit(staged, key);
    const head = await store.client.send(new HeadObjectCommand({ Bucket: s3.bucket, Key: key }));
    expect(head.ContentLength).toBe(size);
    expect(await store.exists(key)).toBe(true);
    expect(await keysUnder(staged.path)).toEqual([]);

    expect(await digestOf(await store.open(key))).toEqual({ sha256: sha256(bytes), size });
  });

  it('discards a staged file; a failing source leaves nothing staged', async () => {
    const staged = await store.stage(streamOf(randomBytes(2048)));
    expect(await keysUnder(staged.path)).toEqual([staged.path]);
    await store.discard(staged);
    expect(await keysUnder(staged.path)).toEqual([]);

    const before = await keysUnder('.staging/');
    const failing = new Readable({
      read() {
        this.push(randomBytes(1024));
        this.destroy(new Error('client went away'));
      },
    });
    await expect(store.stage(failing)).rejects.toThrow('client went away');
    expect(await keysUnder('.staging/')).toEqual(before);
  });

  it('rejects opening a missing key with FileMissing; exists is false; removing it is fine', async () => {
    const err = await store.open('company-a/2026/11/never-stored').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileMissing);
    expect(await store.exists('company-a/2026/11/never-stored')).toBe(false);
    await expect(store.remove('company-a/2026/11/never-stored')).resolves.toBeUndefined();
  });

  it('removes a committed file', async () => {
    const key = 'company-a/2026/11/to-remove';
    await store.commit(await store.stage(streamOf(Buffer.from('bye'))), key);
    await store.remove(key);
    expect(await store.exists(key)).toBe(false);
    await expect(store.open(key)).rejects.toBeInstanceOf(FileMissing);
  });

  it('lists committed files (across pages) and never the staging area', async () => {
    const staged = await store.stage(streamOf(Buffer.from('half-way')));
    for (let i = 0; i < 3; i++)
      await store.commit(await store.stage(streamOf(Buffer.from(`n${i}`))), `company-b/2026/11/${i}`);
    const seen: { key: string; modifiedAt: Date }[] = [];
    for await (const f of store.list()) seen.push(f);
    const keys = seen.map((f) => f.key);
    expect(keys).toEqual(
      expect.arrayContaining(['company-b/2026/11/0', 'company-b/2026/11/1', 'company-b/2026/11/2']),
    );
    expect(keys.some((k) => k.startsWith('.staging'))).toBe(false);
    expect(seen.every((f) => f.modifiedAt instanceof Date && f.modifiedAt.getTime() > 0)).toBe(true);
    await store.discard(staged);

    // Listed page by page (3 keys a page here): every key once.
    const paged = createS3FileStore({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: s3.bucket,
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
      listPageSize: 3,
    });
    const many = 10;
    for (let i = 0; i < many; i++) {
      await store.client.send(
        new PutObjectCommand({ Bucket: s3.bucket, Key: `company-c/2026/11/${i}`, Body: Buffer.from('x') }),
      );
    }
    const listed: string[] = [];
    for await (const f of paged.list()) if (f.key.startsWith('company-c/')) listed.push(f.key);
    expect(listed.length).toBe(many);
    expect(new Set(listed).size).toBe(many);
    paged.client.destroy();
  });

  it('clears only staged files older than the cut-off', async () => {
    const old = await store.stage(streamOf(Buffer.from('left by a dead process')));
    const committedKey = 'company-d/2026/11/kept';
    await store.commit(await store.stage(streamOf(Buffer.from('kept'))), committedKey);
    // s3rver keeps LastModified to the second: a cut-off a second later makes the first staged file "old".
    await new Promise((r) => setTimeout(r, 1100));
    const cutOff = new Date();
    await new Promise((r) => setTimeout(r, 1100));
    const young = await store.stage(streamOf(Buffer.from('still uploading')));

    expect(await store.clearStaging(cutOff)).toBe(1);
    expect(await keysUnder(old.path)).toEqual([]);
    expect(await keysUnder(young.path)).toEqual([young.path]);
    expect(await store.exists(committedKey)).toBe(true);
    await store.discard(young);
  });

  it('checks the bucket: ready when it exists, an error when it does not', async () => {
    await expect(store.check()).resolves.toBeUndefined();
    const other = createS3FileStore({
      endpoint: s3.endpoint,
      region: 'us-east-1',
      bucket: 'no-such-bucket',
      accessKeyId: s3.accessKeyId,
      secretAccessKey: s3.secretAccessKey,
      forcePathStyle: true,
    });
    await expect(other.check()).rejects.toThrow();
    other.client.destroy();
  });

  it('refuses unsafe keys before asking the server', async () => {
    await expect(store.open('../etc/passwd')).rejects.toThrow(/unsafe storage key/);
    await expect(store.remove('a/../../b')).rejects.toThrow(/unsafe storage key/);
  });
});
