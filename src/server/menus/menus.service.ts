import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import type { z } from 'zod';
import { MENU_EDITOR_ROUTE, routePath } from '../../contract/app-routes';
import type { AuditChanges } from '../../contract/audit';
import type {
  Menu,
  MenuItem,
  MenuOrderBody,
  menuItemBodySchema,
  menuItemUpdateSchema,
} from '../../contract/menus';
import type { Role } from '../../contract/users';
import { type AuditService, diff } from '../audit/audit.service';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import type { CompanyRow, UserRow } from '../db/rows';
import { menuItems, menus } from '../db/schema';
import { badRequest, conflict, notFound } from '../errors';
import { shownLabel } from './standard-labels';

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

const invalid = (field: string, message: string) =>
  badRequest(msg`Validation failed`, { [field]: [message] });
const routeTaken = () => invalid('route', 'This menu already has an item for this route');

/** The fields of an item as the audit trail shows them (roles as one readable string). */
const audited = (
  i: Pick<MenuItemRow, 'title' | 'icon' | 'route' | 'roles' | 'isActive' | 'parentId' | 'menuId'>,
) => ({
  title: i.title,
  icon: i.icon,
  route: i.route,
  roles: [...i.roles].sort().join(', '),
  enabled: i.isActive,
  parent_id: i.parentId,
  menu_id: i.menuId,
});

/** An item that takes an admin to the menu editor: while it is the last one, it may not go (see `assertNotLockout`). */
const opensEditor = (i: Pick<MenuItemRow, 'route' | 'isActive' | 'roles'>) =>
  routePath(i.route) === MENU_EDITOR_ROUTE && i.isActive && i.roles.includes('admin');

const LOCKOUT_MESSAGE =
  'This item is how admins reach the menu editor (/admin/menu): keep it enabled and visible to admins, or add another item for /admin/menu first';

