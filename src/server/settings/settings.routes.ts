import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { settingsEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Company settings (admins of the company): what the customer screens explain, and the company's time zone. */
export const settingsRoutes: FastifyPluginAsync<Pick<Services, 'settings'>> = async (
  app,
  { settings: svc },
) => {
  route(app, ep.get, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.get(company));
  });

  route(app, ep.update, async (request) => {
    const { user, company } = authOf(request);
    return ok(await svc.update(company, user, request.body), t(msg`Settings saved`));
  });
};
