import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { profileEndpoints as ep } from '../../contract/endpoints';
import type { Config } from '../config';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** The caller's profile, password change and the dashboard summary. */
export const profileRoutes: FastifyPluginAsync<Pick<Services, 'profile'> & { config: Config }> = async (
  app,
  { profile, config },
) => {
  const { windowMs } = config.rateLimits;

  route(app, ep.get, async (request) => {
    const { company, user } = authOf(request);
    return ok(await profile.get(company, user));
  });

  route(app, ep.update, async (request) => {
    const { company, user } = authOf(request);
    return ok(await profile.update(company, user, request.body), t(msg`Profile saved`));
  });

  route(
    app,
    ep.changePassword,
    async (request) => {
      const { company, user } = authOf(request);
      const n = await profile.changePassword(company, user, request.body);
      const message = n > 0 ? 'Password changed; your other sessions were signed out' : 'Password changed';
      return ok({ signed_out_sessions: n }, message);
    },
    { config: { rateLimit: { max: config.rateLimits.auth, timeWindow: windowMs } } },
  );

  route(app, ep.summary, async (request) => {
    const { company, user } = authOf(request);
    return ok(await profile.summary(company, user));
  });
};
