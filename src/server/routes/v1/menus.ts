import { and, asc, eq, inArray } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, intIdParamSchema, okSchema } from '../../../contract/envelope';
import {
  menuItemBodySchema,
  menuItemSchema,
  menuItemUpdateSchema,
  menuSchema,
} from '../../../contract/menus';
import type { Role } from '../../../contract/users';
import { isUniqueViolation } from '../../db/errors';
import { menuItems, menus } from '../../db/schema';
import { badRequest, notFound } from '../../errors';
import { authOf, guard, type UserRow } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

const tags = ['menus'];
type MenuItemRow = typeof menuItems.$inferSelect;

const toItem = (i: MenuItemRow) => ({
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

/** Navigation menus of the caller's company; items are filtered by the caller's role (admins see all to edit them). */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  async function menusOf(companyId: string, user: UserRow, menuId?: number) {
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

  app.get(
    '/v1/menus',
    {
      preHandler: guard(),
      schema: { tags, security: [{ bearer: [] }], response: { 200: envelope(z.array(menuSchema)) } },
    },
    async (request) => {
      const { user, company } = authOf(request);
      return ok(await menusOf(company.id, user));
    },
  );

  app.get(
    '/v1/menus/:id',
    {
      preHandler: guard(),
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: intIdParamSchema,
        response: { 200: envelope(menuSchema) },
      },
    },
    async (request) => {
      const { user, company } = authOf(request);
      const [menu] = await menusOf(company.id, user, request.params.id);
      if (!menu) throw notFound('Menu not found');
      return ok(menu);
    },
  );

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

  const adminOnly = guard({ verified: true, roles: ['admin'] });

  app.post(
    '/v1/menuitems',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        security: [{ bearer: [] }],
        body: menuItemBodySchema,
        response: { 201: envelope(menuItemSchema) },
      },
    },
    async (request, reply) => {
      const { company } = authOf(request);
      const b = request.body;
      await assertMenuAndParent(company.id, b.menu_id, b.parent_id);
      const [row] = await db
        .insert(menuItems)
        .values({
          menuId: b.menu_id,
          companyId: company.id,
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
      if (!row)
        throw badRequest('Validation failed', { route: ['This menu already has an item for this route'] });
      return reply.code(201).send(ok(toItem(row), 'Menu item added', 201));
    },
  );

  app.put(
    '/v1/menuitems/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: intIdParamSchema,
        body: menuItemUpdateSchema,
        response: { 200: envelope(menuItemSchema) },
      },
    },
    async (request) => {
      const { company } = authOf(request);
      const current = await db.query.menuItems.findFirst({
        where: and(eq(menuItems.id, request.params.id), eq(menuItems.companyId, company.id)),
      });
      if (!current) throw notFound('Menu item not found');
      const b = request.body;
      const menuId = b.menu_id ?? current.menuId;
      if (b.parent_id === request.params.id)
        throw badRequest('Validation failed', { parent_id: ['An item cannot be its own parent'] });
      await assertMenuAndParent(company.id, menuId, b.parent_id);
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
          .where(and(eq(menuItems.id, current.id), eq(menuItems.companyId, company.id)))
          .returning();
        if (!row) throw notFound('Menu item not found');
        return ok(toItem(row), 'Menu item saved');
      } catch (err) {
        if (isUniqueViolation(err))
          throw badRequest('Validation failed', { route: ['This menu already has an item for this route'] });
        throw err;
      }
    },
  );

  app.delete(
    '/v1/menuitems/:id',
    {
      preHandler: adminOnly,
      schema: { tags, security: [{ bearer: [] }], params: intIdParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const { company } = authOf(request);
      const [row] = await db
        .delete(menuItems)
        .where(and(eq(menuItems.id, request.params.id), eq(menuItems.companyId, company.id)))
        .returning({ id: menuItems.id });
      if (!row) throw notFound('Menu item not found');
      // Children would point at nothing: lift them to the top level.
      await db.update(menuItems).set({ parentId: null }).where(eq(menuItems.parentId, row.id));
      return ok(null, 'Menu item deleted');
    },
  );
};
