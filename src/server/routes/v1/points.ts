import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/envelope';
import {
  pointsAdjustBodySchema,
  pointsAdjustReplySchema,
  pointsListQuerySchema,
  pointsPageSchema,
} from '../../../contract/points';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

const security = [{ bearer: [] }];

/** The caller's points ledger, and staff adjustments (a deduction past the balance is refused). */
export const pointsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/points',
    {
      preHandler: guard({ verified: true }),
      schema: {
        tags: ['points'],
        security,
        querystring: pointsListQuerySchema,
        response: { 200: envelope(pointsPageSchema) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await app.points.list(company, user, request.query));
    },
  );

  app.post(
    '/v1/admin/points/adjust',
    {
      preHandler: guard({ verified: true, roles: ['staff', 'admin'] }),
      schema: {
        tags: ['staff', 'points'],
        security,
        body: pointsAdjustBodySchema,
        response: { 201: envelope(pointsAdjustReplySchema) },
      },
    },
    async (request, reply) => {
      const { company, user } = authOf(request);
      const result = await app.points.adjust(company, user, request.body);
      return reply.code(201).send(ok(result, 'Points recorded', 201));
    },
  );
};
