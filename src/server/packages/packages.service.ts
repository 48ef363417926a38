import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PackageSort, PackageStatusCode } from '../../contract/constants';
import {
  PACKAGE_COUNT_CAP,
  type PackageDetail,
  type PackageListQuery,
  type PackageSummary,
  packageListQuerySchema,
  type Receipt,
} from '../../contract/packages';
import type { Db } from '../db';
import { likePattern } from '../db/like';
import { LookupCache } from '../db/lookup-cache';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { files, packageEvents, packageReceipts, packages, prealerts, users } from '../db/schema';
import { onWrite } from '../db/writes';
import { conflict, notFound } from '../errors';
import type { PackageStatus } from '../package-status/move-status';
import { statusNames as readStatusNames } from '../package-status/status-names';
import { awaitingParcel, prealertDtos } from './prealert-records';
import { toFileInfo } from './stored-files';

type PackageRow = typeof packages.$inferSelect;

/**
 * The columns a summary shows: the list reads only these (a page of whole rows is twice the bytes to decode, which
 * is most of the cost of a page on the embedded database).
 */
const summaryColumns = {
  id: packages.id,
  trackingNumber: packages.trackingNumber,
  description: packages.description,
  sellerName: packages.sellerName,
  shipper: packages.shipper,
  weight: packages.weight,
  length: packages.length,
  width: packages.width,
  height: packages.height,
  declaredValueCents: packages.declaredValueCents,
  statusCode: packages.statusCode,
  receivedAt: packages.receivedAt,
  deliveredAt: packages.deliveredAt,
  createdAt: packages.createdAt,
  updatedAt: packages.updatedAt,
};
type SummaryRow = Pick<PackageRow, keyof typeof summaryColumns>;

/** Which filters a list query sets, its sort, and whether it counts: one prepared statement per shape. */
type ListShape = {
  own: boolean;
  status: boolean;
  q: boolean;
  from: boolean;
  to: boolean;
  sort: PackageSort;
  counted: boolean;
};
const statementName = (s: ListShape) =>
  `packages_list_${[s.own, s.status, s.q, s.from, s.to, s.counted].map(Number).join('')}_${s.sort}`;

const LIST_ORDER = {
  newest: [desc(packages.createdAt), desc(packages.id)],
  oldest: [asc(packages.createdAt), asc(packages.id)],
  updated: [desc(packages.updatedAt), desc(packages.id)],
  weight: [desc(packages.weight), desc(packages.id)],
  tracking: [asc(packages.trackingNumber), asc(packages.id)],
} satisfies Record<PackageSort, SQL[]>;

