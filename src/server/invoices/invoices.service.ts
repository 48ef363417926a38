import { randomUUID } from 'node:crypto';
import {
  and,
  asc,
  count,
  eq,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  ne,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { AuditValue } from '../../contract/audit';
import {
  type CreateInvoiceBody,
  cancelInvoiceBodySchema,
  createInvoiceBodySchema,
  type Discount,
  type InvoiceDetail,
  type InvoiceLineInput,
  type InvoiceListQuery,
  type InvoiceMailDraft,
  type InvoicePreview,
  type InvoicePreviewBody,
  type InvoiceStats,
  type InvoiceStatus,
  invoiceListQuerySchema,
  invoicePreviewBodySchema,
  type PaymentBody,
  paymentBodySchema,
  reversePaymentBodySchema,
  type SendInvoiceBody,
  sendInvoiceBodySchema,
  type UnbilledPackage,
  type UpdateInvoiceBody,
  updateInvoiceBodySchema,
} from '../../contract/invoices';
import type { AuditService } from '../audit/audit.service';
import { diff } from '../audit/audit.service';
import { settingsOf } from '../companies/account-settings';
import { readTimeZone, timeZoneOf } from '../companies/time-zones';
import type { Config } from '../config';
import type { Db } from '../db';
import { likePattern } from '../db/like';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import {
  dutyCategories,
  invoiceLines,
  invoices,
  packageEvents,
  packages,
  payments,
  pointsLedger,
  users,
} from '../db/schema';
import { badRequest, conflict, fieldError, notFound } from '../errors';
import { brandOf, invoiceMailDraft } from '../mail/templates';
import { formatMoney } from '../money';
import type { NotificationService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import { invoicePdf } from './invoice-pdf';
import {
  computeTotals,
  customerColumns,
  dateIn,
  detailOf as detailIn,
  discountOf,
  type InvoiceNotice,
  type InvoiceRow,
  invoiceNotice,
  lineRows,
  nextInvoiceNumber,
  OPEN_STATUSES,
  settledStatus,
  splitsOf,
  storedCustomsBases,
  summary,
  today,
} from './invoice-records';
import type { InvoiceSends } from './invoice-send';
import { categoryCodeFor, packageCharges } from './package-charges';

type InvoiceSet = Partial<typeof invoices.$inferInsert>;
type Form = {
  lines: InvoiceLineInput[];
  discount: Discount | null;
  taxRate: string;
};

const isOpen = (s: InvoiceStatus) => (OPEN_STATUSES as readonly InvoiceStatus[]).includes(s);

/** The fields of an invoice the audit trail compares (lines summed up: the trail shows the figures that moved). */
function auditView(inv: InvoiceRow, lines?: InvoiceLineInput[]): Record<string, AuditValue> {
  return {
    status: inv.status,
    number: inv.number,
    total_cents: inv.totalCents,
    subtotal_cents: inv.subtotalCents,
    discount_cents: inv.discountCents,
    tax_cents: inv.taxCents,
    tax_rate: inv.taxRate,
    amount_paid_cents: inv.amountPaidCents,
    issue_date: inv.issueDate,
    due_at: inv.dueAt,
    notes: inv.notes,
    terms: inv.terms,
    ...(lines
      ? {
          lines: lines
            .map((l) => `${l.quantity} × ${l.description} @ ${formatMoney(l.unit_price_cents, inv.currency)}`)
            .join('; ')
            .slice(0, 1000),
        }
      : {}),
  };
}

export function createInvoiceService(deps: {
  db: Db;
  notifications: NotificationService;
  points: PointsService;
  audit: AuditService;
  sends: InvoiceSends;
  config: Config;
}) {
  const { db, notifications, points, audit, sends, config } = deps;

  /**
   * Open invoices past their due date become overdue: checked whenever the company's invoices are read, and for
   * every company by the `overdue-invoices` job (`companyId` null). Returns how many changed.
   */
  async function refreshOverdue(companyId: string | null): Promise<number> {
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
  function visibility(company: CompanyRow, user: UserRow): SQL | undefined {
    return and(
      eq(invoices.companyId, company.id),
      isStaff(user)
        ? undefined
        : and(eq(invoices.userId, user.id), ne(invoices.status, 'draft'), isNotNull(invoices.issuedAt)),
    );
  }

  async function visibleInvoice(company: CompanyRow, user: UserRow, id: string): Promise<InvoiceRow> {
    const [row] = await db
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), visibility(company, user)))
      .limit(1);
    if (!row) throw notFound('Invoice not found');
    return row;
  }

  /** The invoice, locked for the rest of the transaction. */
  async function locked(tx: Db, company: CompanyRow, id: string): Promise<InvoiceRow> {
    const [inv] = await tx
      .select()
      .from(invoices)
      .where(and(eq(invoices.id, id), eq(invoices.companyId, company.id)))
      .for('update');
    if (!inv) throw notFound('Invoice not found');
    return inv;
  }

  const staffDetail = (inv: InvoiceRow, q: Db = db) => detailIn(q, inv, true);

  async function customerOf(q: Db, company: CompanyRow, id: string) {
    const [customer] = await q
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.id, id), eq(users.companyId, company.id)))
      .limit(1);
    if (!customer) throw fieldError('customer_id', 'No customer of this company has this id');
    return customer;
  }

  /** Every package a line names must be the customer's (in this company). */
  async function checkPackages(tx: Db, company: CompanyRow, customerId: string, lines: InvoiceLineInput[]) {
    const ids = [...new Set(lines.map((l) => l.package_id).filter((v): v is string => !!v))];
    if (ids.length === 0) return;
    const found = await tx
      .select({ id: packages.id })
      .from(packages)
      .where(
        and(inArray(packages.id, ids), eq(packages.companyId, company.id), eq(packages.userId, customerId)),
      );
    const ok = new Set(found.map((f) => f.id));
    const errors: Record<string, string[]> = {};
    lines.forEach((l, i) => {
      if (l.package_id && !ok.has(l.package_id)) {
        errors[`lines.${i}.package_id`] = ['This package is not one of the customer’s'];
      }
    });
    if (Object.keys(errors).length > 0) throw badRequest('Validation failed', errors);
  }

  /** Replaces the lines and returns the invoice's money columns for them (computeTotals, the only arithmetic). */
  async function writeLines(
    tx: Db,
    company: CompanyRow,
    invoiceId: string,
    form: Form,
    was: Pick<InvoiceRow, 'status' | 'customsBases'> | null = null,
  ): Promise<InvoiceSet> {
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    if (form.lines.length > 0)
      await tx.insert(invoiceLines).values(lineRows(invoiceId, company.id, form.lines));
    const t = computeTotals(form.lines, form.discount, form.taxRate);
    // The CIF values the customs lines are computed on, with the lines: a draft's follow today's rate, an issued
    // invoice's stay as issued.
    const customsBases = await storedCustomsBases(
      tx,
      company.id,
      form.lines,
      was?.customsBases ?? null,
      !!was && was.status !== 'draft',
    );
    return {
      customsBases,
      subtotalCents: t.subtotal_cents,
      discountCents: t.discount_cents,
      taxCents: t.tax_cents,
      totalCents: t.total_cents,
      discountKind: form.discount?.kind ?? null,
      discountValue: form.discount?.value ?? 0,
      taxRate: form.taxRate,
    };
  }

  async function currentLines(q: Db, invoiceId: string): Promise<InvoiceLineInput[]> {
    const rows = await q
      .select()
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, invoiceId))
      .orderBy(asc(invoiceLines.position), asc(invoiceLines.id));
    return rows.map((l) => ({
      type: l.type,
      description: l.description,
      quantity: l.quantity,
      unit_price_cents: l.unitPriceCents,
      package_id: l.packageId,
    }));
  }

  /**
   * Issues a draft inside the caller's transaction: the next number of the company is taken by the same
   * transaction (the counter row stays locked until it commits), so numbers have no gap and no repeat.
   */
  async function issueWithin(
    tx: Db,
    company: CompanyRow,
    actor: UserRow | null,
    inv: InvoiceRow,
    dates: { issue_date?: string | null | undefined; due_at?: string | null | undefined } = {},
  ): Promise<InvoiceRow> {
    if (inv.status !== 'draft') throw conflict(`This invoice is already ${inv.status.replace('_', ' ')}`);
    const [hasLine] = await tx
      .select({ id: invoiceLines.id })
      .from(invoiceLines)
      .where(eq(invoiceLines.invoiceId, inv.id))
      .limit(1);
    if (!hasLine)
      throw badRequest('Add at least one line before issuing', { lines: ['Add at least one line'] });
    const settings = await settingsOf(tx, company.id);
    const day = today(await readTimeZone(tx, company.id));
    const issueDate = dates.issue_date ?? inv.issueDate ?? day;
    const dueAt =
      dates.due_at ?? inv.dueAt ?? dateIn(settings.invoice_due_days, new Date(`${issueDate}T12:00:00Z`));
    const number = await nextInvoiceNumber(tx, company.id, Number(issueDate.slice(0, 4)));
    const now = new Date();
    const status = settledStatus({ ...inv, status: 'issued', dueAt }, day);
    const [issued] = await tx
      .update(invoices)
      .set({ number, status, issueDate, dueAt, issuedAt: now, updatedAt: now })
      .where(eq(invoices.id, inv.id))
      .returning();
    if (!issued) throw new Error('invoice vanished');
    await audit.record(tx, company, actor, {
      entity: 'invoice',
      entityId: inv.id,
      action: 'issued',
      changes: diff(auditView(inv), auditView(issued)),
    });
    return issued;
  }

  /** The customer's notification (and, per their preferences, mail) about a change of their invoice, in its `tx`. */
  async function tell(
    tx: Db,
    company: CompanyRow,
    inv: InvoiceRow,
    origin: string,
    what: InvoiceNotice,
    amount = 0,
    mail: 'preference' | 'never' = 'preference',
  ) {
    await notifications.notify(
      company,
      inv.userId,
      { kind: 'invoice', ...invoiceNotice(inv, what, amount), link: `/user/invoices/${inv.id}` },
      { origin, mail, within: tx, about: [{ entity: 'invoice', id: inv.id }] },
    );
  }

  /**
   * The points a paid invoice earned, and how often a reversal took them back: references are `invoice:<id>` for the
   * first award and `invoice:<id>#<n>` after the n-th take-back, so each award and each take-back happens once (the
   * ledger's unique reference), and an invoice paid, reversed and paid again earns exactly once in the end.
   */
  async function earnedFor(tx: Db, inv: InvoiceRow) {
    const rows = await tx
      .select({ points: pointsLedger.points, kind: pointsLedger.kind })
      .from(pointsLedger)
      .where(
        and(
          eq(pointsLedger.userId, inv.userId),
          or(
            and(eq(pointsLedger.kind, 'invoice_paid'), like(pointsLedger.reference, `invoice:${inv.id}%`)),
            and(
              eq(pointsLedger.kind, 'adjustment'),
              like(pointsLedger.reference, `invoice-unpaid:${inv.id}#%`),
            ),
          ),
        ),
      )
      .orderBy(asc(pointsLedger.id));
    const awards = rows.filter((r) => r.kind === 'invoice_paid');
    const takebacks = rows.length - awards.length;
    return { awards: awards.length, takebacks, last: awards.at(-1)?.points ?? 0 };
  }

  /** Points for a paid invoice: once per time it becomes paid (see `earnedFor`). */
  async function awardFor(tx: Db, company: CompanyRow, inv: InvoiceRow) {
    const e = await earnedFor(tx, inv);
    if (e.awards > e.takebacks) return;
    const s = await settingsOf(tx, company.id);
    const earned = Math.floor(inv.totalCents / s.points.cents_per_point);
    await points.award(tx, company, inv.userId, {
      points: earned,
      kind: 'invoice_paid',
      reason: `Paid invoice ${inv.number}`,
      reference: e.takebacks === 0 ? `invoice:${inv.id}` : `invoice:${inv.id}#${e.takebacks}`,
    });
  }

  /** A paid invoice that is no longer paid (a payment reversed) gives back what it earned, as far as the balance goes. */
  async function takeBackFor(tx: Db, company: CompanyRow, inv: InvoiceRow, staff: UserRow) {
    const e = await earnedFor(tx, inv);
    if (e.awards <= e.takebacks || e.last <= 0) return;
    await points.deductIn(
      tx,
      company,
      inv.userId,
      {
        points: e.last,
        kind: 'adjustment',
        reason: `Invoice ${inv.number ?? ''} no longer paid: its points taken back`,
        reference: `invoice-unpaid:${inv.id}#${e.takebacks + 1}`,
        createdBy: staff.id,
      },
      { clamp: true },
    );
  }

  /** An invoice number as searched: upper case, letters and digits only (no dashes, spaces). */
  const numberKey = (s: string) => s.toUpperCase().replace(/[^A-Z0-9]/g, '');
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
      filters.push(n ? sql`${squeezedNumber} LIKE ${`%${n}%`}` : sql`false`);
    }
    if (q.q) {
      const p = likePattern(q.q);
      const n = numberKey(q.q);
      const byNumber = n
        ? sql`(${invoices.number} ILIKE ${p} OR ${squeezedNumber} LIKE ${`%${n}%`})`
        : sql`${invoices.number} ILIKE ${p}`;
      // Two flat passes (line descriptions; lines of packages whose tracking matches), each a hashed IN, rather than
      // a lookup per invoice or a join of every line to its package.
      const lines = sql`(${invoices.id} IN (SELECT il.invoice_id FROM invoice_lines il WHERE il.company_id = ${company.id} AND il.description ILIKE ${p}) OR ${invoices.id} IN (SELECT il.invoice_id FROM invoice_lines il WHERE il.package_id IN (SELECT pk.id FROM packages pk WHERE pk.company_id = ${company.id} AND pk.tracking_number ILIKE ${p})))`;
      filters.push(
        staff
          ? sql`(${byNumber} OR ${invoices.userId} IN (SELECT u.id FROM users u WHERE u.company_id = ${company.id} AND (u.first_name || ' ' || u.last_name ILIKE ${p} OR u.mailbox_number ILIKE ${p} OR u.email ILIKE ${p})) OR ${lines})`
          : sql`(${byNumber} OR ${lines})`,
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

  /**
   * Sends an invoice in `tx` (a draft is issued first): its mail with the PDF is queued in the same transaction and
   * the bell tells the customer (the mail itself is the invoice). See invoice-send.ts for what staff see after.
   */
  async function sendWithin(
    tx: Db,
    company: CompanyRow,
    staff: UserRow,
    found: InvoiceRow,
    b: SendInvoiceBody,
    origin: string,
  ): Promise<InvoiceRow> {
    if (found.status === 'cancelled') throw conflict('A cancelled invoice cannot be sent');
    const inv = found.status === 'draft' ? await issueWithin(tx, company, staff, found) : found;
    await tell(tx, company, inv, origin, 'issued', 0, 'never');
    return sends.queue(tx, company, staff, inv, b, origin);
  }

  async function sendOne(
    company: CompanyRow,
    staff: UserRow,
    id: string,
    input: SendInvoiceBody | undefined,
    origin: string,
  ): Promise<InvoiceDetail> {
    const b = sendInvoiceBodySchema.parse(input ?? {});
    const row = await db.transaction(async (txRaw) => {
      const tx = txRaw as unknown as Db;
      return sendWithin(tx, company, staff, await locked(tx, company, id), b, origin);
    });
    return staffDetail(row);
  }

  async function taxLabel(company: CompanyRow) {
    return (await settingsOf(db, company.id)).invoice.tax_label;
  }

  /** Packages (of the customer, in the company) on a line of an invoice that is not cancelled. */
  async function billedAmong(q: Db, company: CompanyRow, ids: string[]): Promise<Set<string>> {
    if (ids.length === 0) return new Set();
    const rows = await q
      .selectDistinct({ id: invoiceLines.packageId })
      .from(invoiceLines)
      .innerJoin(invoices, eq(invoices.id, invoiceLines.invoiceId))
      .where(
        and(
          eq(invoiceLines.companyId, company.id),
          inArray(invoiceLines.packageId, ids),
          ne(invoices.status, 'cancelled'),
        ),
      );
    return new Set(rows.map((r) => r.id).filter((v): v is string => !!v));
  }

  /** Creates a draft from a form (inside a transaction), with its audit entry. */
  async function insertDraft(
    tx: Db,
    company: CompanyRow,
    staff: UserRow,
    customerId: string,
    form: Form,
    extra: {
      notes?: string | undefined;
      terms?: string | undefined;
      issueDate?: string | null;
      dueAt?: string | null;
    },
    note = '',
  ): Promise<InvoiceRow> {
    await checkPackages(tx, company, customerId, form.lines);
    const settings = await settingsOf(tx, company.id);
    const [inv] = await tx
      .insert(invoices)
      .values({
        companyId: company.id,
        userId: customerId,
        number: null,
        status: 'draft',
        currency: company.currency,
        notes: extra.notes ?? '',
        terms: extra.terms ?? settings.invoice.terms,
        issueDate: extra.issueDate ?? null,
        dueAt: extra.dueAt ?? null,
        createdBy: staff.id,
      })
      .returning();
    if (!inv) throw new Error('invoice insert returned no row');
    const money = await writeLines(tx, company, inv.id, form);
    const [done] = await tx.update(invoices).set(money).where(eq(invoices.id, inv.id)).returning();
    if (!done) throw new Error('invoice vanished');
    await audit.record(tx, company, staff, {
      entity: 'invoice',
      entityId: done.id,
      action: 'created',
      changes: diff({} as Record<string, AuditValue>, auditView(done, form.lines)),
      note,
    });
    return done;
  }

  const service = {
    refreshOverdue,

    async list(company: CompanyRow, user: UserRow, input: InvoiceListQuery) {
      const q = invoiceListQuerySchema.parse(input);
      await refreshOverdue(company.id);
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
    },

    /** The stat cards for the list's filter, in one aggregate query. */
    async stats(company: CompanyRow, user: UserRow, input: InvoiceListQuery): Promise<InvoiceStats> {
      const q = invoiceListQuerySchema.parse(input);
      await refreshOverdue(company.id);
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
    },

    async detail(company: CompanyRow, user: UserRow, id: string): Promise<InvoiceDetail> {
      await refreshOverdue(company.id);
      return detailIn(db, await visibleInvoice(company, user, id), isStaff(user));
    },

    /** Staff: prices a form with the invoice arithmetic, saving nothing. */
    async preview(company: CompanyRow, input: InvoicePreviewBody): Promise<InvoicePreview> {
      const b = invoicePreviewBodySchema.parse(input);
      const taxRate = b.tax_rate ?? (await settingsOf(db, company.id)).invoice.tax_rate;
      const t = computeTotals(b.lines, b.discount ?? null, taxRate);
      const { line_totals, ...totals } = t;
      return {
        ...totals,
        currency: company.currency,
        tax_rate: taxRate,
        lines: b.lines.map((l, i) => ({ ...l, line_total_cents: line_totals[i] ?? 0 })),
      };
    },

    /** Staff: the customer's packages on no live invoice, each with the lines it would add. */
    async unbilled(company: CompanyRow, customerId: string): Promise<UnbilledPackage[]> {
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
      const [settings, cats, ready] = await Promise.all([
        settingsOf(db, company.id),
        db
          .select()
          .from(dutyCategories)
          .where(and(eq(dutyCategories.companyId, company.id), eq(dutyCategories.isActive, true))),
        db
          .select({
            packageId: packageEvents.packageId,
            at: sql<string>`max(${packageEvents.createdAt})`,
          })
          .from(packageEvents)
          .where(
            and(
              inArray(
                packageEvents.packageId,
                pkgs.map((p) => p.id),
              ),
              eq(packageEvents.statusCode, 'ready_for_pickup'),
            ),
          )
          .groupBy(packageEvents.packageId),
      ]);
      const readyAt = new Map(ready.map((r) => [r.packageId, new Date(r.at)]));
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
            statusCode: p.statusCode,
            readySince: readyAt.get(p.id) ?? p.receivedAt,
          },
          category,
          settings,
          exchangeRate: company.exchangeRate,
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
    },

    /** Staff: a draft for a customer of the company; `then` issues it (and sends it) at once. */
    async create(
      company: CompanyRow,
      staff: UserRow,
      input: CreateInvoiceBody,
      origin: string,
    ): Promise<InvoiceDetail> {
      const b = createInvoiceBodySchema.parse(input);
      const customer = await customerOf(db, company, b.customer_id);
      const taxRate = b.tax_rate ?? (await settingsOf(db, company.id)).invoice.tax_rate;
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const draft = await insertDraft(
          tx,
          company,
          staff,
          customer.id,
          { lines: b.lines, discount: b.discount ?? null, taxRate },
          { notes: b.notes, terms: b.terms, issueDate: b.issue_date ?? null, dueAt: b.due_at ?? null },
        );
        if (b.then === 'send') return sendWithin(tx, company, staff, draft, {}, origin);
        if (b.then === 'draft') return draft;
        const issued = await issueWithin(tx, company, staff, draft);
        await tell(tx, company, issued, origin, 'issued');
        return issued;
      });
      return staffDetail(row);
    },

    /** Staff: a draft changes freely; an open invoice as a revision (with a note); paid and cancelled are final. */
    async update(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      input: UpdateInvoiceBody,
      origin: string,
    ): Promise<InvoiceDetail> {
      const b = updateInvoiceBodySchema.parse(input);
      if (b.status === 'cancelled') {
        return service.cancel(company, staff, id, { reason: b.revision_note || 'Cancelled' }, origin);
      }
      const after = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const inv = await locked(tx, company, id);
        const edits =
          b.lines !== undefined ||
          b.discount !== undefined ||
          b.tax_rate !== undefined ||
          b.issue_date !== undefined ||
          b.due_at !== undefined ||
          b.notes !== undefined ||
          b.terms !== undefined;
        if (inv.status === 'paid' || inv.status === 'cancelled') {
          if (edits || b.status) throw conflict(`This invoice is ${inv.status} and can no longer change`);
          return inv;
        }
        const revising = inv.status !== 'draft';
        if (revising && edits && !b.revision_note) {
          throw fieldError(
            'revision_note',
            'Say why the issued invoice changes (the customer sees the new revision)',
          );
        }
        const oldLines = await currentLines(tx, inv.id);
        const lines = b.lines ?? oldLines;
        const form: Form = {
          lines,
          discount: b.discount !== undefined ? b.discount : discountOf(inv),
          taxRate: b.tax_rate ?? inv.taxRate,
        };
        const now = new Date();
        const set: InvoiceSet = { updatedAt: now };
        if (b.lines) await checkPackages(tx, company, inv.userId, b.lines);
        if (b.lines || b.discount !== undefined || b.tax_rate !== undefined) {
          const t = computeTotals(form.lines, form.discount, form.taxRate);
          if (t.total_cents < inv.amountPaidCents) {
            throw badRequest('The total cannot go below what was already paid', {
              lines: [
                `${formatMoney(inv.amountPaidCents, inv.currency)} is paid already: reverse a payment first`,
              ],
            });
          }
          Object.assign(set, await writeLines(tx, company, inv.id, form, inv));
        }
        if (b.notes !== undefined) set.notes = b.notes;
        if (b.terms !== undefined) set.terms = b.terms;
        if (b.issue_date !== undefined) set.issueDate = b.issue_date ?? (revising ? inv.issueDate : null);
        if (b.due_at !== undefined) set.dueAt = b.due_at ?? (revising ? inv.dueAt : null);
        if (revising && edits) {
          set.revision = inv.revision + 1;
          const next = { ...inv, ...set } as InvoiceRow;
          set.status = settledStatus(next, today(await readTimeZone(tx, company.id)));
          if (set.status === 'paid') set.paidAt = now;
        }
        let [row] = await tx.update(invoices).set(set).where(eq(invoices.id, inv.id)).returning();
        if (!row) throw new Error('invoice vanished');
        if (edits) {
          await audit.record(tx, company, staff, {
            entity: 'invoice',
            entityId: inv.id,
            action: revising ? 'revised' : 'updated',
            changes: diff(auditView(inv, oldLines), auditView(row, b.lines ? lines : oldLines)),
            note: revising ? `Revision ${row.revision}: ${b.revision_note ?? ''}` : '',
          });
        }
        if (row.status === 'paid') await awardFor(tx, company, row);
        let notice: InvoiceNotice | null = revising && edits ? 'updated' : null;
        if (b.status === 'issued' && row.status === 'draft') {
          row = await issueWithin(tx, company, staff, row);
          notice = 'issued';
        }
        if (notice) await tell(tx, company, row, origin, notice);
        return row;
      });
      return staffDetail(after);
    },

    /** Staff: numbers a draft and makes it the customer's. */
    async issue(company: CompanyRow, staff: UserRow, id: string, origin: string): Promise<InvoiceDetail> {
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const issued = await issueWithin(tx, company, staff, await locked(tx, company, id));
        await tell(tx, company, issued, origin, 'issued');
        return issued;
      });
      return staffDetail(row);
    },

    send: sendOne,

    /** Staff: sends each selected open invoice; drafts and the rest are refused in the result, with why. */
    async bulkSend(company: CompanyRow, staff: UserRow, ids: string[], origin: string) {
      const unique = [...new Set(ids)];
      const rows = await db
        .select({ id: invoices.id, number: invoices.number, status: invoices.status })
        .from(invoices)
        .where(and(eq(invoices.companyId, company.id), inArray(invoices.id, unique)));
      const byId = new Map(rows.map((r) => [r.id, r]));
      const failed: { id: string; number: string | null; reason: string }[] = [];
      let sent = 0;
      for (const id of unique) {
        const r = byId.get(id);
        if (!r) {
          failed.push({ id, number: null, reason: 'Not found' });
          continue;
        }
        if (!isOpen(r.status)) {
          failed.push({
            id,
            number: r.number,
            reason:
              r.status === 'draft'
                ? 'A draft is not sent in bulk: issue it first'
                : `A ${r.status} invoice is not sent`,
          });
          continue;
        }
        try {
          await sendOne(company, staff, id, undefined, origin);
          sent++;
        } catch (err) {
          failed.push({ id, number: r.number, reason: err instanceof Error ? err.message : String(err) });
        }
      }
      return { sent, failed };
    },

    /** Staff: the send drawer's defaults. A draft's number is "{number}", filled in when it is issued by the send. */
    async mailDraft(company: CompanyRow, staff: UserRow, id: string): Promise<InvoiceMailDraft> {
      const inv = await visibleInvoice(company, staff, id);
      const [customer] = await db.select().from(users).where(eq(users.id, inv.userId)).limit(1);
      if (!customer) throw notFound('Invoice not found');
      const dueAt =
        inv.dueAt ??
        (inv.status === 'draft'
          ? dateIn(
              (await settingsOf(db, company.id)).invoice_due_days,
              new Date(`${today(await timeZoneOf(db, company.id))}T12:00:00Z`),
            )
          : null);
      return invoiceMailDraft({
        brand: brandOf(company),
        mailFrom: config.mailFrom,
        to: customer.email,
        firstName: customer.firstName,
        number: inv.number ?? '{number}',
        total: formatMoney(
          inv.status === 'cancelled' ? 0 : inv.totalCents - inv.amountPaidCents,
          inv.currency,
        ),
        dueDate: dueAt,
      });
    },

    /** Staff: a new draft with the same customer, lines, discount, tax, notes and terms. */
    async duplicate(company: CompanyRow, staff: UserRow, id: string): Promise<InvoiceDetail> {
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const src = await locked(tx, company, id);
        const lines = await currentLines(tx, src.id);
        const billed = await billedAmong(
          tx,
          company,
          lines.map((l) => l.package_id).filter((v): v is string => !!v),
        );
        // A package stays on the copy only while it is on no live invoice (else it would be billed twice).
        const kept = lines.map((l) => ({
          ...l,
          package_id: l.package_id && !billed.has(l.package_id) ? l.package_id : null,
        }));
        return insertDraft(
          tx,
          company,
          staff,
          src.userId,
          { lines: kept, discount: discountOf(src), taxRate: src.taxRate },
          { notes: src.notes, terms: src.terms },
          `Copy of ${src.number ?? 'a draft'}`,
        );
      });
      return staffDetail(row);
    },

    /** Staff: deletes a draft (issued invoices are cancelled instead). */
    async remove(company: CompanyRow, staff: UserRow, id: string): Promise<void> {
      await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const inv = await locked(tx, company, id);
        if (inv.status !== 'draft') {
          throw conflict('Only a draft can be deleted: cancel an issued invoice, with a reason');
        }
        await tx.delete(invoices).where(eq(invoices.id, inv.id));
        await audit.record(tx, company, staff, {
          entity: 'invoice',
          entityId: inv.id,
          action: 'deleted',
          changes: { total_cents: [inv.totalCents, null] },
        });
      });
    },

    /** Staff: cancels an issued invoice with a reason (its payments must be reversed first). */
    async cancel(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      input: { reason: string },
      origin: string,
    ): Promise<InvoiceDetail> {
      const { reason } = cancelInvoiceBodySchema.parse(input);
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const inv = await locked(tx, company, id);
        if (inv.status === 'draft') throw conflict('A draft is not cancelled: delete it instead');
        if (inv.status === 'cancelled') throw conflict('This invoice is already cancelled');
        const [paid] = await tx
          .select({ n: count() })
          .from(payments)
          .where(and(eq(payments.invoiceId, inv.id), isNull(payments.reversedAt)));
        if ((paid?.n ?? 0) > 0) {
          throw conflict('This invoice has payments: reverse them before cancelling it');
        }
        const now = new Date();
        const [done] = await tx
          .update(invoices)
          .set({ status: 'cancelled', cancelledAt: now, cancelReason: reason, updatedAt: now })
          .where(eq(invoices.id, inv.id))
          .returning();
        if (!done) throw new Error('invoice vanished');
        await audit.record(tx, company, staff, {
          entity: 'invoice',
          entityId: inv.id,
          action: 'cancelled',
          changes: { status: [inv.status, 'cancelled'] },
          note: reason,
        });
        await tell(tx, company, done, origin, 'cancelled');
        return done;
      });
      return staffDetail(row);
    },

    /** Staff: records money received (points are spent from the customer's balance in the same transaction). */
    async pay(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      input: PaymentBody,
      origin: string,
    ): Promise<InvoiceDetail> {
      const b = paymentBodySchema.parse(input);
      const [head] = await db
        .select({ userId: invoices.userId, number: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.companyId, company.id)))
        .limit(1);
      if (!head) throw notFound('Invoice not found');
      const paymentId = randomUUID();
      const settings = await settingsOf(db, company.id);
      // Points pay whole points: a fraction of a point's worth is rounded up (the customer never pays less).
      const pointsSpent =
        b.method === 'points' ? Math.ceil(b.amount_cents / settings.points.point_value_cents) : 0;

      const record = async (tx: Db) => {
        const inv = await locked(tx, company, id);
        if (inv.status === 'draft') throw conflict('Issue the invoice before recording a payment');
        const day = today(await readTimeZone(tx, company.id));
        if (!isOpen(inv.status)) throw conflict(`This invoice is ${inv.status}: no payment can be recorded`);
        const balance = inv.totalCents - inv.amountPaidCents;
        if (b.amount_cents > balance) {
          throw fieldError('amount_cents', `At most the balance, ${formatMoney(balance, inv.currency)}`);
        }
        await tx.insert(payments).values({
          id: paymentId,
          companyId: company.id,
          invoiceId: inv.id,
          userId: inv.userId,
          amountCents: b.amount_cents,
          paidOn: b.paid_on ?? day,
          method: b.method,
          reference: b.reference,
          note: b.note,
          points: pointsSpent,
          recordedBy: staff.id,
        });
        const amountPaidCents = inv.amountPaidCents + b.amount_cents;
        const status = settledStatus({ ...inv, amountPaidCents }, day);
        const now = new Date();
        const [row] = await tx
          .update(invoices)
          .set({ amountPaidCents, status, paidAt: status === 'paid' ? now : null, updatedAt: now })
          .where(eq(invoices.id, inv.id))
          .returning();
        if (!row) throw new Error('invoice vanished');
        await audit.record(tx, company, staff, {
          entity: 'invoice',
          entityId: inv.id,
          action: 'payment',
          changes: diff(
            { amount_paid_cents: inv.amountPaidCents, status: inv.status } as Record<string, AuditValue>,
            { amount_paid_cents: amountPaidCents, status },
          ),
          note: `${formatMoney(b.amount_cents, inv.currency)} by ${b.method.replace('_', ' ')}${b.reference ? ` (${b.reference})` : ''}${pointsSpent ? `, ${pointsSpent} points` : ''}`,
        });
        if (status === 'paid') await awardFor(tx, company, row);
        await tell(tx, company, row, origin, status === 'paid' ? 'paid' : 'payment', b.amount_cents);
        return row;
      };

      let row: InvoiceRow | undefined;
      if (b.method === 'points') {
        await points.deduct(
          company,
          head.userId,
          {
            points: pointsSpent,
            kind: 'redemption',
            reason: `Paid on invoice ${head.number ?? ''}`.trim(),
            reference: `payment:${paymentId}`,
            createdBy: staff.id,
          },
          {
            within: async (tx) => {
              row = await record(tx);
            },
          },
        );
      } else {
        row = await db.transaction(async (txRaw) => record(txRaw as unknown as Db));
      }
      if (!row) throw new Error('payment not recorded');
      return staffDetail(row);
    },

    /** Staff: a payment taken back with a reason; it stays listed, and the invoice's figures and status follow. */
    async reversePayment(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      paymentId: string,
      input: { reason: string },
    ): Promise<InvoiceDetail> {
      const { reason } = reversePaymentBodySchema.parse(input);
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const inv = await locked(tx, company, id);
        const [p] = await tx
          .select()
          .from(payments)
          .where(and(eq(payments.id, paymentId), eq(payments.invoiceId, inv.id)))
          .limit(1);
        if (!p) throw notFound('Payment not found');
        if (p.reversedAt) throw conflict('This payment was already reversed');
        const now = new Date();
        await tx
          .update(payments)
          .set({ reversedAt: now, reversedBy: staff.id, reverseReason: reason })
          .where(eq(payments.id, p.id));
        const amountPaidCents = inv.amountPaidCents - p.amountCents;
        const status = settledStatus(
          { ...inv, status: 'issued', amountPaidCents },
          today(await readTimeZone(tx, company.id)),
        );
        const [done] = await tx
          .update(invoices)
          .set({ amountPaidCents, status, paidAt: status === 'paid' ? inv.paidAt : null, updatedAt: now })
          .where(eq(invoices.id, inv.id))
          .returning();
        if (!done) throw new Error('invoice vanished');
        if (inv.status === 'paid' && status !== 'paid') await takeBackFor(tx, company, inv, staff);
        if (p.points > 0) {
          await points.award(tx, company, inv.userId, {
            points: p.points,
            kind: 'adjustment',
            reason: `Payment on invoice ${inv.number ?? ''} reversed`,
            reference: `payment-reversal:${p.id}`,
            createdBy: staff.id,
          });
        }
        await audit.record(tx, company, staff, {
          entity: 'invoice',
          entityId: inv.id,
          action: 'payment_reversed',
          changes: diff(
            { amount_paid_cents: inv.amountPaidCents, status: inv.status } as Record<string, AuditValue>,
            { amount_paid_cents: amountPaidCents, status },
          ),
          note: `${formatMoney(p.amountCents, inv.currency)} by ${p.method.replace('_', ' ')}: ${reason}`,
        });
        return done;
      });
      return staffDetail(row);
    },

    /** The invoice as a print-ready PDF, for whoever may see it. */
    async pdf(company: CompanyRow, user: UserRow, id: string): Promise<{ filename: string; bytes: Buffer }> {
      const d = await service.detail(company, user, id);
      return {
        filename: `${d.number ?? `draft-${d.id.slice(0, 8)}`}.pdf`,
        bytes: await invoicePdf(company, d, await taxLabel(company), await timeZoneOf(db, company.id)),
      };
    },

    /** What the customer owes on open invoices, and how many. */
    async balanceDue(company: CompanyRow, user: UserRow) {
      await refreshOverdue(company.id);
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
    },
  };
  return service;
}

export type InvoiceService = ReturnType<typeof createInvoiceService>;
