import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { intakeEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Warehouse intake: receipts one by one (scan-first), the clerk's recent ones with undo, and CSV imports. */
export const intakeRoutes: FastifyPluginAsync<Pick<Services, 'intake'> & { config: Config }> = async (
  app,
  { intake: svc, config },
) => {
  route(app, ep.receive, async (request, _reply, { upload, tx }) => {
    const { company, user } = authOf(request);
    const { pkg, matched } = await svc.receive(company, user, upload, tx, linkOrigin(request, config));
    const message = pkg.owner ? `Received for ${pkg.owner.name}` : 'Received as Unassigned';
    return ok({ ...pkg, matched }, message, 201);
  });

  route(app, ep.lookup, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.lookup(company, request.query));
  });

  route(app, ep.recent, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.recent(company, user));
  });

  route(app, ep.undo, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.undo(company, user, request.params.id), t(msg`Receipt undone`));
  });

  route(
    app,
    ep.importPreview,
    async (request) => {
      const { company } = authOf(request);
      return ok(await svc.importPreview(company, request.body));
    },
    { bodyLimit: 9 * 1024 * 1024 },
  );

  route(
    app,
    ep.importConfirm,
    async (request) => {
      const { company, user } = authOf(request);
      const result = await svc.importConfirm(company, user, request.body, linkOrigin(request, config));
      return ok(result, `Imported ${result.imported}`, 201);
    },
    { bodyLimit: 9 * 1024 * 1024 },
  );
};
