import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, uuidParamSchema } from '../../../contract/envelope';
import {
  type PackageDetail,
  packageCountsSchema,
  packageDetailSchema,
  packageListQuerySchema,
  packagePageSchema,
  packageStatusBodySchema,
  receivePackageBodySchema,
} from '../../../contract/packages';
import { linkOrigin } from '../../origin';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

const tags = ['packages'];
const security = [{ bearer: [] }];

/** Packages: customers see their own, staff their company's. Staff endpoints receive parcels and move them along. */
export const packageRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.packages;
  const verified = guard({ verified: true });
  const staffOnly = guard({ verified: true, roles: ['staff', 'admin'] });

  /** The owner's notification (and mail) of a receipt or status change. */
  async function tellOwner(request: FastifyRequest, pkg: PackageDetail, note: string) {
    await app.notifications.packageStatus(
      authOf(request).company,
      pkg,
      note,
      linkOrigin(request, app.config),
    );
  }

  app.get(
    '/v1/packages',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        querystring: packageListQuerySchema,
        response: { 200: envelope(packagePageSchema) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await svc.list(company, user, request.query));
    },
  );

  app.get(
    '/v1/packages/counts',
    { preHandler: verified, schema: { tags, security, response: { 200: envelope(packageCountsSchema) } } },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await svc.counts(company, user));
    },
  );

  app.get(
    '/v1/packages/:id',
    {
      preHandler: verified,
      schema: { tags, security, params: uuidParamSchema, response: { 200: envelope(packageDetailSchema) } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await svc.detail(company, user, request.params.id));
    },
  );

  app.post(
    '/v1/admin/packages/receive',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['staff'],
        security,
        body: receivePackageBodySchema,
        response: { 201: envelope(packageDetailSchema) },
      },
    },
    async (request, reply) => {
      const { company, user } = authOf(request);
      const pkg = await svc.receive(company, user, request.body);
      await tellOwner(request, pkg, request.body.note ?? '');
      return reply.code(201).send(ok(pkg, 'Package received', 201));
    },
  );

  app.post(
    '/v1/admin/packages/:id/status',
    {
      preHandler: staffOnly,
      schema: {
        tags: ['staff'],
        security,
        params: uuidParamSchema,
        body: packageStatusBodySchema,
        response: { 200: envelope(packageDetailSchema) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      const { status, note } = request.body;
      const pkg = await svc.changeStatus(company, user, request.params.id, status, note);
      await tellOwner(request, pkg, note);
      return ok(pkg, 'Status changed');
    },
  );
};
