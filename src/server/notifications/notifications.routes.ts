import type { FastifyPluginAsync } from 'fastify';
import { notificationEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';

/** The caller's notifications (the bell). */
export const notificationRoutes: FastifyPluginAsync = async (app) => {
  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await app.notifications.list(company, user, request.query));
  });

  route(app, ep.read, async (request) => {
    const { company, user } = authOf(request);
    return ok(await app.notifications.markRead(company, user, request.params.id), 'Marked as read');
  });

  route(app, ep.readAll, async (request) => {
    const { company, user } = authOf(request);
    return ok(await app.notifications.markAllRead(company, user), 'All marked as read');
  });
};
