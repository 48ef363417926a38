import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { pushEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Web push: the VAPID public key and the caller's own subscriptions (another user's are 404). */
export const pushRoutes: FastifyPluginAsync<Pick<Services, 'push'>> = async (app, { push: svc }) => {
  route(app, ep.publicKey, async () => ok(await svc.publicKey()));

  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.list(company, user));
  });

  route(app, ep.subscribe, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.subscribe(company, user, request.body), t(msg`This device will be notified`), 201);
  });

  route(app, ep.remove, async (request) => {
    const { company, user } = authOf(request);
    await svc.remove(company, user, request.params.id);
    return ok(null, t(msg`This device will no longer be notified`));
  });
};
