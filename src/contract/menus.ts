import { z } from 'zod';
import { intIdParamSchema } from './envelope';
import { INT32_MAX, text } from './text';
import { roleSchema } from './users';

export const menuItemSchema = z.object({
  id: z.number().int(),
  menu_id: z.number().int(),
  parent_id: z.number().int().nullable(),
  title: z.string(),
  icon: z.string().describe('Tabler icon name, e.g. "package"'),
  route: z.string(),
  sort_order: z.number().int(),
  roles: z.array(roleSchema),
  is_active: z.boolean(),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

export const menuSchema = z.object({
  id: z.number().int(),
  code: z.string().describe('"customer" or "admin"'),
  title: z.string(),
  items: z.array(menuItemSchema),
});
export type Menu = z.infer<typeof menuSchema>;

const route = text()
  .trim()
  .regex(/^\/[A-Za-z0-9/_{}:.-]*$/, 'A path inside the portal, starting with /');

const menuItemFields = {
  // int4 columns: an id past them names no row (and must not reach PostgreSQL as an overflow).
  menu_id: z.number().int().positive().max(INT32_MAX),
  parent_id: z.number().int().positive().max(INT32_MAX).nullable().optional(),
  title: text().trim().min(1).max(60),
  icon: text().trim().min(1).max(40),
  route,
  sort_order: z.number().int().min(0).max(10000),
  roles: z.array(roleSchema).min(1),
  is_active: z.boolean(),
};

export const menuItemBodySchema = z.object({
  ...menuItemFields,
  icon: menuItemFields.icon.default('circle'),
  sort_order: menuItemFields.sort_order.default(0),
  roles: menuItemFields.roles.default(['customer', 'staff', 'admin']),
  is_active: menuItemFields.is_active.default(true),
});
export type MenuItemBody = z.input<typeof menuItemBodySchema>;
/**
 * PUT changes only the fields it is sent. Built without the defaults: zod 4 fills defaults in for absent keys even
 * under `.partial()`, which would silently reset icon, order, roles and visibility on every rename.
 */
export const menuItemUpdateSchema = z.object(menuItemFields).partial();

/** The schemas of each call in `menus.calls.ts`. */
export const menuSchemas = {
  list: { response: z.array(menuSchema) },
  one: { params: intIdParamSchema, response: menuSchema },
  addItem: { body: menuItemBodySchema, response: menuItemSchema },
  updateItem: { params: intIdParamSchema, body: menuItemUpdateSchema, response: menuItemSchema },
  removeItem: { params: intIdParamSchema, response: z.null() },
};
