import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, paginated, uuidParamSchema } from '../../../contract/envelope';
import { userListQuerySchema, userSchema } from '../../../contract/users';
import { likePattern } from '../../db/like';
import { users } from '../../db/schema';
import { notFound } from '../../errors';
import { authOf, guard, isStaff } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { toUser } from '../../services/presenters';

const tags = ['users'];

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app;

  app.get(
    '/v1/users',
    {
      preHandler: guard(),
      schema: {
        tags,
        security: [{ bearer: [] }],
        querystring: userListQuerySchema,
        response: { 200: envelope(paginated(userSchema)) },
      },
    },
    async (request) => {
      const { user, company } = authOf(request);
      const { page, pageSize, q, role } = request.query;
      // Staff list their company's users; a customer's list is only themself.
      if (!isStaff(user)) return ok({ items: [toUser(user)], page: 1, pageSize, total: 1 });
      const filters: (SQL | undefined)[] = [
        eq(users.companyId, company.id),
        role ? eq(users.role, role) : undefined,
      ];
      if (q) {
        const p = likePattern(q);
        filters.push(
          or(
            ilike(users.email, p),
            ilike(users.firstName, p),
            ilike(users.lastName, p),
            ilike(users.mailboxNumber, p),
          ),
        );
      }
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(users)
          .where(where)
          .orderBy(asc(users.lastName), asc(users.firstName))
          .limit(pageSize)
          .offset((page - 1) * pageSize),
        db.select({ n: count() }).from(users).where(where),
      ]);
      return ok({ items: rows.map(toUser), page, pageSize, total: total?.n ?? 0 });
    },
  );

  app.get(
    '/v1/users/:id',
    {
      preHandler: guard(),
      schema: {
        tags,
        security: [{ bearer: [] }],
        params: uuidParamSchema,
        response: { 200: envelope(userSchema) },
      },
    },
    async (request) => {
      const { user, company } = authOf(request);
      if (request.params.id === user.id) return ok(toUser(user));
      // Another user's record exists for staff of the same company only; for anyone else it is simply not found.
      if (!isStaff(user)) throw notFound('User not found');
      const row = await db.query.users.findFirst({
        where: and(eq(users.id, request.params.id), eq(users.companyId, company.id)),
      });
      if (!row) throw notFound('User not found');
      return ok(toUser(row));
    },
  );
};
