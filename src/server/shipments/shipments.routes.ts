import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { shipmentEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { contentDisposition } from '../files/file-store';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';
import { manifestCsv, manifestPdf } from './manifest';

/** Shipments (staff of the company only). */
export const shipmentRoutes: FastifyPluginAsync<Pick<Services, 'shipments'> & { config: Config }> = async (
  app,
  { shipments: svc, config },
) => {
  const fileName = (reference: string, ext: string) =>
    `manifest-${reference.replace(/[^A-Za-z0-9._-]+/g, '-')}.${ext}`;

  route(app, ep.list, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.list(company, request.query));
  });

  route(app, ep.create, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.create(company, user, request.body), t(msg`Shipment created`), 201);
  });

  route(app, ep.one, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.detail(company, request.params.id));
  });

  route(app, ep.update, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.update(company, user, request.params.id, request.body), t(msg`Shipment saved`));
  });

  route(app, ep.addPackages, async (request) => {
    const { company, user } = authOf(request);
    const result = await svc.addPackages(company, user, request.params.id, request.body);
    const added = result.results.filter((r) => r.outcome === 'added' || r.outcome === 'moved').length;
    return ok(result, `${added} package${added === 1 ? '' : 's'} added`);
  });

  route(app, ep.removePackage, async (request) => {
    const { company, user } = authOf(request);
    return ok(
      await svc.removePackage(company, user, request.params.id, request.params.packageId),
      'Package removed from the shipment',
    );
  });

  route(app, ep.advance, async (request) => {
    const { company, user } = authOf(request);
    const origin = linkOrigin(request, config);
    const { shipment, moved, notified } = await svc.advance(
      company,
      user,
      request.params.id,
      request.body,
      origin,
    );
    return ok(
      { shipment, moved, notified },
      `${moved} package${moved === 1 ? '' : 's'} moved to ${shipment.status_name}`,
    );
  });

  route(app, ep.manifestCsv, async (request, reply) => {
    const { company } = authOf(request);
    const s = await svc.manifest(company, request.params.id);
    return reply
      .type('text/csv; charset=utf-8')
      .header('content-disposition', contentDisposition('attachment', fileName(s.reference, 'csv')))
      .header('cache-control', 'private, no-cache')
      .send(manifestCsv(s));
  });

  route(app, ep.manifestPdf, async (request, reply) => {
    const { company } = authOf(request);
    const s = await svc.manifest(company, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', fileName(s.reference, 'pdf')))
      .header('cache-control', 'private, no-cache')
      .send(await manifestPdf(company, s));
  });
};
