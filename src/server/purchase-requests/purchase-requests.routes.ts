import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { purchaseRequestEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Purchase requests at the spec's path (with its trailing slash; the router ignores trailing slashes). */
export const purchaseRequestRoutes: FastifyPluginAsync<
  Pick<Services, 'purchaseRequests'> & { config: Config }
> = async (app, { purchaseRequests: svc, config }) => {
  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.list(company, user, request.query));
  });

  route(app, ep.create, async (request, _reply, { tx }) => {
    const { company, user } = authOf(request);
    return ok(await svc.create(company, user, request.body, tx), t(msg`Purchase request sent`), 201);
  });

  route(app, ep.remove, async (request) => {
    const { company, user } = authOf(request);
    await svc.remove(company, user, request.params.id);
    return ok(null, t(msg`Purchase request deleted`));
  });

  route(app, ep.quote, async (request) => {
    const { company, user } = authOf(request);
    const origin = linkOrigin(request, config);
    return ok(await svc.quote(company, user, request.params.id, request.body, origin), t(msg`Quote sent`));
  });
};
