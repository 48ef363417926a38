import { msg } from '@lingui/core/runtime-macro';
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

  async function idType(id: number, tx: Db = db): Promise<IdRow> {
    const [row] = await tx.select().from(identifications).where(eq(identifications.id, id)).limit(1);
    if (!row) throw fieldError('identification_id', msg`Choose an ID type from the list`);
    return row;
  }

  async function one(company: CompanyRow, user: UserRow, id: string): Promise<AuthorizedPerson> {
    const [row] = await db
      .select({ p: authorizedPersons, t: identifications })
      .from(authorizedPersons)
      .innerJoin(identifications, eq(identifications.id, authorizedPersons.identificationId))
      .where(and(eq(authorizedPersons.id, id), own(company, user)))
      .limit(1);
    if (!row) throw notFound(msg`Authorized person not found`);
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
      tx: Db = db,
    ): Promise<AuthorizedPerson> {
      const body = createAuthorizedPersonBodySchema.parse(input);
      const t = await idType(body.identification_id, tx);
      const [n] = await tx.select({ n: count() }).from(authorizedPersons).where(own(company, user));
      if ((n?.n ?? 0) >= AUTHORIZED_PERSONS_MAX) {
        throw conflict(`You can have up to ${AUTHORIZED_PERSONS_MAX} authorized persons; remove one first`);
      }
      const [row] = await tx
        .insert(authorizedPersons)
        .values({
          companyId: company.id,
          userId: user.id,
          fullName: body.full_name,
          identificationId: t.id,
          idNumber: body.id_number,
          phone: body.phone,
          email: body.email ?? null,
          relationship: body.relationship,
          isActive: body.is_active,
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
      const body = updateAuthorizedPersonBodySchema.parse(input);
      await one(company, user, id); // 404 before any field error: others learn nothing
      if (body.identification_id !== undefined) await idType(body.identification_id);
      const set: Partial<typeof authorizedPersons.$inferInsert> = { updatedAt: new Date() };
      if (body.full_name !== undefined) set.fullName = body.full_name;
      if (body.identification_id !== undefined) set.identificationId = body.identification_id;
      if (body.id_number !== undefined) set.idNumber = body.id_number;
      if (body.phone !== undefined) set.phone = body.phone;
      if (body.email !== undefined) set.email = body.email;
      if (body.relationship !== undefined) set.relationship = body.relationship;
      if (body.is_active !== undefined) set.isActive = body.is_active;
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
      if (rows.length === 0) throw notFound(msg`Authorized person not found`);
    },
  };
}

export type AuthorizedPersonService = ReturnType<typeof createAuthorizedPersonService>;
