import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, intIdParamSchema } from '../../../contract/envelope';
import { identificationSchema, packageStatusSchema, parishSchema } from '../../../contract/reference';
import { ok } from '../../plugins/envelope';

const tags = ['reference'];

/** Platform-wide reference data: public, the same for every company (sign-up needs parishes before any login). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.reference;
  const cacheable = { 'cache-control': 'public, max-age=300' };

  app.get(
    '/v1/parishes',
    { schema: { tags, response: { 200: envelope(z.array(parishSchema)) } } },
    async (_r, reply) => {
      reply.headers(cacheable);
      return ok(await svc.parishes());
    },
  );

  app.get(
    '/v1/identifications',
    { schema: { tags, response: { 200: envelope(z.array(identificationSchema)) } } },
    async (_r, reply) => {
      reply.headers(cacheable);
      return ok(await svc.identifications());
    },
  );

  app.get(
    '/v1/package_statuses',
    { schema: { tags, response: { 200: envelope(z.array(packageStatusSchema)) } } },
    async (_r, reply) => {
      reply.headers(cacheable);
      return ok(await svc.statuses());
    },
  );

  app.get(
    '/v1/package_statuses/:id',
    { schema: { tags, params: intIdParamSchema, response: { 200: envelope(packageStatusSchema) } } },
    async (request) => ok(await svc.status(request.params.id)),
  );
};
