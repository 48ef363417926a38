import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { platformEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { hostOrigin } from '../http/origin';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';
import type { Operator } from './platform.service';

/** The caller of a platform route (its guard let only the platform's operator through). */
function operatorOf(request: FastifyRequest): Operator {
  const { company, user } = authOf(request);
  return { company, user, host: request.site.hostname };
}

export const platformRoutes: FastifyPluginAsync<Pick<Services, 'platform'> & { config: Config }> = async (
  app,
  { platform: svc, config },
) => {
  route(app, ep.list, async (request) => ok(await svc.list(operatorOf(request), request.query)));

  route(app, ep.one, async (request) => ok(await svc.one(operatorOf(request), request.params.id)));

  route(app, ep.create, async (request) => {
    const created = await svc.create(operatorOf(request), request.body);
    // This instance's host lookup, at once (the service told the others through the write bus).
    app.tenants.invalidate();
    return ok(created, t(msg`Company created`), 201);
  });

  route(app, ep.update, async (request) => {
    const updated = await svc.update(operatorOf(request), request.params.id, request.body);
    app.tenants.invalidate();
    return ok(updated, t(msg`Company updated`));
  });

  route(app, ep.invite, async (request) => {
    const invited = await svc.inviteAdmin(
      operatorOf(request),
      request.params.id,
      request.body.email,
      (host) => hostOrigin(request, config, host),
    );
    return ok(invited, t(msg`Invitation sent`), 201);
  });
};
