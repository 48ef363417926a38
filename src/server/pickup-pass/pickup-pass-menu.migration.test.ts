import { readdirSync, readFileSync } from 'node:fs';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { menuItems, menus } from '../db/schema';
import { createTestApp, type TestApp } from '../test/harness';

/*
 * The hand-written part of the pickup pass's migration: "Pickup pass" joins the customer menus that existed before it
 * (new companies get it from the seed). Found by its content, not its number (migrations are renumbered on merge),
 * and replayed on companies whose menu lacks it, as a database from before the pass does.
 */
const dir = new URL('../db/migrations/', import.meta.url);
const handWritten = readdirSync(dir)
  .filter((f) => f.endsWith('.sql'))
  .map((f) => readFileSync(new URL(f, dir), 'utf8'))
  .flatMap((text) => text.split('--> statement-breakpoint'))
  .map((s) => s.trim())
  .filter((s) => s.includes("'/user/pickup-pass'"));

describe('migration: Pickup pass in existing customer menus', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const customerMenus = () =>
    t.database.db
      .select({ route: menuItems.route, roles: menuItems.roles, companyId: menuItems.companyId })
      .from(menuItems)
      .innerJoin(menus, eq(menus.id, menuItems.menuId))
      .where(eq(menus.code, 'customer'))
      .orderBy(asc(menuItems.companyId), asc(menuItems.sortOrder), asc(menuItems.id));

  it('adds the item once per company, right after My packages, for every role; a second run changes nothing', async () => {
    expect(handWritten).toHaveLength(1);
    const seeded = await customerMenus();
    const companies = [...new Set(seeded.map((r) => r.companyId))];
    expect(companies.length).toBeGreaterThan(1);
    await t.database.db.delete(menuItems).where(eq(menuItems.route, '/user/pickup-pass'));
    for (let run = 0; run < 2; run++) {
      await t.database.db.execute(sql.raw(handWritten[0] ?? ''));
      const rows = await customerMenus();
      for (const company of companies) {
        const routes = rows.filter((r) => r.companyId === company).map((r) => r.route);
        expect(routes.filter((r) => r === '/user/pickup-pass')).toHaveLength(1);
        expect(routes[routes.indexOf('/user/packages/history') + 1]).toBe('/user/pickup-pass');
      }
      const item = rows.find((r) => r.route === '/user/pickup-pass');
      expect(item?.roles).toEqual(['customer', 'staff', 'admin']);
    }
    // New companies: the seed put it in the same place.
    const fromSeed = seeded.filter((r) => r.companyId === companies[0]).map((r) => r.route);
    expect(fromSeed[fromSeed.indexOf('/user/packages/history') + 1]).toBe('/user/pickup-pass');
  });
});
