import type { FastifyPluginAsync } from 'fastify';
import { auditEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import type { Services } from '../services';

/** The audit trail of one record (staff of its company only). */
export const auditRoutes: FastifyPluginAsync<Pick<Services, 'audit'>> = async (app, { audit }) => {
  route(app, ep.list, async (request) => {
    const { company } = authOf(request);
    return ok({ items: await audit.list(company, request.query.entity, request.query.id) });
  });
};
