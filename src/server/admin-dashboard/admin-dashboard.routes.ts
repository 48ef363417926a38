import type { FastifyPluginAsync } from 'fastify';
import { dashboardEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { Services } from '../services';

/** The back office's front page: today's work of the company. */
export const dashboardRoutes: FastifyPluginAsync<Pick<Services, 'dashboard'>> = async (
  app,
  { dashboard },
) => {
  route(app, ep.today, async (request) => {
    const { company } = authOf(request);
    return ok(await dashboard.today(company, request.query.since));
  });
};
