import { asc, eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, intIdParamSchema } from '../../../contract/envelope';
import type { PackageStatusCode } from '../../../contract/reference';
import { identificationSchema, packageStatusSchema, parishSchema } from '../../../contract/reference';
import { identifications, packageStatuses, parishes } from '../../db/schema';
import { notFound } from '../../errors';
import { ok } from '../../plugins/envelope';

const tags = ['reference'];

type StatusRow = typeof packageStatuses.$inferSelect;
const toStatus = (s: StatusRow) => ({
  id: s.id,
  code: s.code as PackageStatusCode,
  name: s.name,
  description: s.description,
  sort_order: s.sortOrder,
  is_exception: s.isException,
  is_final: s.isFinal,
});

/** Platform-wide reference data: public, the same for every company (sign-up needs parishes before any login). */
export const referenceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;
  const cacheable = { 'cache-control': 'public, max-age=300' };

  app.get(
    '/v1/parishes',
    { schema: { tags, response: { 200: envelope(z.array(parishSchema)) } } },
    async (_r, reply) => {
      reply.headers(cacheable);
      return ok(await db.select().from(parishes).orderBy(asc(parishes.id)));
    },
  );

  app.get(
    '/v1/identifications',
    { schema: { tags, response: { 200: envelope(z.array(identificationSchema)) } } },
    async (_r, reply) => {
      reply.headers(cacheable);
      return ok(await db.select().from(identifications).orderBy(asc(identifications.id)));
    },
  );

  app.get(
    '/v1/package_statuses',
    { schema: { tags, response: { 200: envelope(z.array(packageStatusSchema)) } } },
    async (_r, reply) => {
      reply.headers(cacheable);
      const rows = await db.select().from(packageStatuses).orderBy(asc(packageStatuses.sortOrder));
      return ok(rows.map(toStatus));
    },
  );

  app.get(
    '/v1/package_statuses/:id',
    { schema: { tags, params: intIdParamSchema, response: { 200: envelope(packageStatusSchema) } } },
    async (request) => {
      const row = await db.query.packageStatuses.findFirst({
        where: eq(packageStatuses.id, request.params.id),
      });
      if (!row) throw notFound('Package status not found');
      return ok(toStatus(row));
    },
  );
};
