import { msg } from '@lingui/core/runtime-macro';
import { and, asc, count, eq, ilike, or, type SQL } from 'drizzle-orm';
import type { Paginated } from '../../contract/envelope';
import type { Role, User } from '../../contract/users';
import type { Db } from '../db';
import { likePattern } from '../db/like';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { users } from '../db/schema';
import { notFound } from '../errors';
import { toUser } from '../presenters';

type ListQuery = { page: number; pageSize: number; q?: string | undefined; role?: Role | undefined };

/** The company's users as staff see them; a customer sees only themself. */
export function createUserService({ db }: { db: Db }) {
  return {
    async list(company: CompanyRow, caller: UserRow, query: ListQuery): Promise<Paginated<User>> {
      const { page, pageSize, q, role } = query;
      if (!isStaff(caller)) return { items: [toUser(caller)], page: 1, pageSize, total: 1 };
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
      return { items: rows.map(toUser), page, pageSize, total: total?.n ?? 0 };
    },

    /** Yourself; another user of the company for staff only. For anyone else it is simply not found. */
    async one(company: CompanyRow, caller: UserRow, id: string): Promise<User> {
      if (id === caller.id) return toUser(caller);
      if (!isStaff(caller)) throw notFound(msg`User not found`);
      const row = await db.query.users.findFirst({
        where: and(eq(users.id, id), eq(users.companyId, company.id)),
      });
      if (!row) throw notFound(msg`User not found`);
      return toUser(row);
    },
  };
}

export type UserService = ReturnType<typeof createUserService>;
