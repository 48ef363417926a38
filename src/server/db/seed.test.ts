import { count } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SCRYPT_LOG_N } from '../test/constants';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectOk } from '../test/helpers';
import {
  companies,
  companyHosts,
  identifications,
  menuItems,
  menus,
  packageStatuses,
  parishes,
  users,
} from './schema';
import { seed } from './seed';

describe('seed', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  async function counts() {
    const db = t.database.db;
    const n = (table: PgTable) => db.$count(table);
    return {
      companies: await n(companies),
      hosts: await n(companyHosts),
      users: await n(users),
      menus: await n(menus),
      menuItems: await n(menuItems),
      parishes: await n(parishes),
      identifications: await n(identifications),
      statuses: await n(packageStatuses),
    };
  }

  it('seeds the demo data the suite relies on', async () => {
    expect(await counts()).toEqual({
      companies: 2,
      hosts: 3,
      users: 5,
      menus: 4,
      menuItems: 26,
      parishes: 14,
      identifications: 5,
      statuses: 9,
    });
  });

  it('is idempotent: a second run neither fails nor duplicates, and keeps what an admin changed', async () => {
    const { access } = await t.login(DEMO.admin.email, DEMO.admin.password);
    const before = await counts();
    // An admin removes a seeded menu item; a restart must not bring it back.
    const [menu] = expectOk<{ code: string; items: { id: number }[] }[]>(
      await t.request({ method: 'GET', url: '/v1/menus', token: access }),
    );
    const removed = menu?.items[0]?.id ?? 0;
    expectOk(await t.request({ method: 'DELETE', url: `/v1/menuitems/${removed}`, token: access }));

    await seed(t.database.db, { scryptLogN: TEST_SCRYPT_LOG_N });
    await seed(t.database.db, { scryptLogN: TEST_SCRYPT_LOG_N });

    expect(await counts()).toEqual({ ...before, menuItems: before.menuItems - 1 });
    const [{ n } = { n: -1 }] = await t.database.db.select({ n: count() }).from(users);
    expect(n).toBe(before.users);
    // Existing accounts keep their passwords (and mailbox numbers).
    await expect(t.login(DEMO.customer.email, DEMO.customer.password)).resolves.toBeTruthy();
  });
});
