import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { packageEndpoints as ep } from '../../contract/endpoints';
import type { PackageDetail } from '../../contract/packages';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';

/** Packages: customers see their own, staff their company's. Staff endpoints receive parcels and move them along. */
export const packageRoutes: FastifyPluginAsync = async (app) => {
  const svc = app.packages;

  /** The owner's notification (and mail) of a status change. */
  async function tellOwner(request: FastifyRequest, pkg: PackageDetail, note: string) {
    const origin = linkOrigin(request, app.config);
    await app.notifications.packageStatus(authOf(request).company, pkg, note, origin);
  }

  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.list(company, user, request.query));
  });

  route(app, ep.counts, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.counts(company, user));
  });

  route(app, ep.one, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.detail(company, user, request.params.id));
  });

  route(app, ep.changeStatus, async (request) => {
    const { company, user } = authOf(request);
    const { status, note } = request.body;
    const pkg = await svc.changeStatus(company, user, request.params.id, status, note);
    await tellOwner(request, pkg, note);
    return ok(pkg, 'Status changed');
  });
};
