import { and, asc, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AuditValue } from '../../contract/audit';
import {
  type addPackagesResultSchema,
  addPackagesSchema,
  advanceSchema,
  type Shipment,
  type ShipmentDetail,
  shipmentCreateSchema,
  shipmentListQuerySchema,
  shipmentUpdateSchema,
} from '../../contract/shipments';
import { type AuditService, diff } from '../audit/audit.service';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import type { CompanyRow, UserRow } from '../db/rows';
import { packages, shipments } from '../db/schema';
import { conflict, notFound } from '../errors';
import type { PackageStatus } from '../package-status/move-status';
import { statusNames } from '../package-status/status-names';
import { ORDER, type PackageRow, selectRows, toRow } from '../staff-packages/package-rows';
import type { StaffPackageService } from '../staff-packages/staff-packages.service';

type ShipmentRow = typeof shipments.$inferSelect;
type Totals = { n: number; pieces: number; weight: string; value: number };
type AddResult = z.infer<typeof addPackagesResultSchema>['results'][number];

/** Shipments (manifests): create, fill by scanning, advance as one, print. */
export function createShipmentService(deps: {
  db: Db;
  audit: AuditService;
  staffPackages: StaffPackageService;
  status: PackageStatus;
}) {
  const { db, audit, staffPackages } = deps;
  async function shipmentOf(company: CompanyRow, id: string, q: Db = db): Promise<ShipmentRow> {
    const [row] = await q
      .select()
      .from(shipments)
      .where(and(eq(shipments.id, id), eq(shipments.companyId, company.id)))
      .limit(1);
    if (!row) throw notFound('Shipment not found');
    return row;
  }

  async function totals(ids: string[]): Promise<Map<string, Totals>> {
    if (ids.length === 0) return new Map();
    const rows = await db
      .select({
        id: packages.shipmentId,
        n: count(),
        pieces: sql<number>`coalesce(sum(${packages.pieces}), 0)::int`,
        weight: sql<string>`coalesce(sum(${packages.weight}), 0)::numeric(12,2)::text`,
        value: sql<number>`coalesce(sum(${packages.declaredValueCents}), 0)::bigint`,
      })
      .from(packages)
      .where(inArray(packages.shipmentId, ids))
      .groupBy(packages.shipmentId);
    return new Map(
      rows.map((r) => [
        r.id ?? '',
        { n: r.n, pieces: Number(r.pieces), weight: r.weight, value: Number(r.value) },
      ]),
    );
  }

  function toShipment(s: ShipmentRow, t: Totals | undefined, names: Map<string, string>): Shipment {
    return {
      id: s.id,
      reference: s.reference,
      mode: s.mode,
      status: s.statusCode,
      status_name: s.statusCode === 'open' ? 'Open' : (names.get(s.statusCode) ?? s.statusCode),
      departs_on: s.departsOn,
      note: s.note,
      package_count: t?.n ?? 0,
      pieces: t?.pieces ?? 0,
      weight: t?.weight ?? '0.00',
      value_cents: t?.value ?? 0,
      created_at: s.createdAt.toISOString(),
      updated_at: s.updatedAt.toISOString(),
    };
  }

  const service = {
    async list(company: CompanyRow, input: z.input<typeof shipmentListQuerySchema>) {
      const q = shipmentListQuerySchema.parse(input);
      const where = and(
        eq(shipments.companyId, company.id),
        q.q ? ilike(shipments.reference, `%${q.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
      );
      const [rows, [total], names] = await Promise.all([
        db
          .select()
          .from(shipments)
          .where(where)
          .orderBy(desc(shipments.createdAt), desc(shipments.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(shipments).where(where),
        statusNames(db),
      ]);
      const t = await totals(rows.map((r) => r.id));
      return {
        items: rows.map((r) => toShipment(r, t.get(r.id), names)),
        page: q.page,
        pageSize: q.pageSize,
        total: total?.n ?? 0,
      };
    },

    async detail(company: CompanyRow, id: string): Promise<ShipmentDetail> {
      const s = await shipmentOf(company, id);
      const [rows, t, names] = await Promise.all([
        selectRows(
          db,
          and(eq(packages.companyId, company.id), eq(packages.shipmentId, s.id)),
          ORDER.tracking,
          100_000,
        ),
        totals([s.id]),
        statusNames(db),
      ]);
      return { ...toShipment(s, t.get(s.id), names), packages: rows.map((r) => toRow(r, names)) };
    },

    async create(company: CompanyRow, staff: UserRow, input: z.input<typeof shipmentCreateSchema>) {
      const b = shipmentCreateSchema.parse(input);
      try {
        const id = await db.transaction(async (tx) => {
          const [row] = await tx
            .insert(shipments)
            .values({
              companyId: company.id,
              reference: b.reference,
              mode: b.mode,
              departsOn: b.departs_on ?? null,
              note: b.note,
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
        return service.detail(company, id);
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
      const b = shipmentUpdateSchema.parse(input);
      try {
        await db.transaction(async (tx) => {
          const s = await shipmentOf(company, id, tx);
          const changes = diff(
            { reference: s.reference, mode: s.mode, departs_on: s.departsOn, note: s.note } as Record<
              string,
              AuditValue
            >,
            { reference: b.reference, mode: b.mode, departs_on: b.departs_on, note: b.note },
          );
          if (Object.keys(changes).length === 0) return;
          await tx
            .update(shipments)
            .set({
              reference: b.reference,
              mode: b.mode,
              departsOn: b.departs_on,
              note: b.note,
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
      return service.detail(company, id);
    },

    /** Adds packages by id or scanned tracking number; each gets its outcome, and only `move` takes one out of another shipment. */
    async addPackages(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      input: z.input<typeof addPackagesSchema>,
    ) {
      const b = addPackagesSchema.parse(input);
      const results: AddResult[] = [];
      await db.transaction(async (tx) => {
        const s = await shipmentOf(company, id, tx);
        const byId = b.ids.length
          ? await tx
              .select()
              .from(packages)
              .where(and(eq(packages.companyId, company.id), inArray(packages.id, b.ids)))
          : [];
        const numbers = [...new Set(b.tracking_numbers)];
        const byNumber = numbers.length
          ? await tx
              .select()
              .from(packages)
              .where(and(eq(packages.companyId, company.id), inArray(packages.trackingNumber, numbers)))
          : [];
        const others = [
          ...new Set(
            [...byId, ...byNumber].map((p) => p.shipmentId).filter((x): x is string => !!x && x !== s.id),
          ),
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
        const adding = new Map<string, PackageRow>();
        const judge = (label: string, p: PackageRow | undefined) => {
          if (!p) {
            results.push({
              tracking_number: label,
              package_id: null,
              outcome: 'not_found',
              other_shipment: null,
            });
            return;
          }
          const other = p.shipmentId && p.shipmentId !== s.id ? (refs.get(p.shipmentId) ?? null) : null;
          if (p.shipmentId === s.id || adding.has(p.id)) {
            results.push({
              tracking_number: label,
              package_id: p.id,
              outcome: 'already_here',
              other_shipment: null,
            });
          } else if (p.shipmentId && !b.move) {
            results.push({
              tracking_number: label,
              package_id: p.id,
              outcome: 'in_other_shipment',
              other_shipment: other,
            });
          } else {
            adding.set(p.id, p);
            results.push({
              tracking_number: label,
              package_id: p.id,
              outcome: p.shipmentId ? 'moved' : 'added',
              other_shipment: other,
            });
          }
        };
        for (const pid of new Set(b.ids)) {
          const p = byId.find((x) => x.id === pid);
          judge(p?.trackingNumber ?? pid, p);
        }
        for (const n of numbers) {
          // A tracking number is unique per company in practice; should two share one, both are named.
          const matches = byNumber.filter((x) => x.trackingNumber === n);
          if (matches.length === 0) judge(n, undefined);
          for (const p of matches) judge(n, p);
        }
        await staffPackages.addToShipment(tx, company, staff, [...adding.values()], s);
        if (adding.size > 0) {
          await tx.update(shipments).set({ updatedAt: new Date() }).where(eq(shipments.id, s.id));
          await audit.record(tx, company, staff, {
            entity: 'shipment',
            entityId: s.id,
            action: 'packages_added',
            changes: { packages: [null, [...adding.values()].map((p) => p.trackingNumber).join(', ')] },
          });
        }
      });
      return { results, shipment: await service.detail(company, id) };
    },

    async removePackage(company: CompanyRow, staff: UserRow, id: string, packageId: string) {
      await db.transaction(async (tx) => {
        const s = await shipmentOf(company, id, tx);
        const p = await staffPackages.packageOf(company, packageId, tx);
        if (p.shipmentId !== s.id) throw notFound('The package is not in this shipment');
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
      return service.detail(company, id);
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
      const b = advanceSchema.parse(input);
      const { moved, notified } = await db.transaction(async (tx) => {
        const s = await shipmentOf(company, id, tx);
        const pkgs = await tx
          .select()
          .from(packages)
          .where(and(eq(packages.companyId, company.id), eq(packages.shipmentId, s.id)))
          .orderBy(asc(packages.trackingNumber));
        if (pkgs.length === 0) throw conflict('The shipment has no packages yet');
        const { moved, told } = await deps.status.moveStatus(tx, {
          company,
          actor: staff,
          mover: 'shipment',
          packages: pkgs.map((p) => ({ id: p.id })),
          to: b.status,
          note: b.note || `Shipment ${s.reference}`,
          tell: { origin, note: b.note },
        });
        await tx
          .update(shipments)
          .set({ statusCode: b.status, updatedAt: new Date() })
          .where(eq(shipments.id, s.id));
        await audit.record(tx, company, staff, {
          entity: 'shipment',
          entityId: s.id,
          action: 'advanced',
          changes: { status: [s.statusCode, b.status] },
          note: b.note,
        });
        return { moved: moved.length, notified: told };
      });
      return { shipment: await service.detail(company, id), moved, notified };
    },

    async manifest(company: CompanyRow, id: string) {
      return service.detail(company, id);
    },
  };
  return service;
}

function duplicateReference() {
  return conflict('Another shipment already has this reference', {
    reference: ['Another shipment already has this reference'],
  });
}

export type ShipmentService = ReturnType<typeof createShipmentService>;
