import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { invoiceEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { contentDisposition } from '../files/file-store';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Invoices: customers see their own (never drafts), staff their company's and create, edit, send and take payment. */
export const invoiceRoutes: FastifyPluginAsync<Pick<Services, 'invoices'> & { config: Config }> = async (
  app,
  { invoices: svc, config },
) => {
  const origin = (request: Parameters<typeof linkOrigin>[0]) => linkOrigin(request, config);

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
    const inv = await svc.create(company, user, request.body, origin(request));
    const then = request.body.then ?? 'draft';
    const message =
      then === 'send'
        ? 'Invoice issued and queued to send'
        : then === 'issue'
          ? 'Invoice issued'
          : 'Draft invoice created';
    return ok(inv, message, 201);
  });

  route(app, ep.update, async (request) => {
    const { company, user } = authOf(request);
    return ok(
      await svc.update(company, user, request.params.id, request.body, origin(request)),
      'Invoice saved',
    );
  });

  route(app, ep.send, async (request) => {
    const { company, user } = authOf(request);
    return ok(
      await svc.send(company, user, request.params.id, request.body ?? undefined, origin(request)),
      'Invoice queued to send',
    );
  });

  route(app, ep.stats, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.stats(company, user, request.query));
  });

  route(app, ep.preview, async (request) => {
    return ok(await svc.preview(authOf(request).company, request.body));
  });

  route(app, ep.unbilled, async (request) => {
    return ok(await svc.unbilled(authOf(request).company, request.query.customer_id));
  });

  route(app, ep.mailDraft, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.mailDraft(company, user, request.params.id));
  });

  route(app, ep.bulkSend, async (request) => {
    const { company, user } = authOf(request);
    const result = await svc.bulkSend(company, user, request.body.ids, origin(request));
    const message = `${result.sent} queued to send${result.failed.length ? `, ${result.failed.length} not sent` : ''}`;
    return ok(result, message);
  });

  route(app, ep.issue, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.issue(company, user, request.params.id, origin(request)), t(msg`Invoice issued`));
  });

  route(app, ep.duplicate, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.duplicate(company, user, request.params.id), t(msg`Copied to a new draft`), 201);
  });

  route(app, ep.remove, async (request) => {
    const { company, user } = authOf(request);
    await svc.remove(company, user, request.params.id);
    return ok(null, t(msg`Draft deleted`));
  });

  route(app, ep.cancel, async (request) => {
    const { company, user } = authOf(request);
    return ok(
      await svc.cancel(company, user, request.params.id, request.body, origin(request)),
      'Invoice cancelled',
    );
  });

  route(app, ep.pay, async (request) => {
    const { company, user } = authOf(request);
    return ok(
      await svc.pay(company, user, request.params.id, request.body, origin(request)),
      'Payment recorded',
      201,
    );
  });

  route(app, ep.reversePayment, async (request) => {
    const { company, user } = authOf(request);
    const { id, paymentId } = request.params;
    return ok(await svc.reversePayment(company, user, id, paymentId, request.body), t(msg`Payment reversed`));
  });
};
