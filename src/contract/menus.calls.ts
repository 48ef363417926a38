import { callsFor } from './endpoint';
import type { menuSchemas } from './menus';

const tags = ['menus'];

/** Navigation menus of the caller's company; items are filtered by role (admins see all, to edit them). */
export const menuCalls = callsFor<typeof menuSchemas>()({
  list: { method: 'GET', path: '/v1/menus', access: 'signed-in', tags },
  one: { method: 'GET', path: '/v1/menus/:id', access: 'signed-in', tags },
  addItem: { method: 'POST', path: '/v1/menuitems', access: 'admin', tags, status: 201 },
  updateItem: { method: 'PUT', path: '/v1/menuitems/:id', access: 'admin', tags },
  removeItem: {
    method: 'DELETE',
    path: '/v1/menuitems/:id',
    access: 'admin',
    tags,
    description: 'Its children move to the top level of the menu, keeping their order.',
  },
  reorder: {
    method: 'PUT',
    path: '/v1/menus/:id/order',
    access: 'admin',
    tags,
    description:
      'The whole menu in its new order (every item once, each with its parent), saved in one transaction. Two levels at most.',
  },
});
