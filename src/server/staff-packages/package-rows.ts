import {
  and,
  asc,
  desc,
  eq,
  gte,
  ilike,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PackageStatusCode } from '../../contract/constants';
import type { StaffPackageFilter, StaffPackageRow } from '../../contract/staff-packages';
import type { Db } from '../db';
import { containsText, likePattern } from '../db/like';
import { packages, shipments, users } from '../db/schema';
import { holdOfPackage } from '../package-status/hold';

export type PackageRow = typeof packages.$inferSelect;
type Owner = { id: string; firstName: string; lastName: string; email: string; mailboxNumber: string };

export const iso = (d: Date | null) => (d ? d.toISOString() : null);

const DAY_MS = 86_400_000;

/** The WHERE of the staff list and its export: always the company's packages, then each filter given. */
export function filterWhere(
  companyId: string,
  f: StaffPackageFilter,
  customerIds: string[] = [],
): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(packages.companyId, companyId)];
  if (f.status) conditions.push(eq(packages.statusCode, f.status));
  if (f.shipment === 'none') conditions.push(isNull(packages.shipmentId));
  else if (f.shipment) conditions.push(eq(packages.shipmentId, f.shipment));
  if (f.from) conditions.push(gte(packages.receivedAt, new Date(`${f.from}T00:00:00Z`)));
  if (f.to)
    conditions.push(sql`${packages.receivedAt} < ${new Date(Date.parse(`${f.to}T00:00:00Z`) + DAY_MS)}`);
  if (f.unassigned === true) conditions.push(isNull(packages.userId));
  if (f.unassigned === false) conditions.push(isNotNull(packages.userId));
  if (f.prealert === 'yes') conditions.push(isNotNull(packages.prealertId));
  if (f.prealert === 'no') conditions.push(isNull(packages.prealertId));
  // Spelled as the predicate of packages_held_idx, so the planner can read the held rows off it.
  const held = sql`(${packages.customsHold} OR ${packages.statusCode} = 'on_hold')`;
  if (f.hold === true) conditions.push(held);
  if (f.hold === false) conditions.push(not(held));
  if (f.q) {
    const pattern = likePattern(f.q);
    conditions.push(
      or(
        // Same expression as the trigram index packages_search_trgm_idx (migration 0002). An email address is
        // never in a package's own text: only its customer is looked for.
        f.q.includes('@')
          ? undefined
          : containsText(
              sql`(${packages.trackingNumber} || ' ' || ${packages.description} || ' ' || ${packages.sellerName})`,
              f.q,
            ),
        // What the label said, searched among Unassigned parcels only (their partial trigram index, migration 0025).
        and(isNull(packages.userId), ilike(packages.consigneeHint, pattern)),
        // The customers found first (customerIdsMatching), so the packages are read off the per-customer index.
        customerIds.length ? inArray(packages.userId, customerIds) : undefined,
      ),
    );
  }
  return and(...conditions);
}

/** Customers a search names (mailbox number, email or name), at most CUSTOMER_MATCH_MAX of them. */
export async function customerIdsMatching(
  db: Db,
  companyId: string,
  q: string | undefined,
): Promise<string[]> {
  if (!q) return [];
  const pattern = likePattern(q);
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.companyId, companyId),
        or(
          // Spelled as the trigram indexes users_contact_trgm_idx and users_name_trgm_idx (migration 0025).
          sql`(${users.mailboxNumber} || ' ' || ${users.email}) ILIKE ${pattern}`,
          sql`(${users.firstName} || ' ' || ${users.lastName}) ILIKE ${pattern}`,
        ),
      ),
    )
    .limit(CUSTOMER_MATCH_MAX);
  return rows.map((r) => r.id);
}
/** A search that names more customers than this is too broad to be about them; their packages are not all listed. */
const CUSTOMER_MATCH_MAX = 200;

export const ORDER = {
  newest: [desc(packages.createdAt), desc(packages.id)],
  oldest: [asc(packages.createdAt), asc(packages.id)],
  received: [sql`${packages.receivedAt} DESC NULLS LAST`, desc(packages.id)],
  updated: [desc(packages.updatedAt), desc(packages.id)],
  weight: [desc(packages.weight), desc(packages.id)],
  value: [desc(packages.declaredValueCents), desc(packages.id)],
  tracking: [asc(packages.trackingNumber), asc(packages.id)],
} satisfies Record<StaffPackageFilter['sort'], SQL[]>;

/** Staff rows with their owner and shipment, in one query; `total` (the list's count) rides along when given. */
export async function selectRows(
  db: Db,
  where: SQL | undefined,
  order: SQL[],
  limit: number,
  offset = 0,
  total?: SQL<number>,
): Promise<{ p: PackageRow; owner: Owner | null; shipmentRef: string | null; total: number | null }[]> {
  return db
    .select({
      p: packages,
      owner: {
        id: users.id,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        mailboxNumber: users.mailboxNumber,
      },
      shipmentRef: shipments.reference,
      total: total ?? sql<null>`null`,
    })
    .from(packages)
    .leftJoin(users, eq(users.id, packages.userId))
    .leftJoin(shipments, eq(shipments.id, packages.shipmentId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
}

export function toRow(
  r: { p: PackageRow; owner: Owner | null; shipmentRef: string | null },
  names: Map<string, string>,
): StaffPackageRow {
  const { p, owner } = r;
  return {
    id: p.id,
    tracking_number: p.trackingNumber,
    description: p.description,
    shipper: p.shipper,
    carrier: p.carrier,
    status: p.statusCode as PackageStatusCode,
    status_name: names.get(p.statusCode) ?? p.statusCode,
    weight: p.weight,
    pieces: p.pieces,
    declared_value_cents: p.declaredValueCents,
    owner: owner
      ? {
          id: owner.id,
          name: `${owner.firstName} ${owner.lastName}`.trim(),
          email: owner.email,
          mailbox_number: owner.mailboxNumber,
        }
      : null,
    consignee_hint: p.consigneeHint,
    shipment: p.shipmentId && r.shipmentRef ? { id: p.shipmentId, reference: r.shipmentRef } : null,
    has_prealert: p.prealertId !== null,
    fragile: p.fragile,
    hazardous: p.hazardous,
    signature_required: p.signatureRequired,
    customs_hold: p.customsHold,
    hold: holdOfPackage(p),
    received_at: iso(p.receivedAt),
    created_at: p.createdAt.toISOString(),
    updated_at: p.updatedAt.toISOString(),
  };
}

/** One CSV cell: quoted when it holds a comma, quote or line break; a leading =+-@ is defused (spreadsheet formulas). */
export function csvCell(v: string | number | boolean | null): string {
  let s = v === null ? '' : String(v);
  if (/^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

export const csvLine = (cells: (string | number | boolean | null)[]) => `${cells.map(csvCell).join(',')}\r\n`;

export const dollars = (cents: number) => (cents / 100).toFixed(2);
