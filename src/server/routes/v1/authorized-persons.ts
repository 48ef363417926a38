import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  authorizedPersonSchema,
  createAuthorizedPersonBodySchema,
  updateAuthorizedPersonBodySchema,
} from '../../../contract/authorized-persons';
import { envelope, okSchema, uuidParamSchema } from '../../../contract/envelope';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { idempotencyKeyOf, jsonDigest } from '../../services/idempotency';

const tags = ['authorized persons'];
const security = [{ bearer: [] }];

/** The caller's authorized persons (people who may collect their packages). Owner only; others get 404. */
export const authorizedPersonRoutes: FastifyPluginAsyncZod = async (app) => {
  const svc = app.authorizedPersons;
  const verified = guard({ verified: true });

  app.get(
    '/v1/authorizedpersons',
    {
      preHandler: verified,
      schema: { tags, security, response: { 200: envelope(z.array(authorizedPersonSchema)) } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await svc.list(company, user));
    },
  );

  app.post(
    '/v1/authorizedpersons',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        description: 'Send an Idempotency-Key header so a retry never adds the person twice.',
        body: createAuthorizedPersonBodySchema,
        response: { 201: envelope(authorizedPersonSchema) },
      },
    },
    async (request, reply) => {
      const { company, user } = authOf(request);
      const key = idempotencyKeyOf(request);
      const digest = jsonDigest('POST', '/v1/authorizedpersons', request.body);
      return app.idempotency.run(reply, { company, user, key, digest }, async (tx) => ({
        status: 201,
        body: ok(await svc.create(company, user, request.body, tx), 'Authorized person added', 201),
      }));
    },
  );

  app.put(
    '/v1/authorizedpersons/:id',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        params: uuidParamSchema,
        body: updateAuthorizedPersonBodySchema,
        response: { 200: envelope(authorizedPersonSchema) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await svc.update(company, user, request.params.id, request.body), 'Authorized person saved');
    },
  );

  app.delete(
    '/v1/authorizedpersons/:id',
    {
      preHandler: verified,
      schema: { tags, security, params: uuidParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      await svc.remove(company, user, request.params.id);
      return ok(null, 'Authorized person removed');
    },
  );
};
