import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { platformEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { Services } from '../services';
import type { Operator } from './platform.service';

/** The caller of a platform route (its guard let only the platform's operator through). */
function operatorOf(request: FastifyRequest): Operator {
  const { company, user } = authOf(request);
  return { company, user, host: request.site.hostname };
}

export const platformRoutes: FastifyPluginAsync<Pick<Services, 'platform'>> = async (
  app,
  { platform: svc },
) => {
  route(app, ep.list, async (request) => ok(await svc.list(operatorOf(request), request.query)));

  route(app, ep.one, async (request) => ok(await svc.one(operatorOf(request), request.params.id)));

  route(app, ep.create, async (request) => {
    const created = await svc.create(operatorOf(request), request.body);
    // This instance's host lookup, at once (the service told the others through the write bus).
    app.tenants.invalidate();
    return ok(created, 'Company created', 201);
  });

  route(app, ep.update, async (request) => {
    const updated = await svc.update(operatorOf(request), request.params.id, request.body);
    app.tenants.invalidate();
    return ok(updated, 'Company updated');
  });
};
