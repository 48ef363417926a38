import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskFileStore, FileMissing } from './file-store';

describe('disk file store', () => {
  const dirs: string[] = [];
  const tempDir = () => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-files-'));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });

  it('opens a committed file as a stream, and rejects with FileMissing for a missing one', async () => {
    const store = createDiskFileStore(join(tempDir(), 'files'));
    await store.commit(await store.stage(Readable.from([Buffer.from('hello')])), 'c/2026/11/a');
    const chunks: Buffer[] = [];
    for await (const c of await store.open('c/2026/11/a')) chunks.push(c as Buffer);
    expect(Buffer.concat(chunks).toString()).toBe('hello');
    const err = await store.open('c/2026/11/gone').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileMissing);
    expect((err as FileMissing).key).toBe('c/2026/11/gone');
  });

  it('is ready when its folder can be created and written; not when a file stands in its way', async () => {
    const dir = tempDir();
    await expect(createDiskFileStore(join(dir, 'new', 'files')).check()).resolves.toBeUndefined();
    writeFileSync(join(dir, 'blocked'), 'not a folder');
    await expect(createDiskFileStore(join(dir, 'blocked')).check()).rejects.toThrow();
  });
});
