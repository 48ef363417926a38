import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { estimatorEndpoints as ep, feeEndpoints } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** The duty and cost estimator and the fee schedule, from the company's settings (verified users). */
export const estimatorRoutes: FastifyPluginAsync<Pick<Services, 'estimator'>> = async (
  app,
  { estimator: svc },
) => {
  route(app, ep.categories, async (request) => ok(await svc.categories(authOf(request).company)));

  route(app, ep.calculate, async (request) =>
    ok(await svc.estimate(authOf(request).company, request.body), t(msg`Estimate`)),
  );

  route(app, feeEndpoints.get, async (request) => ok(await svc.fees(authOf(request).company)));
};
