import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { notificationEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** The caller's notifications (the bell). */
export const notificationRoutes: FastifyPluginAsync<Pick<Services, 'notifications'>> = async (
  app,
  { notifications },
) => {
  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await notifications.list(company, user, request.query));
  });

  route(app, ep.read, async (request) => {
    const { company, user } = authOf(request);
    return ok(await notifications.markRead(company, user, request.params.id), t(msg`Marked as read`));
  });

  route(app, ep.readAll, async (request) => {
    const { company, user } = authOf(request);
    return ok(await notifications.markAllRead(company, user), t(msg`All marked as read`));
  });
};
