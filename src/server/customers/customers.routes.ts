import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { customerEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Staff: the company's customers and the actions on an account (each audited). */
export const customerRoutes: FastifyPluginAsync<Pick<Services, 'customers'> & { config: Config }> = async (
  app,
  { customers, config },
) => {
  route(app, ep.list, async (request) => ok(await customers.list(authOf(request).company, request.query)));

  route(app, ep.one, async (request) => ok(await customers.one(authOf(request).company, request.params.id)));

  route(app, ep.verify, async (request) => {
    const { company, user } = authOf(request);
    return ok(await customers.verify(company, user, request.params.id), t(msg`Email verified`));
  });

  route(app, ep.resendVerification, async (request) => {
    const { company, user } = authOf(request);
    const origin = linkOrigin(request, config);
    const reply = await customers.resendVerification(company, user, request.params.id, origin);
    return ok(reply, reply.result === 'sent' ? 'Verification email sent' : 'The email is already verified');
  });

  route(app, ep.deactivate, async (request) => {
    const { company, user } = authOf(request);
    return ok(await customers.deactivate(company, user, request.params.id), t(msg`Account deactivated`));
  });

  route(app, ep.reactivate, async (request) => {
    const { company, user } = authOf(request);
    return ok(await customers.reactivate(company, user, request.params.id), t(msg`Account reactivated`));
  });

  route(app, ep.role, async (request) => {
    const { company, user } = authOf(request);
    return ok(
      await customers.role(company, user, request.params.id, request.body.role),
      t(msg`Role changed`),
    );
  });

  route(app, ep.passwordReset, async (request) => {
    const { company, user } = authOf(request);
    const origin = linkOrigin(request, config);
    return ok(
      await customers.passwordReset(company, user, request.params.id, origin),
      'Password reset email sent',
    );
  });
};
