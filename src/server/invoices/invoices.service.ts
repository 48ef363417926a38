import { and, count, desc, eq, inArray, isNotNull, lt, ne, type SQL, sql } from 'drizzle-orm';
import {
  type CreateInvoiceBody,
  createInvoiceBodySchema,
  type InvoiceDetail,
  type InvoiceLineInput,
  type InvoiceListQuery,
  invoiceListQuerySchema,
  type UpdateInvoiceBody,
  updateInvoiceBodySchema,
} from '../../contract/invoices';
import { settingsOf } from '../companies/account-settings';
import type { Config } from '../config';
import type { Db } from '../db';
import { likePattern } from '../db/like';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { invoiceLines, invoices, packages, users } from '../db/schema';
import { ApiError, badRequest, conflict, fieldError, notFound } from '../errors';
import { brandOf, invoiceMail } from '../mail/templates';
import { formatMoney } from '../money';
import type { NotificationService } from '../notifications/notifications.service';
import type { PointsService } from '../points/points.service';
import { invoicePdf } from './invoice-pdf';
import {
  customerColumns,
  dateIn,
  detailOf as detailIn,
  INVOICE_MOVES,
  type InvoiceRow,
  invoiceNotice,
  invoiceTotals,
  lineRows,
  nextInvoiceNumber,
  summary,
} from './invoice-records';

