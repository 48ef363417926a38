import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, menus } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

/*
 * Data migrations that add an admin screen to the admin menus that existed before it (new companies get it from the
 * seed): 0013_settings_menu.sql (Company settings), 0015_branding_data.sql (Branding), 0016_staff_data.sql (Staff) and
 * 0018_rates_menu.sql (Rates, Duty categories). Each is replayed here on companies whose menu lacks the item, as a database from before that screen does.
 */
const read = (file: string) => readFileSync(new URL(`../db/migrations/${file}`, import.meta.url), 'utf8');
/** A migration's statements one by one, as the migrator runs them. */
const statements = (text: string) =>
  text
    .split('--> statement-breakpoint')
    .map((s) => s.trim())
    .filter(Boolean);

const CASES = [
  {
    file: '0013_settings_menu.sql',
    sql: read('0013_settings_menu.sql'),
    route: '/admin/settings',
    title: 'Company settings',
    icon: 'settings',
  },
  {
    file: '0015_branding_data.sql',
    sql: read('0015_branding_data.sql'),
    route: '/admin/settings/branding',
    title: 'Branding',
    icon: 'palette',
  },
  {
    file: '0016_staff_data.sql',
    sql: read('0016_staff_data.sql'),
    route: '/admin/staff',
    title: 'Staff',
    icon: 'users',
  },
  {
    file: '0018_rates_menu.sql',
    sql: read('0018_rates_menu.sql'),
    route: '/admin/rates',
    title: 'Rates',
    icon: 'report-money',
  },
  {
    file: '0018_rates_menu.sql',
    sql: read('0018_rates_menu.sql'),
    route: '/admin/duties',
    title: 'Duty categories',
    icon: 'clipboard-list',
  },
];

describe.each(CASES)(
  'migration $file: $title in existing admin menus',
  ({ sql: migration, route, title, icon }) => {
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
      const before = await adminRoutes();
      const companies = [...new Set(before.map((r) => r.companyId))];
      expect(companies.length).toBeGreaterThan(1);
      await t.database.db.delete(menuItems).where(eq(menuItems.route, route));
      expect((await adminRoutes()).some((r) => r.route === route)).toBe(false);

      for (const statement of statements(migration)) await t.database.db.execute(sql.raw(statement));
      const after = await adminRoutes();
      for (const companyId of companies) {
        const routes = after.filter((r) => r.companyId === companyId).map((r) => r.route);
        const had = before.filter((r) => r.companyId === companyId && r.route !== route).map((r) => r.route);
        expect(routes).toEqual([...had, route]);
      }
      const [item] = await t.database.db
        .select()
        .from(menuItems)
        .where(and(eq(menuItems.route, route), eq(menuItems.companyId, companies[0] ?? '')));
      expect(item).toMatchObject({ title, icon, roles: ['admin'] });

      for (const statement of statements(migration)) await t.database.db.execute(sql.raw(statement));
      expect(await adminRoutes()).toEqual(after);
    });
  },
);
