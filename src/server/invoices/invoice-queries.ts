import { msg } from '@lingui/core/runtime-macro';
import { and, asc, count, eq, inArray, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import {
  type InvoiceDetail,
  type InvoiceListQuery,
  type InvoiceStats,
  invoiceListQuerySchema,
  type UnbilledPackage,
} from '../../contract/invoices';
import { settingsOf } from '../companies/account-settings';
import { timeZoneOf } from '../companies/time-zones';
import type { Db } from '../db';
import { containsText, likePattern } from '../db/like';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { invoiceLines, invoices, packages, users } from '../db/schema';
import { fieldError, notFound } from '../errors';
import { categoriesInForce, ratesInForce } from '../rates/in-force';
import { storageCountdowns } from '../storage/storage';
import { customerColumns, detailOf, splitsOf, summary } from './invoice-records';
import { type InvoiceRow, OPEN_STATUSES, today } from './invoice-totals';
import { categoryCodeFor, packageCharges } from './package-charges';

/** Reading invoices: the list and its stat cards, one invoice, what a customer owes, what is left to bill. */

/**
 * Open invoices past their due date become overdue: checked whenever the company's invoices are read, and for
 * every company by the `overdue-invoices` job (`companyId` null). Returns how many changed.
 */
export async function refreshOverdue(db: Db, companyId: string | null): Promise<number> {
  const open = inArray(invoices.status, ['issued', 'partially_paid']);
  // Past due means past it in each company's own time zone (in Kingston the UTC date turns at 7 pm).
  const companies =
    companyId !== null
      ? [companyId]
      : (await db.selectDistinct({ id: invoices.companyId }).from(invoices).where(open)).map((r) => r.id);
  let changed = 0;
  for (const id of companies) {
    const day = today(await timeZoneOf(db, id));
    const rows = await db
      .update(invoices)
      .set({ status: 'overdue', updatedAt: new Date() })
      .where(and(eq(invoices.companyId, id), open, lt(invoices.dueAt, day)))
      .returning({ id: invoices.id });
    changed += rows.length;
  }
  return changed;
}

/** Who may see an invoice: staff of its company, or its customer once it was issued to them. */
export function visibility(company: CompanyRow, user: UserRow): SQL | undefined {
  return and(
    eq(invoices.companyId, company.id),
    isStaff(user)
      ? undefined
      : and(eq(invoices.userId, user.id), ne(invoices.status, 'draft'), isNotNull(invoices.issuedAt)),
  );
}

export async function visibleInvoice(
  db: Db,
  company: CompanyRow,
  user: UserRow,
  id: string,
): Promise<InvoiceRow> {
  const [row] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.id, id), visibility(company, user)))
    .limit(1);
  if (!row) throw notFound(msg`Invoice not found`);
  return row;
}

export async function customerOf(q: Db, company: CompanyRow, id: string) {
  const [customer] = await q
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, company.id)))
    .limit(1);
  if (!customer) throw fieldError('customer_id', msg`No customer of this company has this id`);
  return customer;
}

/** An invoice number as searched: upper case, letters and digits only (no dashes, spaces). */
const numberKey = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
/** As the trigram index invoices_number_trgm_idx (0025) spells it: a bare column's would also answer `number = …`. */
const numberText = sql`coalesce(${invoices.number}, '')`;
const squeezedNumber = sql`regexp_replace(upper(coalesce(${invoices.number}, '')), '[^A-Z0-9]', '', 'g')`;

/** The list's filters, shared by the list and the stat cards. */
function listWhere(company: CompanyRow, user: UserRow, q: ReturnType<typeof invoiceListQuerySchema.parse>) {
  const staff = isStaff(user);
  const filters: (SQL | undefined)[] = [
    visibility(company, user),
    q.status ? eq(invoices.status, q.status) : undefined,
    q.customer_id ? eq(invoices.userId, q.customer_id) : undefined,
  ];
  // Drafts are dated by their creation day (a planned issue date is not a date they were issued on).
  const day = sql`(CASE WHEN ${invoices.status} = 'draft' OR ${invoices.issueDate} IS NULL THEN (${invoices.createdAt} at time zone 'UTC')::date ELSE ${invoices.issueDate} END)`;
  if (q.from) filters.push(sql`${day} >= ${q.from}::date`);
  if (q.to) filters.push(sql`${day} <= ${q.to}::date`);
  if (q.number !== undefined) {
    // Case, spaces and dashes aside: "inv 2026-000042", "2026000042" and "0042" all find INV-2026-000042.
    const n = numberKey(q.number);
    filters.push(n ? containsText(squeezedNumber, n) : sql`false`);
  }
  if (q.q) {
    const p = likePattern(q.q);
    const n = numberKey(q.q);
    const c = company.id;
    const byNumber = n
      ? sql`(${containsText(numberText, q.q)} OR ${containsText(squeezedNumber, n)})`
      : containsText(numberText, q.q);
    // Each way an invoice can match is its own SELECT reading its own trigram index (migration 0025), united: in one
    // OR beside IN-subqueries, the planner could use none of them and read every invoice of the company. As an array
    // the matches are then read by id; as an IN, the planner guessed a thousand and read all 100k invoices instead.
    // A package's tracking number is found through the package search's own index (0002): its text begins with it.
    const packageText = sql`(pk.tracking_number || ' ' || pk.description || ' ' || pk.seller_name)`;
    const customers = staff
      ? sql`UNION SELECT i.id FROM invoices i WHERE i.company_id = ${c} AND i.user_id IN (SELECT u.id FROM users u WHERE u.company_id = ${c} AND ((u.first_name || ' ' || u.last_name) ILIKE ${p} OR (u.mailbox_number || ' ' || u.email) ILIKE ${p}))`
      : sql``;
    filters.push(
      sql`${invoices.id} = ANY(ARRAY(SELECT ${invoices.id} FROM ${invoices} WHERE ${invoices.companyId} = ${c} AND ${byNumber} ${customers} UNION SELECT il.invoice_id FROM invoice_lines il WHERE il.company_id = ${c} AND ${containsText(sql`il.description`, q.q)} UNION SELECT il.invoice_id FROM invoice_lines il WHERE il.package_id IN (SELECT pk.id FROM packages pk WHERE pk.company_id = ${c} AND ${containsText(packageText, q.q)} AND strpos(lower(pk.tracking_number), lower(${q.q})) > 0)))`,
    );
  }
  return and(...filters);
}

