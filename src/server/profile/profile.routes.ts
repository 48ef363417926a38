import type { FastifyPluginAsync } from 'fastify';
import { profileEndpoints as ep } from '../../contract/endpoints';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';

/** The caller's profile, password change and the dashboard summary. */
export const profileRoutes: FastifyPluginAsync = async (app) => {
  const { windowMs } = app.config.rateLimits;

  route(app, ep.get, async (request) => {
    const { company, user } = authOf(request);
    return ok(await app.profile.get(company, user));
  });

  route(app, ep.update, async (request) => {
    const { company, user } = authOf(request);
    return ok(await app.profile.update(company, user, request.body), 'Profile saved');
  });

  route(
    app,
    ep.changePassword,
    async (request) => {
      const { company, user } = authOf(request);
      const n = await app.profile.changePassword(company, user, request.body);
      const message = n > 0 ? 'Password changed; your other sessions were signed out' : 'Password changed';
      return ok({ signed_out_sessions: n }, message);
    },
    { config: { rateLimit: { max: app.config.rateLimits.auth, timeWindow: windowMs } } },
  );

  route(app, ep.summary, async (request) => {
    const { company, user } = authOf(request);
    return ok(await app.profile.summary(company, user));
  });
};
