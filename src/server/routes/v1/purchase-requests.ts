import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, okSchema, paginated, uuidParamSchema } from '../../../contract/envelope';
import {
  createPurchaseRequestBodySchema,
  purchaseRequestListQuerySchema,
  purchaseRequestSchema,
  quotePurchaseRequestBodySchema,
} from '../../../contract/purchase-requests';
import { linkOrigin } from '../../origin';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { idempotencyKeyOf, jsonDigest } from '../../services/idempotency';

const tags = ['purchase requests'];
const security = [{ bearer: [] }];

/** Purchase requests at the spec's path (with its trailing slash; the router ignores trailing slashes). */
export const purchaseRequestRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.purchaseRequests;
  const verified = guard({ verified: true });

  app.get(
    '/v1/purchaserequests/',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        querystring: purchaseRequestListQuerySchema,
        response: { 200: envelope(paginated(purchaseRequestSchema)) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await svc.list(company, user, request.query));
    },
  );

  app.post(
    '/v1/purchaserequests/',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        description:
          'Send an Idempotency-Key header so a retry never creates a second request. product_url: http(s) only, no credentials, at most 2000 characters; the server never fetches it.',
        body: createPurchaseRequestBodySchema,
        response: { 201: envelope(purchaseRequestSchema) },
      },
    },
    async (request, reply) => {
      const { company, user } = authOf(request);
      const key = idempotencyKeyOf(request);
      const digest = jsonDigest('POST', '/v1/purchaserequests/', request.body);
      return app.idempotency.run(reply, { company, user, key, digest }, async (tx) => ({
        status: 201,
        body: ok(await svc.create(company, user, request.body, tx), 'Purchase request sent', 201),
      }));
    },
  );

  app.delete(
    '/v1/purchaserequests/:id',
    {
      preHandler: verified,
      schema: { tags, security, params: uuidParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      await svc.remove(company, user, request.params.id);
      return ok(null, 'Purchase request deleted');
    },
  );

  app.put(
    '/v1/purchaserequests/:id/quote',
    {
      preHandler: guard({ verified: true, roles: ['staff', 'admin'] }),
      schema: {
        tags: ['staff', ...tags],
        security,
        params: uuidParamSchema,
        body: quotePurchaseRequestBodySchema,
        response: { 200: envelope(purchaseRequestSchema) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      const pr = await svc.quote(
        company,
        user,
        request.params.id,
        request.body,
        linkOrigin(request, app.config),
      );
      return ok(pr, 'Quote sent');
    },
  );
};