const ORDER: Record<string, SQL[]> = {
  newest: [sql`${invoices.createdAt} desc`, sql`${invoices.id} desc`],
  oldest: [sql`${invoices.createdAt} asc`, sql`${invoices.id} asc`],
  number: [
    sql`${invoices.number} desc nulls last`,
    sql`${invoices.createdAt} desc`,
    sql`${invoices.id} desc`,
  ],
  due: [sql`${invoices.dueAt} asc nulls last`, sql`${invoices.createdAt} desc`, sql`${invoices.id} desc`],
  total: [sql`${invoices.totalCents} desc`, sql`${invoices.id} desc`],
  balance: [sql`(${invoices.totalCents} - ${invoices.amountPaidCents}) desc`, sql`${invoices.id} desc`],
  customer: [sql`${users.lastName} asc`, sql`${users.firstName} asc`, sql`${invoices.createdAt} desc`],
};

export async function listInvoices(db: Db, company: CompanyRow, user: UserRow, input: InvoiceListQuery) {
  const q = invoiceListQuerySchema.parse(input);
  await refreshOverdue(db, company.id);
  const where = listWhere(company, user, q);
  const order = ORDER[q.sort] ?? ORDER.newest ?? [];
  const offset = (q.page - 1) * q.pageSize;
  // The filters read invoices alone (customer matches go through an IN on users), so only the customer sort
  // joins users; the page's customers are read by id afterwards.
  // A search reads every line once, so its total comes with the page (a window count) instead of a second pass;
  // without a search the count is a plain scan of the company's invoices.
  const cols = {
    inv: invoices,
    total: (q.q ? sql<number>`count(*) over ()` : sql<number>`0`).mapWith(Number),
  };
  const page =
    q.sort === 'customer'
      ? db
          .select(cols)
          .from(invoices)
          .innerJoin(users, eq(users.id, invoices.userId))
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset(offset)
      : db
          .select(cols)
          .from(invoices)
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset(offset);
  const countAll = async () => (await db.select({ n: count() }).from(invoices).where(where))[0]?.n ?? 0;
  let found: { inv: InvoiceRow; total: number }[];
  let total: number;
  if (q.q) {
    found = await page;
    total = found[0]?.total ?? (offset > 0 ? await countAll() : 0);
  } else {
    [found, total] = await Promise.all([page, countAll()]);
  }
  const userIds = [...new Set(found.map((r) => r.inv.userId))];
  const customers = userIds.length
    ? await db.select(customerColumns).from(users).where(inArray(users.id, userIds))
    : [];
  const byId = new Map(customers.map((u) => [u.id, u]));
  const rows = found.flatMap((r) => {
    const c = byId.get(r.inv.userId);
    return c ? [{ inv: r.inv, c }] : [];
  });
  const ids = rows.map((r) => r.inv.id);
  const [tracking, splits] = await Promise.all([
    ids.length
      ? db
          .selectDistinct({ invoiceId: invoiceLines.invoiceId, tracking: packages.trackingNumber })
          .from(invoiceLines)
          .innerJoin(packages, eq(packages.id, invoiceLines.packageId))
          .where(inArray(invoiceLines.invoiceId, ids))
      : [],
    splitsOf(db, company.id, ids),
  ]);
  return {
    items: rows.map((r) =>
      summary(
        r.inv,
        r.c,
        tracking.filter((t) => t.invoiceId === r.inv.id).map((t) => t.tracking),
        splits.get(r.inv.id) ?? { service: 0, customs: 0 },
        isStaff(user),
      ),
    ),
    page: q.page,
    pageSize: q.pageSize,
    total,
  };
}

