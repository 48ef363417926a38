import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { createDiskFileStore } from './file-store';
import { withRemovalHold } from './removal-hold';

describe('removals held while a backup copies the files', () => {
  const dirs: string[] = [];
  afterEach(() => {
    for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
  });
  const storeWith = async (...keys: string[]) => {
    const dir = mkdtempSync(join(tmpdir(), 'portal-hold-'));
    dirs.push(dir);
    const store = withRemovalHold(createDiskFileStore(dir));
    for (const key of keys) await store.commit(await store.stage(Readable.from([Buffer.from(key)])), key);
    return store;
  };

  it('a removal asked for during a hold returns at once and happens at the release', async () => {
    const store = await storeWith('c/2026/11/a', 'c/2026/11/b');
    const release = store.holdRemovals();
    await store.remove('c/2026/11/a');
    expect(await store.exists('c/2026/11/a')).toBe(true); // still there for the copy
    expect(await release()).toBe(1);
    expect(await store.exists('c/2026/11/a')).toBe(false);
    expect(await release()).toBe(0); // a second release is harmless
    await store.remove('c/2026/11/b'); // no hold: at once
    expect(await store.exists('c/2026/11/b')).toBe(false);
  });

  it('overlapping holds: the removals wait for the last release', async () => {
    const store = await storeWith('c/2026/11/a');
    const first = store.holdRemovals();
    const second = store.holdRemovals();
    await store.remove('c/2026/11/a');
    expect(await first()).toBe(1);
    expect(await store.exists('c/2026/11/a')).toBe(true);
    expect(await second()).toBe(1);
    expect(await store.exists('c/2026/11/a')).toBe(false);
  });
});
