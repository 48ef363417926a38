import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, intIdParamSchema, okSchema } from '../../../contract/envelope';
import {
  menuItemBodySchema,
  menuItemSchema,
  menuItemUpdateSchema,
  menuSchema,
} from '../../../contract/menus';
import { notFound } from '../../errors';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

const tags = ['menus'];
const security = [{ bearer: [] }];

/** Navigation menus of the caller's company; items are filtered by the caller's role (admins see all to edit them). */
export const menuRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.menus;
  const adminOnly = guard({ verified: true, roles: ['admin'] });

  app.get(
    '/v1/menus',
    { preHandler: guard(), schema: { tags, security, response: { 200: envelope(z.array(menuSchema)) } } },
    async (request) => {
      const { user, company } = authOf(request);
      return ok(await svc.list(company.id, user));
    },
  );

  app.get(
    '/v1/menus/:id',
    {
      preHandler: guard(),
      schema: { tags, security, params: intIdParamSchema, response: { 200: envelope(menuSchema) } },
    },
    async (request) => {
      const { user, company } = authOf(request);
      const [menu] = await svc.list(company.id, user, request.params.id);
      if (!menu) throw notFound('Menu not found');
      return ok(menu);
    },
  );

  app.post(
    '/v1/menuitems',
    {
      preHandler: adminOnly,
      schema: { tags, security, body: menuItemBodySchema, response: { 201: envelope(menuItemSchema) } },
    },
    async (request, reply) => {
      const item = await svc.addItem(authOf(request).company.id, request.body);
      return reply.code(201).send(ok(item, 'Menu item added', 201));
    },
  );

  app.put(
    '/v1/menuitems/:id',
    {
      preHandler: adminOnly,
      schema: {
        tags,
        security,
        params: intIdParamSchema,
        body: menuItemUpdateSchema,
        response: { 200: envelope(menuItemSchema) },
      },
    },
    async (request) =>
      ok(
        await svc.updateItem(authOf(request).company.id, request.params.id, request.body),
        'Menu item saved',
      ),
  );

  app.delete(
    '/v1/menuitems/:id',
    {
      preHandler: adminOnly,
      schema: { tags, security, params: intIdParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      await svc.removeItem(authOf(request).company.id, request.params.id);
      return ok(null, 'Menu item deleted');
    },
  );
};
