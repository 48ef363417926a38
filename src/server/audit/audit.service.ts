import { and, desc, eq } from 'drizzle-orm';
import type { AuditChanges, AuditEntity, AuditEntry, AuditValue } from '../../contract/audit';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { auditLog, users } from '../db/schema';

export type AuditInput = {
  entity: AuditEntity;
  entityId: string;
  action: string;
  changes?: AuditChanges;
  note?: string;
};

/**
 * The fields that differ between two shapes of a record, as [before, after]; only the keys of `after` are compared,
 * so a caller passes exactly the fields staff may change.
 */
export function diff<T extends Record<string, AuditValue>>(before: T, after: Partial<T>): AuditChanges {
  const changes: AuditChanges = {};
  for (const [key, value] of Object.entries(after)) {
    if (value === undefined) continue;
    const was = before[key] ?? null;
    if (was !== value) changes[key] = [was, value];
  }
  return changes;
}

/** Nested sections as flat "payment.bank_transfer.account_name" → value, for the audit trail. */
export function flatten(
  value: unknown,
  prefix = '',
  out: Record<string, AuditValue> = {},
): Record<string, AuditValue> {
  // Arrays too ("freight.air.brackets.2.charge_cents"), so a changed bracket row is named.
  if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) flatten(v, prefix ? `${prefix}.${k}` : k, out);
  } else {
    out[prefix] = (value ?? null) as AuditValue;
  }
  return out;
}

/** The audit trail: written in the transaction of the change it records, so neither exists without the other. */
export function createAuditService({ db }: { db: Db }) {
  return {
    /** `actor` null: the system did it (a job). */
    async record(
      tx: Db,
      company: Pick<CompanyRow, 'id'>,
      actor: Pick<UserRow, 'id'> | null,
      input: AuditInput | AuditInput[],
    ) {
      const rows = (Array.isArray(input) ? input : [input]).map((i) => ({
        companyId: company.id,
        actorId: actor?.id ?? null,
        entity: i.entity,
        entityId: i.entityId,
        action: i.action,
        changes: i.changes ?? {},
        note: i.note ?? '',
      }));
      if (rows.length > 0) await tx.insert(auditLog).values(rows);
    },

    /** One record's trail, newest first (bounded: a record changed more than 500 times shows its latest 500). */
    async list(company: CompanyRow, entity: AuditEntity, entityId: string): Promise<AuditEntry[]> {
      const rows = await db
        .select({ a: auditLog, firstName: users.firstName, lastName: users.lastName })
        .from(auditLog)
        .leftJoin(users, eq(users.id, auditLog.actorId))
        .where(
          and(
            eq(auditLog.companyId, company.id),
            eq(auditLog.entity, entity),
            eq(auditLog.entityId, entityId),
          ),
        )
        .orderBy(desc(auditLog.createdAt), desc(auditLog.id))
        .limit(500);
      return rows.map(({ a, firstName, lastName }) => ({
        id: a.id,
        entity: a.entity,
        entity_id: a.entityId,
        action: a.action,
        changes: a.changes,
        note: a.note,
        actor: a.actorId ? { id: a.actorId, name: `${firstName ?? ''} ${lastName ?? ''}`.trim() } : null,
        created_at: a.createdAt.toISOString(),
      }));
    },
  };
}

export type AuditService = ReturnType<typeof createAuditService>;
