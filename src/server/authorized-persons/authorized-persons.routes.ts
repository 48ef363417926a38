import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { authorizedPersonEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** The caller's authorized persons (people who may collect their packages). Owner only; others get 404. */
export const authorizedPersonRoutes: FastifyPluginAsync<Pick<Services, 'authorizedPersons'>> = async (
  app,
  { authorizedPersons: svc },
) => {
  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.list(company, user));
  });

  route(app, ep.create, async (request, _reply, { tx }) => {
    const { company, user } = authOf(request);
    return ok(await svc.create(company, user, request.body, tx), t(msg`Authorized person added`), 201);
  });

  route(app, ep.update, async (request) => {
    const { company, user } = authOf(request);
    return ok(
      await svc.update(company, user, request.params.id, request.body),
      t(msg`Authorized person saved`),
    );
  });

  route(app, ep.remove, async (request) => {
    const { company, user } = authOf(request);
    await svc.remove(company, user, request.params.id);
    return ok(null, t(msg`Authorized person removed`));
  });
};
