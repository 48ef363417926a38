import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { prealertEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Pre-alerts at the spec's path (`/v1/peralert`, sic). The create call is multipart: fields plus 1–5 `files`. */
export const prealertRoutes: FastifyPluginAsync<Pick<Services, 'prealerts'>> = async (
  app,
  { prealerts: svc },
) => {
  route(app, ep.create, async (request, _reply, { upload, tx }) => {
    const { company, user } = authOf(request);
    return ok(await svc.create(company, user, upload, tx), t(msg`Pre-alert sent`), 201);
  });

  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.list(company, user, request.query));
  });

  route(app, ep.cancel, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.cancel(company, user, request.params.id), t(msg`Pre-alert cancelled`));
  });
};
