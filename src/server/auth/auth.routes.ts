import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { authEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { linkOrigin } from '../http/origin';
import { route } from '../http/route';
import { requireCompany } from '../http/tenant';
import { t } from '../i18n';
import { toUser } from '../presenters';
import type { Services } from '../services';
import { DEVICE_COOKIE, deviceKeys, knownDevice, setDeviceCookie } from './device-cookie';

export const authRoutes: FastifyPluginAsync<Pick<Services, 'authService'> & { config: Config }> = async (
  app,
  { authService: auth, config },
) => {
  const { windowMs } = config.rateLimits;
  const limit = { config: { rateLimit: { max: config.rateLimits.auth, timeWindow: windowMs } } };
  const devices = deviceKeys(config.jwtSecret);

  route(
    app,
    ep.register,
    async (request) => {
      await auth.register(requireCompany(request), request.body, linkOrigin(request, config));
      return ok(null, t(msg`Check your email to finish signing up`), 201);
    },
    limit,
  );

  route(
    app,
    ep.login,
    async (request, reply) => {
      const company = requireCompany(request);
      const cookie = request.cookies[DEVICE_COOKIE];
      const device = knownDevice(devices, cookie, company.id, request.body.email);
      const tokens = await auth.login(company, request.body, device);
      // Signed in: a new device token each time.
      setDeviceCookie(request, reply, devices, company.id, request.body.email);
      return ok(tokens, t(msg`Signed in`));
    },
    limit,
  );

  route(
    app,
    ep.refresh,
    async (request) =>
      ok(await auth.refresh(requireCompany(request), request.body.refreshToken), t(msg`Session renewed`)),
    { config: { rateLimit: { max: config.rateLimits.refresh, timeWindow: windowMs } } },
  );

  route(app, ep.logout, async (request) => {
    await auth.logout(requireCompany(request), request.body?.refreshToken);
    return ok(null, t(msg`Signed out`));
  });

  route(
    app,
    ep.verification,
    async (request) =>
      ok(toUser(await auth.verifyEmail(requireCompany(request), request.body.token)), t(msg`Email verified`)),
    limit,
  );

  route(
    app,
    ep.passwordReset,
    async (request) => {
      await auth.requestPasswordReset(
        requireCompany(request),
        request.body.email,
        linkOrigin(request, config),
      );
      return ok(null, t(msg`If an account uses this email, a reset link is on its way`));
    },
    limit,
  );

  route(
    app,
    ep.resetPassword,
    async (request) => {
      await auth.resetPassword(requireCompany(request), request.body.token, request.body.password);
      return ok(null, t(msg`Password changed; sign in with your new password`));
    },
    limit,
  );

  route(app, ep.me, async (request) => ok(toUser(authOf(request).user)));

  route(
    app,
    ep.resendVerification,
    async (request) => {
      const { user, company } = authOf(request);
      const origin = linkOrigin(request, config);
      const result = await auth.resendVerificationFor(company, user, request.params.id, origin);
      return ok(null, result === 'verified' ? 'This email is already verified' : 'Verification email sent');
    },
    limit,
  );
};
