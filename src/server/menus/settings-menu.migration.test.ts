import { readFileSync } from 'node:fs';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, menus } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

/*
 * Migrations that append an admins-only screen to the admin menus that existed before it (new companies get it from
 * the seed): 0013_settings_menu.sql (Company settings) and the hand-written end of 0014_staff.sql (Staff). Replayed
 * here on companies whose menu lacks the item, as a database from before the screen does.
 */
const sqlOf = (file: string) => readFileSync(new URL(`../db/migrations/${file}`, import.meta.url), 'utf8');
/** A migration's data part: what follows its `-- hand-written:` line (the schema part ran at start already). */
const handWritten = (file: string) => sqlOf(file).split('-- hand-written:')[1] ?? '';

const CASES = [
  {
    name: 'migration 0013: Company settings',
    migration: sqlOf('0013_settings_menu.sql'),
    route: '/admin/settings',
    item: { title: 'Company settings', icon: 'settings', roles: ['admin'] },
  },
  {
    name: 'migration 0014: Staff',
    migration: handWritten('0014_staff.sql'),
    route: '/admin/staff',
    item: { title: 'Staff', icon: 'users', roles: ['admin'] },
  },
];

describe.each(CASES)('$name in existing admin menus', ({ migration, route, item: expected }) => {
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
  const others = (rows: Awaited<ReturnType<typeof adminRoutes>>) =>
    rows.filter((r) => r.route !== route).map((r) => [r.companyId, r.route]);

  it('adds the item once, for admins only, at the end of the menu; a second run changes nothing', async () => {
    expect(migration).toContain(route);
    const before = await adminRoutes();
    const companies = [...new Set(before.map((r) => r.companyId))];
    expect(companies.length).toBeGreaterThan(1);
    await t.database.db.delete(menuItems).where(eq(menuItems.route, route));
    expect((await adminRoutes()).some((r) => r.route === route)).toBe(false);

    await t.database.db.execute(sql.raw(migration));
    const after = await adminRoutes();
    expect(others(after)).toEqual(others(before));
    for (const companyId of companies) {
      const routes = after.filter((r) => r.companyId === companyId).map((r) => r.route);
      expect(routes.at(-1)).toBe(route);
    }
    const [item] = await t.database.db
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.route, route), eq(menuItems.companyId, companies[0] ?? '')));
    expect(item).toMatchObject(expected);

    await t.database.db.execute(sql.raw(migration));
    expect(await adminRoutes()).toEqual(after);
  });
});
