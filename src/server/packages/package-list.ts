import { and, asc, count, desc, eq, gte, lt, type SQL, sql } from 'drizzle-orm';
import type { PackageSort } from '../../contract/constants';
import { PACKAGE_COUNT_CAP, type PackageListQuery, packageListQuerySchema } from '../../contract/packages';
import type { Db } from '../db';
import { likePattern } from '../db/like';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { packages, prealerts, users } from '../db/schema';
import { storageCountdowns } from '../storage/storage';
import { awaitingParcel } from './prealert-records';
import { type StatusNames, summaryColumns, toSummary } from './summaries';

/* The portal's package list (a customer's own, staff their company's) and its counts by status. */

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

export function createPackageList(deps: { db: Db; names: StatusNames }) {
  const { db, names } = deps;
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

  return {
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
      const [rows, statusNames] = await Promise.all([
        listStatement(shape).execute({ ...values, limit: q.pageSize, offset: (q.page - 1) * q.pageSize }),
        names(),
      ]);
      let total: number | null = null;
      if (counted) {
        // An empty page carries no count: page 1 empty means no match; past the end, count on its own.
        total = rows[0]?.total ?? (q.page === 1 ? 0 : await countAlone(shape, values));
      }
      // The parcels of the page waiting at the counter carry their storage countdown.
      const storage = await storageCountdowns(
        db,
        company,
        rows.map((r) => r.p),
      );
      return {
        items: rows.map((r) => toSummary(r.p, r.owner, statusNames, storage.get(r.p.id) ?? null)),
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
  };
}
