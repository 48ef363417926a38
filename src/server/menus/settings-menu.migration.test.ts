import { readFileSync } from 'node:fs';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, menus } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

/*
 * 0013_settings_menu.sql adds Company settings to the admin menus that existed before it (new companies get it from
 * the seed). Replayed here on companies whose menu lacks it, as a database from before the settings screen does.
 */
const MIGRATION = readFileSync(new URL('../db/migrations/0013_settings_menu.sql', import.meta.url), 'utf8');

describe('migration 0013: Company settings in existing admin menus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const adminRoutes = () =>
    t.database.db
      .select({ route: menuItems.route, roles: menuItems.roles, companyId: menuItems.companyId })
      .from(menuItems)
      .innerJoin(menus, eq(menus.id, menuItems.menuId))
      .where(eq(menus.code, 'admin'))
      .orderBy(asc(menuItems.companyId), asc(menuItems.sortOrder), asc(menuItems.id));

  it('adds the item once, for admins only, at the end of the menu; a second run changes nothing', async () => {
    // A database from before the settings screen has none of the items added after it either (0014: rates).
    await t.database.db.delete(menuItems).where(inArray(menuItems.route, ['/admin/rates', '/admin/duties']));
    const before = await adminRoutes();
    const companies = [...new Set(before.map((r) => r.companyId))];
    expect(companies.length).toBeGreaterThan(1);
    await t.database.db.delete(menuItems).where(eq(menuItems.route, '/admin/settings'));
    expect((await adminRoutes()).some((r) => r.route === '/admin/settings')).toBe(false);

    await t.database.db.execute(sql.raw(MIGRATION));
    const after = await adminRoutes();
    expect(after.map((r) => [r.companyId, r.route])).toEqual(before.map((r) => [r.companyId, r.route]));
    for (const companyId of companies) {
      const routes = after.filter((r) => r.companyId === companyId).map((r) => r.route);
      expect(routes.at(-1)).toBe('/admin/settings');
    }
    const [item] = await t.database.db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.route, '/admin/settings'), eq(menuItems.companyId, companies[0] ?? '')));
    expect(item).toMatchObject({ title: 'Company settings', icon: 'settings', roles: ['admin'] });

    await t.database.db.execute(sql.raw(MIGRATION));
    expect(await adminRoutes()).toEqual(after);
  });
});
