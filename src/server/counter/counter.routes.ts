import type { FastifyPluginAsync } from 'fastify';
import { counterEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import type { Services } from '../services';

/** The pickup counter (staff of the company only). */
export const counterRoutes: FastifyPluginAsync<Pick<Services, 'counter'> & { config: Config }> = async (
  app,
  { counter: svc, config },
) => {
  route(app, ep.lookup, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.lookup(company, request.query));
  });

  route(app, ep.release, async (request, _reply, { tx }) => {
    const { company, user } = authOf(request);
    const done = await svc.release(tx, company, user, request.body, linkOrigin(request, config));
    const n = done.released.length;
    return ok(done, `${n === 1 ? 'Package' : `${n} packages`} released to ${done.collected_by}`);
  });

  route(app, ep.closeout, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.closeout(company, request.query));
  });
};