export function createInvoiceService(deps: {
  db: Db;
  notifications: NotificationService;
  points: PointsService;
  config: Config;
}) {
  const { db, notifications, points, config } = deps;

  /** Issued invoices past their due date become overdue (checked whenever the company's invoices are read). */
  async function refreshOverdue(companyId: string) {
    await db
      .update(invoices)
      .set({ status: 'overdue', updatedAt: new Date() })
      .where(
        and(
          eq(invoices.companyId, companyId),
          eq(invoices.status, 'issued'),
          lt(invoices.dueAt, sql`current_date`),
        ),
      );
  }

  /** Who may see an invoice: staff of its company, or its customer once it is no longer a draft. */
  function visibility(company: CompanyRow, user: UserRow): SQL | undefined {
    return and(
      eq(invoices.companyId, company.id),
      // A customer sees an invoice once it was issued to them (a draft cancelled before issue never reaches them).
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

  const detailOf = (inv: InvoiceRow) => detailIn(db, inv);

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

  async function writeLines(tx: Db, company: CompanyRow, invoiceId: string, lines: InvoiceLineInput[]) {
    await tx.delete(invoiceLines).where(eq(invoiceLines.invoiceId, invoiceId));
    await tx.insert(invoiceLines).values(lineRows(invoiceId, company.id, lines));
    const t = invoiceTotals(lines);
    return { subtotalCents: t.subtotal, taxCents: t.tax, totalCents: t.total };
  }

  /** The customer's notification (and, per their preferences, mail) about a change of their invoice. */
  async function tell(
    company: CompanyRow,
    inv: InvoiceRow,
    origin: string,
    what: 'issued' | 'paid' | 'cancelled',
  ) {
    const text = invoiceNotice(inv, what);
    await notifications.notify(
      company,
      inv.userId,
      { kind: 'invoice', ...text, link: `/user/invoices/${inv.id}` },
      { origin },
    );
  }

  /** Points for a paid invoice: once per invoice. */
  async function awardFor(tx: Db, company: CompanyRow, inv: InvoiceRow) {
    const s = await settingsOf(tx, company.id);
    const earned = Math.floor(inv.totalCents / s.points.cents_per_point);
    await points.award(tx, company, inv.userId, {
      points: earned,
      kind: 'invoice_paid',
      reason: `Paid invoice ${inv.number}`,
      reference: `invoice:${inv.id}`,
    });
  }

  const service = {
    refreshOverdue,

    async list(company: CompanyRow, user: UserRow, input: InvoiceListQuery) {
      const q = invoiceListQuerySchema.parse(input);
      await refreshOverdue(company.id);
      const filters: (SQL | undefined)[] = [
        visibility(company, user),
        q.status ? eq(invoices.status, q.status) : undefined,
        q.customer_id ? eq(invoices.userId, q.customer_id) : undefined,
      ];
      if (q.q) {
        const p = likePattern(q.q);
        filters.push(
          sql`(${invoices.number} ILIKE ${p} OR EXISTS (SELECT 1 FROM invoice_lines il LEFT JOIN packages pk ON pk.id = il.package_id WHERE il.invoice_id = ${invoices.id} AND (il.description ILIKE ${p} OR pk.tracking_number ILIKE ${p})))`,
        );
      }
      const where = and(...filters);
      const [rows, [total]] = await Promise.all([
        db
          .select({ inv: invoices, c: customerColumns })
          .from(invoices)
          .innerJoin(users, eq(users.id, invoices.userId))
          .where(where)
          .orderBy(desc(invoices.createdAt), desc(invoices.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(invoices).where(where),
      ]);
      const ids = rows.map((r) => r.inv.id);
      const tracking = ids.length
        ? await db
            .selectDistinct({ invoiceId: invoiceLines.invoiceId, tracking: packages.trackingNumber })
            .from(invoiceLines)
            .innerJoin(packages, eq(packages.id, invoiceLines.packageId))
            .where(inArray(invoiceLines.invoiceId, ids))
        : [];
      return {
        items: rows.map((r) =>
          summary(
            r.inv,
            r.c,
            tracking.filter((t) => t.invoiceId === r.inv.id).map((t) => t.tracking),
          ),
        ),
        page: q.page,
        pageSize: q.pageSize,
        total: total?.n ?? 0,
      };
    },

    async detail(company: CompanyRow, user: UserRow, id: string): Promise<InvoiceDetail> {
      await refreshOverdue(company.id);
      return detailOf(await visibleInvoice(company, user, id));
    },

    /** Staff: a draft with lines for a customer of the company. */
    async create(company: CompanyRow, staff: UserRow, input: CreateInvoiceBody): Promise<InvoiceDetail> {
      const b = createInvoiceBodySchema.parse(input);
      const [customer] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, b.customer_id), eq(users.companyId, company.id)))
        .limit(1);
      if (!customer) throw fieldError('customer_id', 'No customer of this company has this id');
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        await checkPackages(tx, company, customer.id, b.lines);
        const number = await nextInvoiceNumber(tx, company.id, new Date().getUTCFullYear());
        const [inv] = await tx
          .insert(invoices)
          .values({
            companyId: company.id,
            userId: customer.id,
            number,
            status: 'draft',
            currency: company.currency,
            notes: b.notes,
            dueAt: b.due_at ?? null,
            createdBy: staff.id,
          })
          .returning();
        if (!inv) throw new Error('invoice insert returned no row');
        const totals = await writeLines(tx, company, inv.id, b.lines);
        const [done] = await tx.update(invoices).set(totals).where(eq(invoices.id, inv.id)).returning();
        if (!done) throw new Error('invoice vanished');
        return done;
      });
      return detailOf(row);
    },

    /** Staff: edit lines, due date, notes, status (see INVOICE_MOVES). */
    async update(
      company: CompanyRow,
      id: string,
      input: UpdateInvoiceBody,
      origin: string,
    ): Promise<InvoiceDetail> {
      const b = updateInvoiceBodySchema.parse(input);
      const { before, after } = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [inv] = await tx
          .select()
          .from(invoices)
          .where(and(eq(invoices.id, id), eq(invoices.companyId, company.id)))
          .for('update');
        if (!inv) throw notFound('Invoice not found');
        const to = b.status ?? inv.status;
        const changes = b.lines || b.due_at || b.notes !== undefined || to !== inv.status;
        if ((inv.status === 'paid' || inv.status === 'cancelled') && changes) {
          throw conflict(`This invoice is ${inv.status} and can no longer change`);
        }
        if (to !== inv.status && !INVOICE_MOVES[inv.status].includes(to)) {
          throw conflict(`An invoice cannot go from ${inv.status} to ${to}`, {
            status: [`From ${inv.status}: ${INVOICE_MOVES[inv.status].join(', ') || 'no change possible'}`],
          });
        }
        const now = new Date();
        const set: Partial<typeof invoices.$inferInsert> = { updatedAt: now };
        if (b.lines) {
          await checkPackages(tx, company, inv.userId, b.lines);
          Object.assign(set, await writeLines(tx, company, inv.id, b.lines));
        }
        if (b.notes !== undefined) set.notes = b.notes;
        if (b.due_at) set.dueAt = b.due_at;
        if (to !== inv.status) {
          set.status = to;
          if (to === 'issued' && !inv.issuedAt) {
            set.issuedAt = now;
            if (!b.due_at && !inv.dueAt)
              set.dueAt = dateIn((await settingsOf(tx, company.id)).invoice_due_days);
          }
          if (to === 'paid') set.paidAt = now;
          if (to === 'cancelled') set.cancelledAt = now;
        }
        const [updated] = await tx.update(invoices).set(set).where(eq(invoices.id, inv.id)).returning();
        if (!updated) throw new Error('invoice vanished');
        if (to === 'paid' && inv.status !== 'paid') await awardFor(tx, company, updated);
        return { before: inv, after: updated };
      });
      if (after.status !== before.status) {
        if (after.status === 'issued' && before.status === 'draft')
          await tell(company, after, origin, 'issued');
        if (after.status === 'paid') await tell(company, after, origin, 'paid');
        if (after.status === 'cancelled' && before.status !== 'draft') {
          await tell(company, after, origin, 'cancelled');
        }
      }
      return detailOf(after);
    },

    /** Staff: email the invoice to the customer (a draft is issued first) and record a notification. */
    async send(company: CompanyRow, id: string, origin: string): Promise<InvoiceDetail> {
      const [inv] = await db
        .select()
        .from(invoices)
        .where(and(eq(invoices.id, id), eq(invoices.companyId, company.id)))
        .limit(1);
      if (!inv) throw notFound('Invoice not found');
      if (inv.status === 'cancelled') throw conflict('A cancelled invoice cannot be sent');
      const now = new Date();
      const set: Partial<typeof invoices.$inferInsert> = { sentAt: now, updatedAt: now };
      if (inv.status === 'draft') {
        set.status = 'issued';
        set.issuedAt = now;
        if (!inv.dueAt) set.dueAt = dateIn((await settingsOf(db, company.id)).invoice_due_days);
      }
      const [sent] = await db
        .update(invoices)
        .set(set)
        .where(and(eq(invoices.id, inv.id), ne(invoices.status, 'cancelled')))
        .returning();
      if (!sent) throw new ApiError(409, 'The invoice changed meanwhile; reload it');
      const total = formatMoney(sent.totalCents, sent.currency);
      await notifications.notify(
        company,
        sent.userId,
        {
          kind: 'invoice',
          title: `Invoice ${sent.number} is ready`,
          body:
            sent.status === 'paid'
              ? `Your invoice ${sent.number} (${total}) is paid. Thank you.`
              : `Your invoice ${sent.number} for ${total} is ready${sent.dueAt ? `, due by ${sent.dueAt}` : ''}.`,
          link: `/user/invoices/${sent.id}`,
        },
        {
          origin,
          mail: 'always',
          message: (user) =>
            invoiceMail({
              brand: brandOf(company),
              origin,
              to: user.email,
              firstName: user.firstName,
              invoiceId: sent.id,
              number: sent.number,
              total,
              dueDate: sent.dueAt,
              paid: sent.status === 'paid',
              mailFrom: config.mailFrom,
            }),
        },
      );
      return detailOf(sent);
    },

    /** The invoice as a print-ready PDF, for whoever may see it. */
    async pdf(company: CompanyRow, user: UserRow, id: string): Promise<{ filename: string; bytes: Buffer }> {
      const d = await service.detail(company, user, id);
      return { filename: `${d.number}.pdf`, bytes: invoicePdf(company, d) };
    },

    /** Issued + overdue totals of the customer, and how many. */
    async balanceDue(company: CompanyRow, user: UserRow) {
      await refreshOverdue(company.id);
      const rows = await db
        .select({
          status: invoices.status,
          n: count(),
          sum: sql<number>`coalesce(sum(${invoices.totalCents}), 0)`.mapWith(Number),
        })
        .from(invoices)
        .where(
          and(
            eq(invoices.companyId, company.id),
            eq(invoices.userId, user.id),
            inArray(invoices.status, ['issued', 'overdue']),
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
