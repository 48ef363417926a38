import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { type addPackagesResultSchema, addPackagesSchema, advanceSchema } from '../../contract/shipments';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { packages, shipments } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { PackageStatus } from '../package-status/move-status';
import type { PackageRow } from '../staff-packages/package-rows';
import type { StaffPackageService } from '../staff-packages/staff-packages.service';
import { shipmentDetail, shipmentOf } from './shipment-views';

/* What a shipment holds: packages scanned in or taken out, and all of them advanced to a status at once. */

type AddResult = z.infer<typeof addPackagesResultSchema>['results'][number];
type AddBody = z.output<typeof addPackagesSchema>;

/**
 * What each scan (a package id or a tracking number) does to shipment `s`: its outcome, and the packages to add.
 * Only `move` takes a package out of another shipment.
 */
async function judgeScans(tx: Db, company: CompanyRow, s: { id: string }, body: AddBody) {
  const byId = body.ids.length
    ? await tx
        .select()
        .from(packages)
        .where(and(eq(packages.companyId, company.id), inArray(packages.id, body.ids)))
    : [];
  const numbers = [...new Set(body.tracking_numbers)];
  const byNumber = numbers.length
    ? await tx
        .select()
        .from(packages)
        .where(and(eq(packages.companyId, company.id), inArray(packages.trackingNumber, numbers)))
    : [];
  const others = [
    ...new Set([...byId, ...byNumber].map((p) => p.shipmentId).filter((x): x is string => !!x && x !== s.id)),
  ];
  const refs = new Map(
    (others.length
      ? await tx
          .select({ id: shipments.id, reference: shipments.reference })
          .from(shipments)
          .where(inArray(shipments.id, others))
      : []
    ).map((r) => [r.id, r.reference]),
  );
  const results: AddResult[] = [];
  const adding = new Map<string, PackageRow>();
  const judge = (label: string, p: PackageRow | undefined) => {
    const said = (outcome: AddResult['outcome'], other: string | null = null) =>
      results.push({ tracking_number: label, package_id: p?.id ?? null, outcome, other_shipment: other });
    if (!p) return said('not_found');
    const other = p.shipmentId && p.shipmentId !== s.id ? (refs.get(p.shipmentId) ?? null) : null;
    if (p.shipmentId === s.id || adding.has(p.id)) return said('already_here');
    if (p.shipmentId && !body.move) return said('in_other_shipment', other);
    adding.set(p.id, p);
    return said(p.shipmentId ? 'moved' : 'added', other);
  };
  for (const pid of new Set(body.ids)) {
    const p = byId.find((x) => x.id === pid);
    judge(p?.trackingNumber ?? pid, p);
  }
  for (const n of numbers) {
    // A tracking number is unique per company in practice; should two share one, both are named.
    const matches = byNumber.filter((x) => x.trackingNumber === n);
    if (matches.length === 0) judge(n, undefined);
    for (const p of matches) judge(n, p);
  }
  return { results, adding: [...adding.values()] };
}

export function createShipmentContents(deps: {
  db: Db;
  audit: AuditService;
  staffPackages: StaffPackageService;
  status: PackageStatus;
}) {
  const { db, audit, staffPackages } = deps;
  return {
    /** Adds packages by id or scanned tracking number; each gets its outcome, and only `move` takes one out of another shipment. */
    async addPackages(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      input: z.input<typeof addPackagesSchema>,
    ) {
      const body = addPackagesSchema.parse(input);
      const results = await db.transaction(async (tx) => {
        const s = await shipmentOf(tx, company, id);
        const { results, adding } = await judgeScans(tx, company, s, body);
        await staffPackages.addToShipment(tx, company, staff, adding, s);
        if (adding.length > 0) {
          await tx.update(shipments).set({ updatedAt: new Date() }).where(eq(shipments.id, s.id));
          await audit.record(tx, company, staff, {
            entity: 'shipment',
            entityId: s.id,
            action: 'packages_added',
            changes: { packages: [null, adding.map((p) => p.trackingNumber).join(', ')] },
          });
        }
        return results;
      });
      return { results, shipment: await shipmentDetail(db, company, id) };
    },

    async removePackage(company: CompanyRow, staff: UserRow, id: string, packageId: string) {
      await db.transaction(async (tx) => {
        const s = await shipmentOf(tx, company, id);
        const p = await staffPackages.packageOf(company, packageId, tx);
        if (p.shipmentId !== s.id) throw notFound(msg`The package is not in this shipment`);
        await tx
          .update(packages)
          .set({ shipmentId: null, updatedAt: new Date() })
          .where(eq(packages.id, p.id));
        await audit.record(tx, company, staff, [
          {
            entity: 'package',
            entityId: p.id,
            action: 'shipment',
            changes: { shipment: [s.reference, null] },
          },
          {
            entity: 'shipment',
            entityId: s.id,
            action: 'package_removed',
            changes: { packages: [p.trackingNumber, null] },
          },
        ]);
      });
      return shipmentDetail(db, company, id);
    },

    /**
     * Every package of the shipment gets the status (an event, an audit entry), and each customer concerned is told
     * once, in the same transaction.
     */
    async advance(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      input: z.input<typeof advanceSchema>,
      origin: string,
    ) {
      const body = advanceSchema.parse(input);
      const { moved, notified } = await db.transaction(async (tx) => {
        const s = await shipmentOf(tx, company, id);
        const pkgs = await tx
          .select()
          .from(packages)
          .where(and(eq(packages.companyId, company.id), eq(packages.shipmentId, s.id)))
          .orderBy(asc(packages.trackingNumber));
        if (pkgs.length === 0) throw conflict(msg`The shipment has no packages yet`);
        const { moved, told } = await deps.status.moveStatus(tx, {
          company,
          actor: staff,
          mover: 'shipment',
          packages: pkgs.map((p) => ({ id: p.id })),
          to: body.status,
          note: body.note || `Shipment ${s.reference}`,
          tell: { origin, note: body.note },
        });
        await tx
          .update(shipments)
          .set({ statusCode: body.status, updatedAt: new Date() })
          .where(eq(shipments.id, s.id));
        await audit.record(tx, company, staff, {
          entity: 'shipment',
          entityId: s.id,
          action: 'advanced',
          changes: { status: [s.statusCode, body.status] },
          note: body.note,
        });
        return { moved: moved.length, notified: told };
      });
      return { shipment: await shipmentDetail(db, company, id), moved, notified };
    },
  };
}