/** Navigation menus of a company; items are filtered by the caller's role (admins see all to edit them). */
export function createMenuService({ db, audit }: { db: Db; audit: AuditService }) {
  async function menuOf(tx: Db, companyId: string, menuId: number) {
    return tx.query.menus.findFirst({ where: and(eq(menus.id, menuId), eq(menus.companyId, companyId)) });
  }

  /**
   * A parent must be an item of the same menu, not the item itself, and at the top level (two levels at most);
   * an item with children stays at the top level for the same reason.
   */
  async function assertParent(tx: Db, menuId: number, itemId: number | null, parentId: number | null) {
    if (parentId === null) return;
    if (parentId === itemId) throw invalid('parent_id', 'An item cannot be its own parent');
    const parent = await tx.query.menuItems.findFirst({
      where: and(eq(menuItems.id, parentId), eq(menuItems.menuId, menuId)),
    });
    if (!parent) throw invalid('parent_id', 'No such item in this menu');
    if (parent.parentId !== null) {
      throw invalid(
        'parent_id',
        parent.parentId === itemId
          ? 'That item is a child of this one: the menu would go round in a loop'
          : 'That item is itself under another: menus have two levels at most',
      );
    }
    if (itemId !== null) {
      const child = await tx.query.menuItems.findFirst({ where: eq(menuItems.parentId, itemId) });
      if (child)
        throw invalid('parent_id', 'This item has children of its own: menus have two levels at most');
    }
  }

  /** Refuses a change that would leave the company's admins with no menu item to the menu editor. */
  async function assertNotLockout(tx: Db, companyId: string, current: MenuItemRow, next: MenuItemRow | null) {
    if (!opensEditor(current) || (next && opensEditor(next))) return;
    const others = await tx
      .select()
      .from(menuItems)
      .where(and(eq(menuItems.companyId, companyId), ne(menuItems.id, current.id)));
    if (!others.some(opensEditor)) throw conflict(LOCKOUT_MESSAGE);
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
        title: shownLabel(m.title),
        // Standard labels in the reader's language (standard-labels.ts); a company's own as typed.
        items: items
          .filter((i) => i.menuId === m.id && canSee(user, i.roles) && (i.isActive || isAdmin(user)))
          .map((i) => ({ ...toItem(i), title: shownLabel(i.title) })),
      }))
      .filter((m) => m.items.length > 0 || isAdmin(user));
  }

  async function one(companyId: string, user: UserRow, menuId: number): Promise<Menu> {
    const [menu] = await list(companyId, user, menuId);
    if (!menu) throw notFound(msg`Menu not found`);
    return menu;
  }

  return {
    list,

    /** One menu, as `list` shows it to this caller. */
    one,

    async addItem(company: CompanyRow, actor: UserRow, body: MenuItemBody): Promise<MenuItem> {
      return db.transaction(async (tx) => {
        if (!(await menuOf(tx, company.id, body.menu_id))) throw invalid('menu_id', 'No such menu');
        await assertParent(tx, body.menu_id, null, body.parent_id ?? null);
        const [row] = await tx
          .insert(menuItems)
          .values({
            menuId: body.menu_id,
            companyId: company.id,
            parentId: body.parent_id ?? null,
            title: body.title,
            icon: body.icon,
            route: body.route,
            sortOrder: body.sort_order,
            roles: body.roles,
            isActive: body.is_active,
          })
          .onConflictDoNothing()
          .returning();
        if (!row) throw routeTaken();
        const after = audited(row);
        const changes: AuditChanges = {};
        for (const [key, value] of Object.entries(after)) changes[key] = [null, value];
        await audit.record(tx, company, actor, {
          entity: 'menu',
          entityId: String(row.menuId),
          action: 'item added',
          changes,
          note: row.title,
        });
        return toItem(row);
      });
    },

    /** Changes only the fields given. */
    async updateItem(
      company: CompanyRow,
      actor: UserRow,
      id: number,
      body: MenuItemUpdate,
    ): Promise<MenuItem> {
      try {
        return await db.transaction(async (tx) => {
          const current = await tx.query.menuItems.findFirst({
            where: and(eq(menuItems.id, id), eq(menuItems.companyId, company.id)),
          });
          if (!current) throw notFound(msg`Menu item not found`);
          const menuId = body.menu_id ?? current.menuId;
          if (menuId !== current.menuId && !(await menuOf(tx, company.id, menuId))) {
            throw invalid('menu_id', 'No such menu');
          }
          // Moving to another menu leaves the old parent behind unless a new one is given.
          const parentId =
            body.parent_id !== undefined
              ? body.parent_id
              : menuId !== current.menuId
                ? null
                : current.parentId;
          if (body.parent_id !== undefined || menuId !== current.menuId) {
            await assertParent(tx, menuId, id, parentId);
          }
          const next: MenuItemRow = {
            ...current,
            menuId,
            parentId,
            title: body.title ?? current.title,
            icon: body.icon ?? current.icon,
            route: body.route ?? current.route,
            sortOrder: body.sort_order ?? current.sortOrder,
            roles: body.roles ?? current.roles,
            isActive: body.is_active ?? current.isActive,
          };
          await assertNotLockout(tx, company.id, current, next);
          const [row] = await tx
            .update(menuItems)
            .set({
              menuId: next.menuId,
              parentId: next.parentId,
              title: next.title,
              icon: next.icon,
              route: next.route,
              sortOrder: next.sortOrder,
              roles: next.roles,
              isActive: next.isActive,
            })
            .where(and(eq(menuItems.id, current.id), eq(menuItems.companyId, company.id)))
            .returning();
          if (!row) throw notFound(msg`Menu item not found`);
          if (menuId !== current.menuId) {
            // Its children stay in the old menu, at its top level.
            await tx.update(menuItems).set({ parentId: null }).where(eq(menuItems.parentId, row.id));
          }
          const changes = diff(audited(current), audited(row));
          if (body.sort_order !== undefined && body.sort_order !== current.sortOrder) {
            changes.sort_order = [current.sortOrder, row.sortOrder];
          }
          if (Object.keys(changes).length > 0) {
            await audit.record(tx, company, actor, {
              entity: 'menu',
              entityId: String(row.menuId),
              action: 'item edited',
              changes,
              note: row.title,
            });
          }
          return toItem(row);
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw routeTaken();
        throw err;
      }
    },

    /** Deletes an item; its children move to the top level of the menu (they are not deleted with it). */
    async removeItem(company: CompanyRow, actor: UserRow, id: number): Promise<{ childrenMoved: number }> {
      return db.transaction(async (tx) => {
        const current = await tx.query.menuItems.findFirst({
          where: and(eq(menuItems.id, id), eq(menuItems.companyId, company.id)),
        });
        if (!current) throw notFound(msg`Menu item not found`);
        await assertNotLockout(tx, company.id, current, null);
        const children = await tx
          .update(menuItems)
          .set({ parentId: null })
          .where(eq(menuItems.parentId, current.id))
          .returning({ id: menuItems.id });
        await tx.delete(menuItems).where(eq(menuItems.id, current.id));
        const changes: AuditChanges = {};
        for (const [key, value] of Object.entries(audited(current))) changes[key] = [value, null];
        await audit.record(tx, company, actor, {
          entity: 'menu',
          entityId: String(current.menuId),
          action: 'item deleted',
          changes,
          note: children.length
            ? `${current.title}; ${children.length} child item(s) moved to the top level`
            : current.title,
        });
        return { childrenMoved: children.length };
      });
    },

    /**
     * Saves the whole menu's order and nesting at once: the list must name every item of the menu exactly once;
     * parents are items of the list, at the top level. Order is the list's order (siblings keep their relative
     * order), stored as 10, 20, 30… so a single insert later still has room.
     */
    async reorder(company: CompanyRow, actor: UserRow, menuId: number, body: MenuOrderBody): Promise<Menu> {
      await db.transaction(async (tx) => {
        if (!(await menuOf(tx, company.id, menuId))) throw notFound(msg`Menu not found`);
        const rows = await tx
          .select()
          .from(menuItems)
          .where(eq(menuItems.menuId, menuId))
          .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
        const byId = new Map(rows.map((r) => [r.id, r]));
        const sent = body.items.map((i) => i.id);
        if (
          new Set(sent).size !== sent.length ||
          sent.length !== rows.length ||
          sent.some((i) => !byId.has(i))
        ) {
          throw invalid(
            'items',
            'Send every item of this menu exactly once (reload: the menu may have changed)',
          );
        }
        const parentOf = new Map(body.items.map((i) => [i.id, i.parent_id]));
        for (const [index, { id, parent_id }] of body.items.entries()) {
          if (parent_id === null) continue;
          const field = `items.${index}.parent_id`;
          if (parent_id === id) throw invalid(field, 'An item cannot be its own parent');
          if (!byId.has(parent_id)) throw invalid(field, 'No such item in this menu');
          const grand = parentOf.get(parent_id) ?? null;
          if (grand !== null) {
            throw invalid(
              field,
              grand === id
                ? 'Two items are each other’s parent: the menu would go round in a loop'
                : 'Menus have two levels at most',
            );
          }
        }
        const before = rows.map((r) => r.title).join(' · ');
        const nesting = (list: { id: number; parent_id: number | null }[]) =>
          list.map((i) => `${i.id}>${i.parent_id ?? ''}`).join(',');
        const oldNesting = nesting(rows.map((r) => ({ id: r.id, parent_id: r.parentId })));
        for (const [index, item] of body.items.entries()) {
          const row = byId.get(item.id);
          const sortOrder = (index + 1) * 10;
          if (row && (row.sortOrder !== sortOrder || row.parentId !== item.parent_id)) {
            await tx
              .update(menuItems)
              .set({ sortOrder, parentId: item.parent_id })
              .where(eq(menuItems.id, item.id));
          }
        }
        const after = body.items.map((i) => byId.get(i.id)?.title ?? '').join(' · ');
        const moved = body.items
          .filter((i) => byId.get(i.id)?.parentId !== i.parent_id)
          .map((i) => {
            const parent = i.parent_id === null ? 'top level' : `under ${byId.get(i.parent_id)?.title}`;
            return `${byId.get(i.id)?.title} → ${parent}`;
          });
        if (before !== after || oldNesting !== nesting(body.items)) {
          await audit.record(tx, company, actor, {
            entity: 'menu',
            entityId: String(menuId),
            action: 'reordered',
            changes: before !== after ? { order: [before, after] } : {},
            note: moved.join('; '),
          });
        }
      });
      return one(company.id, actor, menuId);
    },
  };
}

export type MenuService = ReturnType<typeof createMenuService>;
