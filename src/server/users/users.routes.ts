import type { FastifyPluginAsync } from 'fastify';
import { userEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { Services } from '../services';

export const userRoutes: FastifyPluginAsync<Pick<Services, 'users'>> = async (app, { users }) => {
  route(app, ep.list, async (request) => {
    const { user, company } = authOf(request);
    return ok(await users.list(company, user, request.query));
  });

  route(app, ep.one, async (request) => {
    const { user, company } = authOf(request);
    return ok(await users.one(company, user, request.params.id));
  });
};
