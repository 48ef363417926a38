import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope } from '../../../contract/envelope';
import {
  accountSummarySchema,
  changePasswordBodySchema,
  changePasswordReplySchema,
  profileSchema,
  updateProfileBodySchema,
} from '../../../contract/profile';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

const security = [{ bearer: [] }];

/** The caller's profile, password change and the dashboard summary. */
export const profileRoutes: FastifyPluginAsyncZod = async (app) => {
  const verified = guard({ verified: true });

  app.get(
    '/v1/profile',
    {
      preHandler: verified,
      schema: { tags: ['profile'], security, response: { 200: envelope(profileSchema) } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await app.profile.get(company, user));
    },
  );

  app.put(
    '/v1/profile',
    {
      preHandler: verified,
      schema: {
        tags: ['profile'],
        security,
        body: updateProfileBodySchema,
        response: { 200: envelope(profileSchema) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await app.profile.update(company, user, request.body), 'Profile saved');
    },
  );

  app.post(
    '/v1/profile/password',
    {
      preHandler: verified,
      config: { rateLimit: { max: app.config.rateLimits.auth, timeWindow: app.config.rateLimits.windowMs } },
      schema: {
        tags: ['profile'],
        security,
        description:
          'Checks current_password, sets new_password, and signs out every other session: all refresh-token families of the user are revoked except the one of `refreshToken` (this device), if given. Access tokens already issued expire on their own within minutes.',
        body: changePasswordBodySchema,
        response: { 200: envelope(changePasswordReplySchema) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      const n = await app.profile.changePassword(company, user, request.body);
      return ok(
        { signed_out_sessions: n },
        n > 0 ? 'Password changed; your other sessions were signed out' : 'Password changed',
      );
    },
  );

  app.get(
    '/v1/account/summary',
    {
      preHandler: verified,
      schema: { tags: ['profile'], security, response: { 200: envelope(accountSummarySchema) } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      const [due, points, unread] = await Promise.all([
        app.invoices.balanceDue(company, user),
        app.points.balance(user.id),
        app.notifications.unreadCount(company, user.id),
      ]);
      return ok({ ...due, currency: company.currency, points_balance: points, unread_notifications: unread });
    },
  );
};
