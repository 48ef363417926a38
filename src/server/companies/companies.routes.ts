import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { companyEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok, sendNotFound } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

export const companyRoutes: FastifyPluginAsync<Pick<Services, 'companies'>> = async (
  app,
  { companies: svc },
) => {
  // Public: the PWA brands itself with this before anyone signs in.
  route(app, ep.me, async (request, reply) =>
    request.company ? ok(await svc.current(request.company)) : sendNotFound(reply, ''),
  );

  route(app, ep.list, async () => ok(await svc.list()));

  route(app, ep.one, async (request) => {
    const { user, company } = authOf(request);
    return ok(await svc.one(company, user, request.params.id));
  });

  route(app, ep.create, async (request) => {
    const created = await svc.create(request.body);
    app.tenants.invalidate();
    return ok(created, t(msg`Company created`), 201);
  });
};
