import { msg } from '@lingui/core/runtime-macro';
import { and, count, desc, eq, ilike, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { type Shipment, type ShipmentDetail, shipmentListQuerySchema } from '../../contract/shipments';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { packages, shipments } from '../db/schema';
import { notFound } from '../errors';
import { statusNames } from '../package-status/status-names';
import { ORDER, selectRows, toRow } from '../staff-packages/package-rows';

/* Shipments as staff read them: the list, one shipment with its packages, and its manifest. */

type ShipmentRow = typeof shipments.$inferSelect;
type Totals = { n: number; pieces: number; weight: string; value: number };

/** The company's shipment `id` (read through `db`, a transaction's when the caller is in one), or 404. */
export async function shipmentOf(db: Db, company: CompanyRow, id: string): Promise<ShipmentRow> {
  const [row] = await db
    .select()
    .from(shipments)
    .where(and(eq(shipments.id, id), eq(shipments.companyId, company.id)))
    .limit(1);
  if (!row) throw notFound(msg`Shipment not found`);
  return row;
}

/** Each shipment's package count, pieces, weight and declared value. */
async function totals(db: Db, ids: string[]): Promise<Map<string, Totals>> {
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

/** A shipment with its packages (also its manifest's rows). */
export async function shipmentDetail(db: Db, company: CompanyRow, id: string): Promise<ShipmentDetail> {
  const s = await shipmentOf(db, company, id);
  const [rows, t, names] = await Promise.all([
    selectRows(
      db,
      and(eq(packages.companyId, company.id), eq(packages.shipmentId, s.id)),
      ORDER.tracking,
      100_000,
    ),
    totals(db, [s.id]),
    statusNames(db),
  ]);
  return { ...toShipment(s, t.get(s.id), names), packages: rows.map((r) => toRow(r, names)) };
}

export function createShipmentViews(deps: { db: Db }) {
  const { db } = deps;
  return {
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
      const t = await totals(
        db,
        rows.map((r) => r.id),
      );
      return {
        items: rows.map((r) => toShipment(r, t.get(r.id), names)),
        page: q.page,
        pageSize: q.pageSize,
        total: total?.n ?? 0,
      };
    },

    detail: (company: CompanyRow, id: string) => shipmentDetail(db, company, id),
    manifest: (company: CompanyRow, id: string) => shipmentDetail(db, company, id),
  };
}
