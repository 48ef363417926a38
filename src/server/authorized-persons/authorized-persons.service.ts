import { and, asc, count, eq } from 'drizzle-orm';
import {
  AUTHORIZED_PERSONS_MAX,
  type AuthorizedPerson,
  type CreateAuthorizedPersonBody,
  createAuthorizedPersonBodySchema,
  type UpdateAuthorizedPersonBody,
  updateAuthorizedPersonBodySchema,
} from '../../contract/authorized-persons';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { authorizedPersons, identifications } from '../db/schema';
import { conflict, fieldError, notFound } from '../errors';

type PersonRow = typeof authorizedPersons.$inferSelect;
type IdRow = typeof identifications.$inferSelect;

function toPerson(p: PersonRow, idType: IdRow): AuthorizedPerson {
  return {
    id: p.id,
    full_name: p.fullName,
    identification_id: p.identificationId,
    identification: { id: idType.id, code: idType.code, name: idType.name },
    id_number: p.idNumber,
    phone: p.phone,
    email: p.email,
    relationship: p.relationship,
    is_active: p.isActive,
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** A customer's authorized persons. Nobody else sees or changes them (not even staff): others get 404. */
export function createAuthorizedPersonService({ db }: { db: Db }) {
  const own = (company: CompanyRow, user: UserRow) =>
    and(eq(authorizedPersons.companyId, company.id), eq(authorizedPersons.userId, user.id));

  async function idType(id: number, q: Db = db): Promise<IdRow> {
    const [row] = await q.select().from(identifications).where(eq(identifications.id, id)).limit(1);
    if (!row) throw fieldError('identification_id', 'Choose an ID type from the list');
    return row;
  }

  async function one(company: CompanyRow, user: UserRow, id: string): Promise<AuthorizedPerson> {
    const [row] = await db
      .select({ p: authorizedPersons, t: identifications })
      .from(authorizedPersons)
      .innerJoin(identifications, eq(identifications.id, authorizedPersons.identificationId))
      .where(and(eq(authorizedPersons.id, id), own(company, user)))
      .limit(1);
    if (!row) throw notFound('Authorized person not found');
    return toPerson(row.p, row.t);
  }

  return {
    one,

    async list(company: CompanyRow, user: UserRow): Promise<AuthorizedPerson[]> {
      const rows = await db
        .select({ p: authorizedPersons, t: identifications })
        .from(authorizedPersons)
        .innerJoin(identifications, eq(identifications.id, authorizedPersons.identificationId))
        .where(own(company, user))
        .orderBy(asc(authorizedPersons.createdAt), asc(authorizedPersons.id));
      return rows.map((r) => toPerson(r.p, r.t));
    },

    async create(
      company: CompanyRow,
      user: UserRow,
      input: CreateAuthorizedPersonBody,
      /** The caller's transaction (the idempotency record commits with the row), or the database. */
      q: Db = db,
    ): Promise<AuthorizedPerson> {
      const b = createAuthorizedPersonBodySchema.parse(input);
      const t = await idType(b.identification_id, q);
      const [n] = await q.select({ n: count() }).from(authorizedPersons).where(own(company, user));
      if ((n?.n ?? 0) >= AUTHORIZED_PERSONS_MAX) {
        throw conflict(`You can have up to ${AUTHORIZED_PERSONS_MAX} authorized persons; remove one first`);
      }
      const [row] = await q
        .insert(authorizedPersons)
        .values({
          companyId: company.id,
          userId: user.id,
          fullName: b.full_name,
          identificationId: t.id,
          idNumber: b.id_number,
          phone: b.phone,
          email: b.email ?? null,
          relationship: b.relationship,
          isActive: b.is_active,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toPerson(row, t);
    },

    async update(
      company: CompanyRow,
      user: UserRow,
      id: string,
      input: UpdateAuthorizedPersonBody,
    ): Promise<AuthorizedPerson> {
      const b = updateAuthorizedPersonBodySchema.parse(input);
      await one(company, user, id); // 404 before any field error: others learn nothing
      if (b.identification_id !== undefined) await idType(b.identification_id);
      const set: Partial<typeof authorizedPersons.$inferInsert> = { updatedAt: new Date() };
      if (b.full_name !== undefined) set.fullName = b.full_name;
      if (b.identification_id !== undefined) set.identificationId = b.identification_id;
      if (b.id_number !== undefined) set.idNumber = b.id_number;
      if (b.phone !== undefined) set.phone = b.phone;
      if (b.email !== undefined) set.email = b.email;
      if (b.relationship !== undefined) set.relationship = b.relationship;
      if (b.is_active !== undefined) set.isActive = b.is_active;
      await db
        .update(authorizedPersons)
        .set(set)
        .where(and(eq(authorizedPersons.id, id), own(company, user)));
      return one(company, user, id);
    },

    async remove(company: CompanyRow, user: UserRow, id: string): Promise<void> {
      const rows = await db
        .delete(authorizedPersons)
        .where(and(eq(authorizedPersons.id, id), own(company, user)))
        .returning({ id: authorizedPersons.id });
      if (rows.length === 0) throw notFound('Authorized person not found');
    },
  };
}

export type AuthorizedPersonService = ReturnType<typeof createAuthorizedPersonService>;