/** The stat cards for the list's filter, in one aggregate query. */
export async function invoiceStats(
  db: Db,
  company: CompanyRow,
  user: UserRow,
  input: InvoiceListQuery,
): Promise<InvoiceStats> {
  const q = invoiceListQuerySchema.parse(input);
  await refreshOverdue(db, company.id);
  const billed = sql`${invoices.status} not in ('draft', 'cancelled')`;
  const open = sql`${invoices.status} in ('issued', 'partially_paid', 'overdue')`;
  const owed = sql`(${invoices.totalCents} - ${invoices.amountPaidCents})`;
  const n = (s: SQL) => sql<number>`${s}`.mapWith(Number);
  const [row] = await db
    .select({
      customers: n(sql`count(distinct ${invoices.userId})`),
      invoices: n(sql`count(*)`),
      total: n(sql`coalesce(sum(${invoices.totalCents}) filter (where ${billed}), 0)`),
      paid: n(sql`coalesce(sum(${invoices.amountPaidCents}) filter (where ${billed}), 0)`),
      unpaid: n(sql`coalesce(sum(${owed}) filter (where ${open}), 0)`),
      overdueCents: n(sql`coalesce(sum(${owed}) filter (where ${invoices.status} = 'overdue'), 0)`),
      overdue: n(sql`count(*) filter (where ${invoices.status} = 'overdue')`),
    })
    .from(invoices)
    .where(listWhere(company, user, q));
  return {
    customers: row?.customers ?? 0,
    invoices: row?.invoices ?? 0,
    total_cents: row?.total ?? 0,
    paid_cents: row?.paid ?? 0,
    unpaid_cents: row?.unpaid ?? 0,
    overdue_cents: row?.overdueCents ?? 0,
    overdue: row?.overdue ?? 0,
    currency: company.currency,
  };
}

export async function invoiceDetail(
  db: Db,
  company: CompanyRow,
  user: UserRow,
  id: string,
): Promise<InvoiceDetail> {
  await refreshOverdue(db, company.id);
  return detailOf(db, await visibleInvoice(db, company, user, id), isStaff(user));
}

/** Staff: the customer's packages on no live invoice, each with the lines it would add. */
export async function unbilledPackages(
  db: Db,
  company: CompanyRow,
  customerId: string,
): Promise<UnbilledPackage[]> {
  await customerOf(db, company, customerId);
  const pkgs = await db
    .select()
    .from(packages)
    .where(
      and(
        eq(packages.companyId, company.id),
        eq(packages.userId, customerId),
        sql`NOT EXISTS (SELECT 1 FROM invoice_lines il JOIN invoices i ON i.id = il.invoice_id WHERE il.package_id = ${packages.id} AND i.status <> 'cancelled')`,
      ),
    )
    .orderBy(asc(packages.createdAt), asc(packages.id));
  if (pkgs.length === 0) return [];
  // The rates in force when the draft is computed: a new invoice uses today's prices, an issued one keeps its lines.
  const at = new Date();
  const [settings, rates, cats, storage] = await Promise.all([
    settingsOf(db, company.id),
    ratesInForce(db, company.id, at),
    categoriesInForce(db, company.id, at),
    storageCountdowns(db, company, pkgs, at),
  ]);
  const byCode = new Map(cats.map((c) => [c.code, c]));
  return pkgs.map((p) => {
    const category = byCode.get(categoryCodeFor(p.description)) ?? byCode.get('general') ?? null;
    const { lines, warnings } = packageCharges({
      pkg: {
        id: p.id,
        trackingNumber: p.trackingNumber,
        description: p.description,
        weight: p.weight,
        declaredValueCents: p.declaredValueCents,
        storage: storage.get(p.id) ?? null,
      },
      category,
      rates,
      settings,
      currency: company.currency,
    });
    return {
      id: p.id,
      tracking_number: p.trackingNumber,
      description: p.description,
      status: p.statusCode as UnbilledPackage['status'],
      weight_lb: Number(p.weight) > 0 ? Number(p.weight) : null,
      declared_value_usd_cents: p.declaredValueCents > 0 ? p.declaredValueCents : null,
      category: category?.code ?? null,
      received_at: p.receivedAt ? p.receivedAt.toISOString() : null,
      lines,
      warnings,
    };
  });
}

/** What the customer owes on open invoices, and how many. */
export async function balanceDue(db: Db, company: CompanyRow, user: UserRow) {
  await refreshOverdue(db, company.id);
  const rows = await db
    .select({
      status: invoices.status,
      n: count(),
      sum: sql<number>`coalesce(sum(${invoices.totalCents} - ${invoices.amountPaidCents}), 0)`.mapWith(
        Number,
      ),
    })
    .from(invoices)
    .where(
      and(
        eq(invoices.companyId, company.id),
        eq(invoices.userId, user.id),
        inArray(invoices.status, [...OPEN_STATUSES]),
      ),
    )
    .groupBy(invoices.status);
  return {
    balance_due_cents: rows.reduce((s, r) => s + r.sum, 0),
    open_invoices: rows.reduce((s, r) => s + r.n, 0),
    overdue_invoices: rows.find((r) => r.status === 'overdue')?.n ?? 0,
  };
}
