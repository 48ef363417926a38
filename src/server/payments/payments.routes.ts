import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import { paymentEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { notFound } from '../errors';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { requireCompany } from '../http/tenant';
import { t } from '../i18n';
import type { Services } from '../services';
import { testApprovedPage, testClosedPage, testPaymentForm } from './test-page';
import { TEST_CARDS } from './test-provider';

/** The PWA's page that shows how an attempt ended. */
const outcomePage = (attemptId: string | null) =>
  attemptId ? `/user/invoices/payment/${attemptId}` : '/user/invoices';

const html = (reply: FastifyReply, body: string) =>
  reply.code(200).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(body);

/** Online payments: checkout, attempts, the provider's return, the test provider's page, and the settings. */
export const paymentRoutes: FastifyPluginAsync<Pick<Services, 'payments'> & { config: Config }> = async (
  app,
  { payments: svc, config },
) => {
  // The test provider's page posts an HTML form (this plugin's routes only).
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string', bodyLimit: 4096 },
    (_req, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  route(app, ep.options, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.options(company));
  });

  route(app, ep.checkout, async (request, _reply, { tx }) => {
    const { company, user } = authOf(request);
    const result = await svc.checkout(tx, company, user, request.body, linkOrigin(request, config));
    return ok(result, t(msg`Payment started`), 201);
  });

  route(app, ep.attempt, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.attempt(company, user, request.params.id));
  });

  route(app, ep.attempts, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.list(company, request.query));
  });

  // Public: the customer's browser comes back from the provider, signed in or not. Whatever happened, the PWA's page
  // shows the attempt as it now stands (a refused or replayed result changed nothing).
  route(app, ep.return, async (request, reply) => {
    const company = requireCompany(request);
    const { attemptId, settled } = await svc.handleReturn(company, request.params.provider, request.query);
    if (settled === 'refused') request.log.warn({ attemptId }, 'payment result refused');
    return reply.code(303).header('cache-control', 'no-store').redirect(outcomePage(attemptId), 303);
  });

  /** The test provider's attempt on this site, or null (the provider off, not a test attempt, another company). */
  const testAttempt = async (request: Parameters<typeof requireCompany>[0], id: string) => {
    if (!config.payments.testProvider) return null;
    const row = await svc.attemptRow(requireCompany(request), id);
    return row?.provider === 'test' ? row : null;
  };

  route(app, ep.testPage, async (request, reply) => {
    const attempt = await testAttempt(request, request.params.id);
    if (!attempt) throw notFound(msg`Payment not found`);
    if (attempt.status !== 'pending') {
      return html(reply, testClosedPage('This payment is no longer open', outcomePage(attempt.id)));
    }
    return html(reply, testPaymentForm(attempt, requireCompany(request).name));
  });

  route(app, ep.testPay, async (request, reply) => {
    const attempt = await testAttempt(request, request.params.id);
    if (!attempt) throw notFound(msg`Payment not found`);
    const { test } = svc;
    const back = (query: string) =>
      reply.code(303).header('cache-control', 'no-store').redirect(`/v1/payments/return/test?${query}`, 303);
    if (attempt.status !== 'pending') {
      return html(reply, testClosedPage('This payment is no longer open', outcomePage(attempt.id)));
    }
    const b = request.body;
    if (b.cancel) {
      return back(
        test.signedQuery({
          attempt: attempt.id,
          outcome: 'cancelled',
          ref: '',
          amount: (attempt.amountCents / 100).toFixed(2),
          currency: attempt.currency,
        }),
      );
    }
    const card = b.close ? TEST_CARDS.approves : (b.card_number ?? '').replace(/[\s-]/g, '');
    if (card !== TEST_CARDS.approves && card !== TEST_CARDS.declines) {
      const company = requireCompany(request);
      const error = 'Use a test card: 4242 4242 4242 4242 approves, 4000 0000 0000 0002 declines';
      // 200: the page again with what to fix, as a hosted card form answers (the API's refusals are JSON).
      return html(reply, testPaymentForm(attempt, company.name, error));
    }
    const charge = await test.charge(svc.db, attempt, card);
    if (b.close) return html(reply, testApprovedPage(attempt));
    return back(test.signedQuery(test.fieldsOf(charge)));
  });

  route(app, ep.settings, async (request) => {
    const { company } = authOf(request);
    return ok(await svc.settings(company));
  });

  route(app, ep.updateSettings, async (request) => {
    const { company, user } = authOf(request);
    return ok(await svc.updateSettings(company, user, request.body), t(msg`Payment settings saved`));
  });
};