/** The list's filters, their values as placeholders (company, user, status, q, from, to). */
function listWhere(shape: ListShape): SQL | undefined {
  const p = sql.placeholder;
  return and(
    eq(packages.companyId, p('company')),
    shape.own ? eq(packages.userId, p('user')) : undefined,
    shape.status ? eq(packages.statusCode, p('status')) : undefined,
    shape.from ? gte(packages.createdAt, p('from')) : undefined,
    shape.to ? lt(packages.createdAt, p('to')) : undefined,
    // Same expression as the trigram index packages_search_trgm_idx (migration 0002).
    shape.q
      ? sql`(${packages.trackingNumber} || ' ' || ${packages.description} || ' ' || ${packages.sellerName}) ILIKE ${p('q')}`
      : undefined,
  );
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** Packages: customers see their own, staff their company's; staff move them along (intake receives them). */
export function createPackageService(deps: { db: Db; status: PackageStatus }) {
  const { db } = deps;
  // Status names change only with the reference data: read on every list, they are kept in memory until a write.
  const statusCache = new LookupCache<'all', Map<string, string>>({ ttlMs: 60_000, max: 1 });
  onWrite(db, ['package_statuses'], () => statusCache.clear());
  /** Inside a transaction, read through it (it may have just changed them); otherwise from the cache. */
  function statusNames(q: Db = db): Promise<Map<string, string>> {
    return q === db ? statusCache.get('all', () => readStatusNames(db)) : readStatusNames(q);
  }

  function toSummary(
    p: SummaryRow,
    owner: { id: string; firstName: string; lastName: string; mailboxNumber: string } | null,
    names: Map<string, string>,
  ): PackageSummary {
    return {
      id: p.id,
      tracking_number: p.trackingNumber,
      description: p.description,
      seller_name: p.sellerName,
      shipper: p.shipper,
      weight: p.weight,
      length: p.length,
      width: p.width,
      height: p.height,
      declared_value_cents: p.declaredValueCents,
      status: p.statusCode as PackageStatusCode,
      status_name: names.get(p.statusCode) ?? p.statusCode,
      received_at: iso(p.receivedAt),
      delivered_at: iso(p.deliveredAt),
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      owner: owner
        ? {
            id: owner.id,
            name: `${owner.firstName} ${owner.lastName}`.trim(),
            mailbox_number: owner.mailboxNumber,
          }
        : null,
    };
  }

  /** The package if the caller may see it (its owner, or staff of its company); otherwise "not found". */
  async function visiblePackage(
    company: CompanyRow,
    user: UserRow,
    id: string,
    q: Db = db,
  ): Promise<PackageRow> {
    const [row] = await q
      .select()
      .from(packages)
      .where(
        and(
          eq(packages.id, id),
          eq(packages.companyId, company.id),
          isStaff(user) ? undefined : eq(packages.userId, user.id),
        ),
      )
      .limit(1);
    if (!row) throw notFound('Package not found');
    return row;
  }

  /**
   * The list's statement for one shape of query (whose filters are set, the sort, counted or not), built and prepared
   * once: the values come as placeholders. drizzle then skips building the SQL on every request, and PostgreSQL
   * plans a named statement once per connection instead of on every page (planning cost more than running it).
   */
  const listStatements = new Map<string, ReturnType<typeof prepareList>>();
  function listStatement(shape: ListShape) {
    const name = statementName(shape);
    let statement = listStatements.get(name);
    if (!statement) {
      statement = prepareList(shape, name);
      listStatements.set(name, statement);
    }
    return statement;
  }

  /** The capped count without the page (a page past the end carries none). Rare: built when needed. */
  async function countAlone(shape: ListShape, values: Record<string, unknown>): Promise<number> {
    const capped = db
      .select({ one: sql`1` })
      .from(packages)
      .where(listWhere(shape))
      .limit(PACKAGE_COUNT_CAP + 1)
      .as('capped');
    const [row] = await db
      .select({ n: count() })
      .from(capped)
      .prepare(`${statementName(shape)}_count`)
      .execute(values);
    return row?.n ?? 0;
  }

  function prepareList(shape: ListShape, name: string) {
    const where = listWhere(shape);
    // Counting stops past the cap: an exact count of a million rows costs more than the page itself.
    const capped = db
      .select({ one: sql`1` })
      .from(packages)
      .where(where)
      .limit(PACKAGE_COUNT_CAP + 1)
      .as('capped');
    return db
      .select({
        p: summaryColumns,
        owner: {
          id: users.id,
          firstName: users.firstName,
          lastName: users.lastName,
          mailboxNumber: users.mailboxNumber,
        },
        // The count rides along with the page (one statement, one round trip): an uncorrelated subquery, which
        // PostgreSQL runs once, not per row.
        total: shape.counted
          ? sql<number>`(select count(*) from ${capped})`.mapWith(Number)
          : sql<null>`null`,
      })
      .from(packages)
      .leftJoin(users, eq(users.id, packages.userId))
      .where(where)
      .orderBy(...LIST_ORDER[shape.sort])
      .limit(sql.placeholder('limit'))
      .offset(sql.placeholder('offset'))
      .prepare(name);
  }

  const service = {
    visiblePackage,

    async list(company: CompanyRow, user: UserRow, input: PackageListQuery) {
      const q = packageListQuerySchema.parse(input);
      const counted = q.count ? q.count === '1' : q.page === 1;
      const shape: ListShape = {
        own: !isStaff(user),
        status: Boolean(q.status),
        q: Boolean(q.q),
        from: Boolean(q.from),
        to: Boolean(q.to),
        sort: q.sort,
        counted,
      };
      const values = {
        company: company.id,
        user: user.id,
        status: q.status,
        q: q.q ? likePattern(q.q) : undefined,
        from: q.from ? new Date(`${q.from}T00:00:00Z`) : undefined,
        to: q.to ? new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000) : undefined,
      };
      const [rows, names] = await Promise.all([
        listStatement(shape).execute({ ...values, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
        statusNames(),
      ]);
      let total: number | null = null;
      if (counted) {
        // An empty page carries no count: page 1 empty means no match; past the end, count on its own.
        total = rows[0]?.total ?? (q.page === 1 ? 0 : await countAlone(shape, values));
      }
      return {
        items: rows.map((r) => toSummary(r.p, r.owner, names)),
        page: q.page,
        pageSize: q.pageSize,
        total: total === null ? null : Math.min(total, PACKAGE_COUNT_CAP),
        total_capped: total !== null && total > PACKAGE_COUNT_CAP,
      };
    },

    async counts(company: CompanyRow, user: UserRow) {
      const rows = await db
        .select({ status: packages.statusCode, n: count() })
        .from(packages)
        .where(
          and(eq(packages.companyId, company.id), isStaff(user) ? undefined : eq(packages.userId, user.id)),
        )
        .groupBy(packages.statusCode);
      const by_status: Record<string, number> = {};
      for (const r of rows) by_status[r.status] = r.n;
      // A customer's pre-alerts still awaiting their parcel are packages to them, "Pre-alerted" (issue 16).
      let awaiting = 0;
      if (!isStaff(user)) {
        const [row] = await db
          .select({ n: count() })
          .from(prealerts)
          .where(and(eq(prealerts.companyId, company.id), eq(prealerts.userId, user.id), awaitingParcel(db)));
        awaiting = row?.n ?? 0;
        if (awaiting > 0) by_status.pre_alerted = (by_status.pre_alerted ?? 0) + awaiting;
      }
      return { total: rows.reduce((s, r) => s + r.n, 0) + awaiting, by_status, awaiting_prealerts: awaiting };
    },

    // `q`: a transaction whose uncommitted rows the answer must see (an intake inside its Idempotency-Key's).
    async detail(company: CompanyRow, user: UserRow, id: string, q: Db = db): Promise<PackageDetail> {
      const p = await visiblePackage(company, user, id, q);
      const [owner] = p.userId ? await q.select().from(users).where(eq(users.id, p.userId)).limit(1) : [];
      const names = await statusNames(q);
      const events = await q
        .select({
          e: packageEvents,
          actor: { first: users.firstName, last: users.lastName, role: users.role },
        })
        .from(packageEvents)
        .leftJoin(users, eq(users.id, packageEvents.actorId))
        .where(eq(packageEvents.packageId, p.id))
        .orderBy(asc(packageEvents.createdAt), asc(packageEvents.id));
      const receipts = await q
        .select({ r: packageReceipts, file: files, by: { first: users.firstName, last: users.lastName } })
        .from(packageReceipts)
        .innerJoin(files, eq(files.id, packageReceipts.fileId))
        .innerJoin(users, eq(users.id, packageReceipts.uploadedBy))
        .where(eq(packageReceipts.packageId, p.id))
        .orderBy(asc(packageReceipts.createdAt));
      const prealertRows = p.prealertId
        ? await q.select().from(prealerts).where(eq(prealerts.id, p.prealertId)).limit(1)
        : [];
      const [prealert] = await prealertDtos(q, prealertRows);
      return {
        ...toSummary(p, owner ?? null, names),
        events: events.map(({ e, actor }) => ({
          id: e.id,
          status: e.statusCode as PackageStatusCode,
          status_name: names.get(e.statusCode) ?? e.statusCode,
          note: e.note,
          // Customers see who at the company acted by first name only; their own actions by name.
          actor: actor ? actor.first : null,
          created_at: e.createdAt.toISOString(),
        })),
        receipts: receipts.map(
          ({ r, file, by }): Receipt => ({
            id: r.id,
            package_id: r.packageId,
            kind: r.kind,
            file: toFileInfo(file),
            uploaded_by: `${by.first} ${by.last}`.trim(),
            created_at: r.createdAt.toISOString(),
          }),
        ),
        prealert: prealert ?? null,
      };
    },

    /**
     * Staff move a package to a status by hand, through the status's owner (which refuses a move its rules do not
     * allow); its owner is told (and mailed) in the same transaction.
     */
    async changeStatus(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      { status, note }: { status: PackageStatusCode; note: string },
      origin: string,
    ) {
      const pkg = await visiblePackage(company, staff, id);
      if (pkg.statusCode === status) throw conflict(`The package is already "${status}"`);
      await db.transaction((tx) =>
        deps.status.moveStatus(tx, {
          company,
          actor: staff,
          mover: 'staff',
          packages: [{ id: pkg.id }],
          to: status,
          note,
          tell: { origin, note },
        }),
      );
      return service.detail(company, staff, id);
    },
  };
  return service;
}

export type PackageService = ReturnType<typeof createPackageService>;
