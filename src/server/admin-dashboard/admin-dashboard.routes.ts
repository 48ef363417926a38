import type { FastifyPluginAsync } from 'fastify';
import { dashboardEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';

/** The back office's front page: today's work of the company. */
export const dashboardRoutes: FastifyPluginAsync = async (app) => {
  route(app, ep.today, async (request) => {
    const { company } = authOf(request);
    return ok(await app.dashboard.today(company, request.query.since));
  });
};
