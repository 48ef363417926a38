import type { FastifyPluginAsync } from 'fastify';
import { invoiceEndpoints as ep } from '../../contract/endpoints';
import { contentDisposition } from '../files/file-store';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';

/** Invoices: customers see their own (never drafts), staff their company's and create, edit and send them. */
export const invoiceRoutes: FastifyPluginAsync = async (app) => {
  const svc = app.invoices;

  route(app, ep.list, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.list(company, user, request.query));
  });

  route(app, ep.one, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.detail(company, user, request.params.id));
  });

  route(app, ep.pdf, async (request, reply) => {
    const { company, user } = authOf(request);
    const { filename, bytes } = await svc.pdf(company, user, request.params.id);
    return reply
      .type('application/pdf')
      .header('content-disposition', contentDisposition('attachment', filename))
      .header('cache-control', 'private, no-cache')
      .send(bytes);
  });

  route(app, ep.create, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.create(company, user, request.body), 'Draft invoice created', 201);
  });

  route(app, ep.update, async (request) => {
    const origin = linkOrigin(request, app.config);
    return ok(
      await svc.update(authOf(request).company, request.params.id, request.body, origin),
      'Invoice saved',
    );
  });

  route(app, ep.send, async (request) => {
    const origin = linkOrigin(request, app.config);
    return ok(await svc.send(authOf(request).company, request.params.id, origin), 'Invoice sent');
  });
};
