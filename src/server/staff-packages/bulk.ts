import { msg } from '@lingui/core/runtime-macro';
import { and, eq, inArray } from 'drizzle-orm';
import type { AuditValue } from '../../contract/audit';
import { type BulkBody, bulkBodySchema } from '../../contract/staff-packages';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { packages, shipments } from '../db/schema';
import { badRequest, notFound } from '../errors';
import type { NotificationService } from '../notifications/notifications.service';
import type { PackageStatus } from '../package-status/move-status';
import { ownerNotices, tellOwners } from '../package-status/notices';
import { statusNames } from '../package-status/status-names';
import { type Acting, customerOf, setOwner } from './ownership';
import type { PackageRow } from './package-rows';

/* The list's bulk actions on selected packages: a status, a shipment, an owner. */

/** Puts packages into a shipment (out of any other), with an audit entry each naming where they came from. */
export async function addToShipment(
  { tx, audit, company, staff }: Acting,
  pkgs: PackageRow[],
  target: { id: string; reference: string },
) {
  if (pkgs.length === 0) return;
  const fromIds = [...new Set(pkgs.map((p) => p.shipmentId).filter((s): s is string => s !== null))];
  const from = fromIds.length
    ? await tx
        .select({ id: shipments.id, reference: shipments.reference })
        .from(shipments)
        .where(inArray(shipments.id, fromIds))
    : [];
  const refOf = new Map(from.map((s) => [s.id, s.reference]));
  await tx
    .update(packages)
    .set({ shipmentId: target.id, updatedAt: new Date() })
    .where(
      inArray(
        packages.id,
        pkgs.map((p) => p.id),
      ),
    );
  await audit.record(
    tx,
    company,
    staff,
    pkgs.map((p) => ({
      entity: 'package' as const,
      entityId: p.id,
      action: 'shipment',
      changes: {
        shipment: [p.shipmentId ? (refOf.get(p.shipmentId) ?? null) : null, target.reference] as [
          AuditValue,
          AuditValue,
        ],
      },
    })),
  );
}

export function createBulkActions(deps: {
  db: Db;
  audit: AuditService;
  notifications: NotificationService;
  status: PackageStatus;
}) {
  const { db, audit, notifications } = deps;
  return {
    /** One action on up to BULK_MAX packages in one transaction, which tells each customer concerned once. */
    async bulk(company: CompanyRow, staff: UserRow, input: BulkBody, origin: string) {
      const body = bulkBodySchema.parse(input);
      const ids = [...new Set(body.ids)];
      return db.transaction(async (tx) => {
        const pkgs = await tx
          .select()
          .from(packages)
          .where(and(eq(packages.companyId, company.id), inArray(packages.id, ids)));
        if (pkgs.length !== ids.length) {
          throw notFound(`${ids.length - pkgs.length} of the selected packages were not found`);
        }
        if (body.action === 'status') {
          const { moved, told } = await deps.status.moveStatus(tx, {
            company,
            actor: staff,
            mover: 'staff',
            packages: ids.map((id) => ({ id })),
            to: body.status,
            note: body.note,
            tell: { origin, note: body.note },
            ...(body.status === 'on_hold' && body.hold_reason
              ? { hold: { reason: body.hold_reason, note: body.hold_note } }
              : {}),
          });
          return { updated: moved.length, notified: told };
        }
        if (body.action === 'shipment') {
          const [target] = await tx
            .select()
            .from(shipments)
            .where(and(eq(shipments.id, body.shipment_id), eq(shipments.companyId, company.id)))
            .limit(1);
          if (!target) throw badRequest(msg`Validation failed`, { shipment_id: ['No such shipment'] });
          const moving = pkgs.filter((p) => p.shipmentId !== target.id);
          await addToShipment({ tx, audit, company, staff }, moving, target);
          return { updated: moving.length, notified: 0 };
        }
        const owner = await customerOf(tx, company, body.customer_id, 'customer_id');
        const moving = pkgs.filter((p) => p.userId !== owner.id);
        for (const p of moving) await setOwner({ tx, audit, company, staff }, p, owner, 'Bulk assignment');
        // The new owner hears once about the parcels now theirs, each in its current status.
        const notices = ownerNotices(owner.id, moving, await statusNames(tx));
        return {
          updated: moving.length,
          notified: await tellOwners(notifications, tx, company, origin, notices),
        };
      });
    },

    /** Shipments add packages the same way (in the shipment's transaction `tx`). */
    addToShipment: (
      tx: Db,
      company: CompanyRow,
      staff: UserRow,
      pkgs: PackageRow[],
      target: { id: string; reference: string },
    ) => addToShipment({ tx, audit, company, staff }, pkgs, target),
  };
}
