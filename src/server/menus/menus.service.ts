import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Menu, MenuItem, menuItemBodySchema, menuItemUpdateSchema } from '../../contract/menus';
import type { Role } from '../../contract/users';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import type { UserRow } from '../db/rows';
import { menuItems, menus } from '../db/schema';
import { badRequest, notFound } from '../errors';

type MenuItemRow = typeof menuItems.$inferSelect;

const toItem = (i: MenuItemRow): MenuItem => ({
  id: i.id,
  menu_id: i.menuId,
  parent_id: i.parentId,
  title: i.title,
  icon: i.icon,
  route: i.route,
  sort_order: i.sortOrder,
  roles: i.roles,
  is_active: i.isActive,
});

const canSee = (user: UserRow, roles: Role[]) => user.isSuperadmin || roles.includes(user.role);
const isAdmin = (user: UserRow) => user.role === 'admin' || user.isSuperadmin;
type MenuItemBody = z.output<typeof menuItemBodySchema>;
type MenuItemUpdate = z.output<typeof menuItemUpdateSchema>;

const routeTaken = () =>
  badRequest('Validation failed', { route: ['This menu already has an item for this route'] });

/** Navigation menus of a company; items are filtered by the caller's role (admins see all to edit them). */
export function createMenuService({ db }: { db: Db }) {
  async function assertMenuAndParent(companyId: string, menuId: number, parentId: number | null | undefined) {
    const menu = await db.query.menus.findFirst({
      where: and(eq(menus.id, menuId), eq(menus.companyId, companyId)),
    });
    if (!menu) throw badRequest('Validation failed', { menu_id: ['No such menu'] });
    if (parentId) {
      const parent = await db.query.menuItems.findFirst({
        where: and(eq(menuItems.id, parentId), eq(menuItems.menuId, menuId)),
      });
      if (!parent) throw badRequest('Validation failed', { parent_id: ['No such item in this menu'] });
    }
  }

  /** The company's menus (or one), with the items this caller may see. */
  async function list(companyId: string, user: UserRow, menuId?: number): Promise<Menu[]> {
    const rows = await db
      .select()
      .from(menus)
      .where(and(eq(menus.companyId, companyId), menuId ? eq(menus.id, menuId) : undefined))
      .orderBy(asc(menus.id));
    const items = rows.length
      ? await db
          .select()
          .from(menuItems)
          .where(
            inArray(
              menuItems.menuId,
              rows.map((m) => m.id),
            ),
          )
          .orderBy(asc(menuItems.sortOrder), asc(menuItems.id))
      : [];
    return rows
      .map((m) => ({
        id: m.id,
        code: m.code,
        title: m.title,
        items: items
          .filter((i) => i.menuId === m.id && canSee(user, i.roles) && (i.isActive || isAdmin(user)))
          .map(toItem),
      }))
      .filter((m) => m.items.length > 0 || isAdmin(user));
  }

  return {
    list,

    /** One menu, as `list` shows it to this caller. */
    async one(companyId: string, user: UserRow, menuId: number): Promise<Menu> {
      const [menu] = await list(companyId, user, menuId);
      if (!menu) throw notFound('Menu not found');
      return menu;
    },

    async addItem(companyId: string, b: MenuItemBody): Promise<MenuItem> {
      await assertMenuAndParent(companyId, b.menu_id, b.parent_id);
      const [row] = await db
        .insert(menuItems)
        .values({
          menuId: b.menu_id,
          companyId,
          parentId: b.parent_id ?? null,
          title: b.title,
          icon: b.icon,
          route: b.route,
          sortOrder: b.sort_order,
          roles: b.roles,
          isActive: b.is_active,
        })
        .onConflictDoNothing()
        .returning();
      if (!row) throw routeTaken();
      return toItem(row);
    },

    /** Changes only the fields given. */
    async updateItem(companyId: string, id: number, b: MenuItemUpdate): Promise<MenuItem> {
      const current = await db.query.menuItems.findFirst({
        where: and(eq(menuItems.id, id), eq(menuItems.companyId, companyId)),
      });
      if (!current) throw notFound('Menu item not found');
      const menuId = b.menu_id ?? current.menuId;
      if (b.parent_id === id)
        throw badRequest('Validation failed', { parent_id: ['An item cannot be its own parent'] });
      await assertMenuAndParent(companyId, menuId, b.parent_id);
      try {
        const [row] = await db
          .update(menuItems)
          .set({
            menuId,
            ...(b.parent_id !== undefined ? { parentId: b.parent_id } : {}),
            ...(b.title !== undefined ? { title: b.title } : {}),
            ...(b.icon !== undefined ? { icon: b.icon } : {}),
            ...(b.route !== undefined ? { route: b.route } : {}),
            ...(b.sort_order !== undefined ? { sortOrder: b.sort_order } : {}),
            ...(b.roles !== undefined ? { roles: b.roles } : {}),
            ...(b.is_active !== undefined ? { isActive: b.is_active } : {}),
          })
          .where(and(eq(menuItems.id, current.id), eq(menuItems.companyId, companyId)))
          .returning();
        if (!row) throw notFound('Menu item not found');
        return toItem(row);
      } catch (err) {
        if (isUniqueViolation(err)) throw routeTaken();
        throw err;
      }
    },

    async removeItem(companyId: string, id: number): Promise<void> {
      const [row] = await db
        .delete(menuItems)
        .where(and(eq(menuItems.id, id), eq(menuItems.companyId, companyId)))
        .returning({ id: menuItems.id });
      if (!row) throw notFound('Menu item not found');
      // Children would point at nothing: lift them to the top level.
      await db.update(menuItems).set({ parentId: null }).where(eq(menuItems.parentId, row.id));
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
