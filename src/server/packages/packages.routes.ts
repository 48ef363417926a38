import type { FastifyPluginAsync } from 'fastify';
import { packageEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import type { Services } from '../services';

/** Packages: customers see their own, staff their company's. Staff endpoints receive parcels and move them along. */
export const packageRoutes: FastifyPluginAsync<Pick<Services, 'packages'> & { config: Config }> = async (
  app,
  { packages: svc, config },
) => {
  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.list(company, user, request.query));
  });

  route(app, ep.counts, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.counts(company, user));
  });

  route(app, ep.one, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.detail(company, user, request.params.id));
  });

  route(app, ep.changeStatus, async (request) => {
    const { company, user } = authOf(request);
    const origin = linkOrigin(request, config);
    return ok(
      await svc.changeStatus(company, user, request.params.id, request.body, origin),
      'Status changed',
    );
  });
};
