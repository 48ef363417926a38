import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { isMenuRoute } from './app-routes';
import { intIdParamSchema } from './envelope';
import { say } from './i18n';
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

/**
 * The Tabler icons a menu item may use (the editor's picker shows these; the web maps each name to its component).
 * A curated list: enough to label any screen, few enough to scan.
 */
export const MENU_ICONS = [
  'home',
  'layout-dashboard',
  'package',
  'packages',
  'box',
  'plane',
  'truck',
  'ship',
  'calculator',
  'receipt',
  'file-invoice',
  'file-plus',
  'file-import',
  'file-export',
  'file-text',
  'list',
  'list-details',
  'star',
  'users',
  'user',
  'user-circle',
  'address-book',
  'shopping-cart',
  'shopping-bag',
  'credit-card',
  'cash',
  'coin',
  'wallet',
  'menu-2',
  'scan',
  'barcode',
  'qrcode',
  'arrows-join',
  'map-pin',
  'world',
  'building-store',
  'building-warehouse',
  'clipboard-list',
  'calendar',
  'clock',
  'history',
  'bell',
  'mail',
  'message',
  'phone',
  'settings',
  'adjustments',
  'palette',
  'chart-bar',
  'chart-pie',
  'report-money',
  'tag',
  'discount',
  'gift',
  'heart',
  'help',
  'info-circle',
  'lock',
  'shield',
  'search',
  'tools',
  'upload',
  'download',
  'id',
  'circle',
] as const;
export type MenuIcon = (typeof MENU_ICONS)[number];
const menuIconSet: ReadonlySet<string> = new Set(MENU_ICONS);

const route = text()
  .trim()
  .max(200)
  .refine(
    isMenuRoute,
    say(msg`Not a page of the portal: pick one of its screens (a query string may follow)`),
  );

/** Items nest at most this deep: a top-level entry and its children (the navigation shows no third level). */
export const MENU_MAX_DEPTH = 2;

const menuItemFields = {
  // int4 columns: an id past them names no row (and must not reach PostgreSQL as an overflow).
  menu_id: z.number().int().positive().max(INT32_MAX),
  parent_id: z.number().int().positive().max(INT32_MAX).nullable().optional(),
  title: text().trim().min(1).max(60),
  icon: text()
    .trim()
    .refine((v) => menuIconSet.has(v), say(msg`Pick an icon from the list`)),
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

const intId = z.number().int().positive().max(INT32_MAX);

/** The whole menu in its new order: every item once, top to bottom, each with its (new) parent. */
export const menuOrderBodySchema = z.object({
  items: z
    .array(z.object({ id: intId, parent_id: intId.nullable() }))
    .min(1)
    .max(500),
});
export type MenuOrderBody = z.infer<typeof menuOrderBodySchema>;

/** The schemas of each call in `menus.calls.ts`. */
export const menuSchemas = {
  list: { response: z.array(menuSchema) },
  one: { params: intIdParamSchema, response: menuSchema },
  addItem: { body: menuItemBodySchema, response: menuItemSchema },
  updateItem: { params: intIdParamSchema, body: menuItemUpdateSchema, response: menuItemSchema },
  removeItem: { params: intIdParamSchema, response: z.null() },
  reorder: { params: intIdParamSchema, body: menuOrderBodySchema, response: menuSchema },
};
