import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { staffPackageEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** The back office's packages (staff of the company only). */
export const staffPackageRoutes: FastifyPluginAsync<
  Pick<Services, 'staffPackages'> & { config: Config }
> = async (app, { staffPackages: svc, config }) => {
  const origin = (request: Parameters<typeof linkOrigin>[0]) => linkOrigin(request, config);

  route(app, ep.list, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.list(company, request.query));
  });

  route(app, ep.exportCsv, async (request, reply) => {
    const { company } = authOf(request);
    const day = new Date().toISOString().slice(0, 10);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="packages-${day}.csv"`)
      .header('cache-control', 'private, no-cache')
      .send(svc.exportCsv(company, request.query));
  });

  route(app, ep.one, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.detail(company, request.params.id));
  });

  route(app, ep.update, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.update(company, user, request.params.id, request.body), t(msg`Package saved`));
  });

  route(app, ep.assign, async (request) => {
    const { company, user } = authOf(request);
    const detail = await svc.assign(company, user, request.params.id, request.body, origin(request));
    return ok(detail, t(msg`Package assigned`));
  });

  route(app, ep.linkPrealert, async (request) => {
    const { company, user } = authOf(request);
    const detail = await svc.linkPrealert(company, user, request.params.id, request.body, origin(request));
    return ok(detail, t(msg`Pre-alert linked`));
  });

  route(app, ep.unlinkPrealert, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.unlinkPrealert(company, user, request.params.id), t(msg`Pre-alert unlinked`));
  });

  route(app, ep.bulk, async (request) => {
    const { company, user } = authOf(request);
    const { updated, notified } = await svc.bulk(company, user, request.body, origin(request));
    return ok({ updated, notified }, `${updated} package${updated === 1 ? '' : 's'} updated`);
  });
};
