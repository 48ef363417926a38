import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectOk } from '../test/helpers';
import { LookupCache } from './lookup-cache';
import { users } from './schema';
import { wrote } from './writes';

describe('LookupCache', () => {
  it('serves a hit until the TTL, and reloads after a clear', async () => {
    const cache = new LookupCache<string, number>({ ttlMs: 60_000, max: 10 });
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    expect(await cache.get('a', load)).toBe(1);
    cache.clear();
    expect(await cache.get('a', load)).toBe(2);
  });

  it('does not keep what a load read while a write cleared the cache (it may be the row before the write)', async () => {
    const cache = new LookupCache<string, string>({ ttlMs: 60_000, max: 10 });
    let release = () => {};
    const slow = cache.get('a', () => new Promise<string>((r) => (release = () => r('before'))));
    cache.clear(); // the write lands while the read is under way
    release();
    expect(await slow).toBe('before');
    expect(await cache.get('a', async () => 'after')).toBe('after');
  });

  it('never grows past its bound (keys can be attacker-chosen)', async () => {
    const cache = new LookupCache<number, number>({ ttlMs: 60_000, max: 3 });
    for (let i = 0; i < 10; i++) await cache.get(i, async () => i);
    let loads = 0;
    await cache.get(0, async () => ++loads);
    expect(loads).toBe(1);
  });
});

describe('cached per-request lookups on a real app', () => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login(DEMO.admin.email, DEMO.admin.password)).access;
  });
  afterAll(() => t.close());
  const role = async () =>
    expectOk<{ role: string }>(await t.request({ method: 'GET', url: '/v1/auth/me', token: admin })).role;

  it('a write to users through drizzle (any service, in or out of a transaction) takes effect at once', async () => {
    expect(await role()).toBe('admin');
    await t.database.db.update(users).set({ role: 'staff' }).where(eq(users.email, DEMO.admin.email));
    expect(await role()).toBe('staff');
    await t.database.db.transaction(async (tx) => {
      await tx.update(users).set({ role: 'admin' }).where(eq(users.email, DEMO.admin.email));
    });
    expect(await role()).toBe('admin');
  });

  it('a write drizzle cannot see (raw SQL) takes effect when the writer says so', async () => {
    expect(await role()).toBe('admin');
    await t.database.db.execute(sql`UPDATE users SET role = 'staff' WHERE email = ${DEMO.admin.email}`);
    expect(await role()).toBe('admin'); // cached, for at most the TTL
    wrote(t.database.db, 'users');
    expect(await role()).toBe('staff');
    await t.database.db.update(users).set({ role: 'admin' }).where(eq(users.email, DEMO.admin.email));
  });
});
