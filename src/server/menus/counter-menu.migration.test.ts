import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, menus } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

/*
 * 0010_counter_menu.sql adds the pickup counter to the admin menus that existed before it (new companies get it
 * from the seed). Replayed here on a company whose menu lacks it, as a database from before the counter does.
 */
const MIGRATION = readFileSync(new URL('../db/migrations/0010_counter_menu.sql', import.meta.url), 'utf8');

describe('migration 0010: the pickup counter in existing admin menus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const adminRoutes = async () => {
    const rows = await t.database.db
      .select({ route: menuItems.route, roles: menuItems.roles, companyId: menuItems.companyId })
      .from(menuItems)
      .innerJoin(menus, eq(menus.id, menuItems.menuId))
      .where(eq(menus.code, 'admin'))
      .orderBy(asc(menuItems.companyId), asc(menuItems.sortOrder), asc(menuItems.id));
    return rows;
  };

  it('adds the item once, for staff and admins, before the invoice items; a second run changes nothing', async () => {
    const before = await adminRoutes();
    const companies = [...new Set(before.map((r) => r.companyId))];
    expect(companies.length).toBeGreaterThan(1);
    await t.database.db.delete(menuItems).where(eq(menuItems.route, '/admin/counter'));

    await t.database.db.execute(sql.raw(MIGRATION));
    const after = await adminRoutes();
    expect(after.map((r) => [r.companyId, r.route])).toEqual(before.map((r) => [r.companyId, r.route]));
    for (const companyId of companies) {
      const routes = after.filter((r) => r.companyId === companyId).map((r) => r.route);
      expect(routes.indexOf('/admin/counter')).toBe(routes.indexOf('/admin/invoice/list') - 1);
    }
    const [item] = await t.database.db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.route, '/admin/counter'), eq(menuItems.companyId, companies[0] ?? '')));
    expect(item).toMatchObject({
      title: 'Pickup counter',
      icon: 'building-store',
      roles: ['staff', 'admin'],
    });

    await t.database.db.execute(sql.raw(MIGRATION));
    expect(await adminRoutes()).toEqual(after);
  });
});
