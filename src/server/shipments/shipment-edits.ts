import { msg } from '@lingui/core/runtime-macro';
import { eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditValue } from '../../contract/audit';
import { shipmentCreateSchema, shipmentUpdateSchema } from '../../contract/shipments';
import { type AuditService, diff } from '../audit/audit.service';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import type { CompanyRow, UserRow } from '../db/rows';
import { shipments } from '../db/schema';
import { conflict } from '../errors';
import { t } from '../i18n';
import { shipmentDetail, shipmentOf } from './shipment-views';

/* A shipment's own record: created with its reference (unique per company) and mode, and edited. */

function duplicateReference() {
  return conflict(msg`Another shipment already has this reference`, {
    reference: [t(msg`Another shipment already has this reference`)],
  });
}

export function createShipmentEdits(deps: { db: Db; audit: AuditService }) {
  const { db, audit } = deps;
  return {
    async create(company: CompanyRow, staff: UserRow, input: z.input<typeof shipmentCreateSchema>) {
      const body = shipmentCreateSchema.parse(input);
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(shipments)
            .values({
              companyId: company.id,
              reference: body.reference,
              mode: body.mode,
              departsOn: body.departs_on ?? null,
              note: body.note,
              createdBy: staff.id,
            })
            .returning();
          if (!row) throw new Error('shipment insert returned no row');
          await audit.record(tx, company, staff, {
            entity: 'shipment',
            entityId: row.id,
            action: 'created',
            changes: { reference: [null, row.reference], mode: [null, row.mode] },
          });
          return row.id;
        });
        return shipmentDetail(db, company, id);
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateReference();
        throw err;
      }
    },

    async update(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      input: z.input<typeof shipmentUpdateSchema>,
    ) {
      const body = shipmentUpdateSchema.parse(input);
      try {
        await db.transaction(async (tx) => {
          const s = await shipmentOf(tx, company, id);
          const changes = diff(
            { reference: s.reference, mode: s.mode, departs_on: s.departsOn, note: s.note } as Record<
              string,
              AuditValue
            >,
            { reference: body.reference, mode: body.mode, departs_on: body.departs_on, note: body.note },
          );
          if (Object.keys(changes).length === 0) return;
          await tx
            .update(shipments)
            .set({
              reference: body.reference,
              mode: body.mode,
              departsOn: body.departs_on,
              note: body.note,
              updatedAt: new Date(),
            })
            .where(eq(shipments.id, s.id));
          await audit.record(tx, company, staff, {
            entity: 'shipment',
            entityId: s.id,
            action: 'updated',
            changes,
          });
        });
      } catch (err) {
        if (isUniqueViolation(err)) throw duplicateReference();
        throw err;
      }
      return shipmentDetail(db, company, id);
    },
  };
}
