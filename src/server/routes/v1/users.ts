import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, paginated, uuidParamSchema } from '../../../contract/envelope';
import { userListQuerySchema, userSchema } from '../../../contract/users';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

const tags = ['users'];
const security = [{ bearer: [] }];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/v1/users',
    {
      preHandler: guard(),
      schema: {
        tags,
        security,
        querystring: userListQuerySchema,
        response: { 200: envelope(paginated(userSchema)) },
      },
    },
    async (request) => {
      const { user, company } = authOf(request);
      return ok(await app.users.list(company, user, request.query));
    },
  );

  app.get(
    '/v1/users/:id',
    {
      preHandler: guard(),
      schema: { tags, security, params: uuidParamSchema, response: { 200: envelope(userSchema) } },
    },
    async (request) => {
      const { user, company } = authOf(request);
      return ok(await app.users.one(company, user, request.params.id));
    },
  );
};
