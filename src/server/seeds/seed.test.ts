import { eq, getTableName, is } from 'drizzle-orm';
import { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../auth/passwords';
import * as schema from '../db/schema';
import { TEST_SCRYPT_LOG_N } from '../test/constants';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectOk } from '../test/helpers';
import { DEMO_COMPANIES, hashDemoPasswords, IDENTIFICATIONS, PACKAGE_STATUSES, PARISHES, seed } from './seed';

/** Every table of the schema, so a table added later is covered without touching this test. */
const tables = (Object.values(schema) as unknown[]).filter((v): v is PgTable => is(v, PgTable));

describe('seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const table of tables) out[getTableName(table)] = await t.database.db.$count(table);
    return out;
  }

  it('seeds the reference data and the demo companies, users and menus', async () => {
    const c = await counts();
    expect(c).toMatchObject({
      parishes: PARISHES.length,
      package_statuses: PACKAGE_STATUSES.length,
      identifications: IDENTIFICATIONS.length,
      companies: DEMO_COMPANIES.length,
      users: DEMO_COMPANIES.reduce((n, company) => n + company.users.length, 0),
      menus: 2 * DEMO_COMPANIES.length,
    });
    expect(c.menu_items).toBeGreaterThan(0);
  });

  it('is idempotent: a second run neither fails nor duplicates, and keeps what an admin changed', async () => {
    const { access } = await t.login(DEMO.admin.email, DEMO.admin.password);
    // An admin removes a seeded menu item; a restart must not bring it back.
    const [menu] = expectOk<{ code: string; items: { id: number }[] }[]>(
      await t.request({ method: 'GET', url: '/v1/menus', token: access }),
    );
    const removed = menu?.items[0]?.id ?? 0;
    expectOk(await t.request({ method: 'DELETE', url: `/v1/menuitems/${removed}`, token: access }));
    const before = await counts();

    await seed(t.database.db, { scryptLogN: TEST_SCRYPT_LOG_N });
    await seed(t.database.db, { scryptLogN: TEST_SCRYPT_LOG_N });

    expect(await counts()).toEqual(before);
    // Existing accounts keep their passwords.
    await expect(t.login(DEMO.customer.email, DEMO.customer.password)).resolves.toBeTruthy();
    await expect(t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost')).resolves.toBeTruthy();
  });

  it('dates each demo file when its pre-alert or receipt was sent, never after', async () => {
    const db = t.database.db;
    const attached = await db
      .select({ sent: schema.prealerts.createdAt, uploaded: schema.files.createdAt })
      .from(schema.prealertFiles)
      .innerJoin(schema.prealerts, eq(schema.prealerts.id, schema.prealertFiles.prealertId))
      .innerJoin(schema.files, eq(schema.files.id, schema.prealertFiles.fileId));
    expect(attached.length).toBeGreaterThan(0);
    for (const row of attached) expect(row.uploaded.getTime()).toBe(row.sent.getTime());
    const receipts = await db
      .select({ sent: schema.packageReceipts.createdAt, uploaded: schema.files.createdAt })
      .from(schema.packageReceipts)
      .innerJoin(schema.files, eq(schema.files.id, schema.packageReceipts.fileId));
    expect(receipts.length).toBeGreaterThan(0);
    for (const row of receipts) expect(row.uploaded.getTime()).toBe(row.sent.getTime());
  });

  it('makes every demo user’s password hash ahead, each one signing in with that user’s password only', async () => {
    const hashes = hashDemoPasswords(TEST_SCRYPT_LOG_N);
    const users = DEMO_COMPANIES.flatMap((c) => c.users.map((u) => ({ key: `${c.slug}/${u.email}`, ...u })));
    expect([...hashes.keys()].sort()).toEqual(users.map((u) => u.key).sort());
    for (const u of users) {
      const hash = await hashes.get(u.key);
      if (!hash) throw new Error(`no hash for ${u.key}`);
      expect(await verifyPassword(u.password, hash)).toBe(true);
      expect(await verifyPassword(`${u.password}x`, hash)).toBe(false);
    }
  });
});
