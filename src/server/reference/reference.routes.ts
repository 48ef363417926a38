import type { FastifyPluginAsync } from 'fastify';
import { referenceEndpoints as ep } from '../../contract/endpoints';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { Services } from '../services';

/** Platform-wide reference data: public, the same for every company (sign-up needs parishes before any login). */
export const referenceRoutes: FastifyPluginAsync<Pick<Services, 'reference'>> = async (
  app,
  { reference: svc },
) => {
  const cacheable = { 'cache-control': 'public, max-age=300' };

  route(app, ep.parishes, async (_r, reply) => {
    reply.headers(cacheable);
    return ok(await svc.parishes());
  });

  route(app, ep.identifications, async (_r, reply) => {
    reply.headers(cacheable);
    return ok(await svc.identifications());
  });

  route(app, ep.packageStatuses, async (_r, reply) => {
    reply.headers(cacheable);
    return ok(await svc.statuses());
  });

  route(app, ep.packageStatus, async (request) => ok(await svc.status(request.params.id)));
};
