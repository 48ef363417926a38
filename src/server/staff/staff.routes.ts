import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { staffEndpoints as ep } from '../../contract/endpoints';
import { deviceKeys, setDeviceCookie } from '../auth/device-cookie';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { requireCompany } from '../http/tenant';
import { t } from '../i18n';
import type { Services } from '../services';
import { toPendingInvitation } from './staff.service';

/** Staff accounts: the public invitation page's two calls, and the admins' staff screen. */
export const staffRoutes: FastifyPluginAsync<
  Pick<Services, 'invitations' | 'staffAccounts'> & { config: Config }
> = async (app, { invitations, staffAccounts, config }) => {
  const limit = {
    config: { rateLimit: { max: config.rateLimits.auth, timeWindow: config.rateLimits.windowMs } },
  };
  const devices = deviceKeys(config.jwtSecret);

  route(
    app,
    ep.invitation,
    async (request) => ok(await invitations.describe(requireCompany(request), request.params.token)),
    limit,
  );

  route(
    app,
    ep.acceptInvitation,
    async (request, reply) => {
      const company = requireCompany(request);
      const { user, tokens } = await invitations.accept(company, request.body);
      // Answered as the sign-in answers (the same tokens, the same device cookie).
      setDeviceCookie(request, reply, devices, company.id, user.email);
      return ok(tokens, t(msg`Welcome aboard: you are signed in`));
    },
    limit,
  );

  route(app, ep.list, async (request) => ok(await staffAccounts.list(authOf(request).company)));

  route(app, ep.invite, async (request) => {
    const { user, company } = authOf(request);
    const { email, role } = request.body;
    const row = await invitations.inviteAsAdmin(company, user, email, role, linkOrigin(request, config));
    return ok(
      toPendingInvitation(row, `${user.firstName} ${user.lastName}`.trim()),
      t(msg`Invitation sent`),
      201,
    );
  });

  route(app, ep.resendInvitation, async (request) => {
    const { user, company } = authOf(request);
    const row = await invitations.resend(company, user, request.params.id, linkOrigin(request, config));
    return ok(toPendingInvitation(row), t(msg`Invitation sent again; the previous link no longer works`));
  });

  route(app, ep.revokeInvitation, async (request) => {
    const { user, company } = authOf(request);
    await invitations.revoke(company, user, request.params.id);
    return ok(null, t(msg`Invitation withdrawn`));
  });

  route(app, ep.update, async (request) => {
    const { user, company } = authOf(request);
    return ok(
      await staffAccounts.update(company, user, request.params.id, request.body),
      'Staff member updated',
    );
  });
};
