import type { FastifyPluginAsync } from 'fastify';
import { auditEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';

/** The audit trail of one record (staff of its company only). */
export const auditRoutes: FastifyPluginAsync = async (app) => {
  route(app, ep.list, async (request) => {
    const { company } = authOf(request);
    return ok({ items: await app.audit.list(company, request.query.entity, request.query.id) });
  });
};
