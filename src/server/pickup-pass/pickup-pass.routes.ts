import type { FastifyPluginAsync } from 'fastify';
import { pickupPassEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { requireCompany } from '../http/tenant';
import type { Services } from '../services';

/** The pickup pass: the customer's passes, and the public share link's one pass (rate limited: guessing links). */
export const pickupPassRoutes: FastifyPluginAsync<Pick<Services, 'pickupPass'> & { config: Config }> = async (
  app,
  { pickupPass, config },
) => {
  const limit = {
    config: { rateLimit: { max: config.rateLimits.auth, timeWindow: config.rateLimits.windowMs } },
  };

  route(app, ep.mine, async (request) => {
    const { company, user } = authOf(request);
    return ok(await pickupPass.mine(company, user, linkOrigin(request, config)));
  });

  route(
    app,
    ep.shared,
    async (request) =>
      ok(await pickupPass.shared(requireCompany(request), request.params.token, linkOrigin(request, config))),
    limit,
  );
};
