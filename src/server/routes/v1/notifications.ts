import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, uuidParamSchema } from '../../../contract/envelope';
import {
  notificationListQuerySchema,
  notificationPageSchema,
  notificationSchema,
  readAllReplySchema,
} from '../../../contract/notifications';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';

const tags = ['notifications'];
const security = [{ bearer: [] }];

/** The caller's notifications (the bell). */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const verified = guard({ verified: true });

  app.get(
    '/v1/notifications',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        querystring: notificationListQuerySchema,
        response: { 200: envelope(notificationPageSchema) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await app.notifications.list(company, user, request.query));
    },
  );

  app.post(
    '/v1/notifications/:id/read',
    {
      preHandler: verified,
      schema: { tags, security, params: uuidParamSchema, response: { 200: envelope(notificationSchema) } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await app.notifications.markRead(company, user, request.params.id), 'Marked as read');
    },
  );

  app.post(
    '/v1/notifications/read-all',
    { preHandler: verified, schema: { tags, security, response: { 200: envelope(readAllReplySchema) } } },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await app.notifications.markAllRead(company, user), 'All marked as read');
    },
  );
};
