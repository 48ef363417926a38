import { msg } from '@lingui/core/runtime-macro';
import { and, count, desc, eq, inArray, lt, type SQL } from 'drizzle-orm';
import { formatMoney } from '../../contract/format';
import {
  type CreatePurchaseRequestBody,
  createPurchaseRequestBodySchema,
  type PurchaseRequest,
  type PurchaseRequestStatus,
  type QuotePurchaseRequestBody,
  quotePurchaseRequestBodySchema,
} from '../../contract/purchase-requests';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { purchaseRequests, users } from '../db/schema';
import { conflict, notFound } from '../errors';
import { t } from '../i18n';
import type { NotificationService } from '../notifications/notifications.service';

type RequestRow = typeof purchaseRequests.$inferSelect;
type Customer = { id: string; firstName: string; lastName: string; mailboxNumber: string };

const iso = (d: Date | null) => (d ? d.toISOString() : null);

function toRequest(r: RequestRow, c: Customer): PurchaseRequest {
  return {
    id: r.id,
    product_url: r.productUrl,
    store: r.store,
    item_name: r.itemName,
    quantity: r.quantity,
    options: r.options,
    estimated_price_cents: r.estimatedPriceCents,
    estimated_currency: 'USD',
    notes: r.notes,
    status: r.status,
    quoted_total_cents: r.quotedTotalCents,
    quote_currency: r.quoteCurrency,
    quote_note: r.quoteNote,
    quoted_at: iso(r.quotedAt),
    quote_expires_at: iso(r.quoteExpiresAt),
    created_at: r.createdAt.toISOString(),
    updated_at: r.updatedAt.toISOString(),
    customer: {
      id: c.id,
      name: `${c.firstName} ${c.lastName}`.trim(),
      mailbox_number: c.mailboxNumber,
    },
  };
}

/** The site a link points at, as a store name: "https://www.amazon.com/dp/..." → "amazon.com". */
export function storeFromUrl(url: string): string {
  return new URL(url).hostname.replace(/^www\./, '');
}

const QUOTABLE: PurchaseRequestStatus[] = ['requested', 'quoted', 'quote_expired'];

/**
 * Purchase requests: customers see their own, staff their company's. The product link is validated by the contract
 * (http/https, no credentials) and stored; the server never fetches it.
 */
export function createPurchaseRequestService(deps: {
  db: Db;
  notifications: NotificationService;
  audit: AuditService;
}) {
  const { db, notifications, audit } = deps;
  const customerColumns = {
    id: users.id,
    firstName: users.firstName,
    lastName: users.lastName,
    mailboxNumber: users.mailboxNumber,
  };

  /** Quotes past their expiry become quote_expired (checked whenever the company's requests are read). */
  async function expireQuotes(companyId: string) {
    await db
      .update(purchaseRequests)
      .set({ status: 'quote_expired', updatedAt: new Date() })
      .where(
        and(
          eq(purchaseRequests.companyId, companyId),
          eq(purchaseRequests.status, 'quoted'),
          lt(purchaseRequests.quoteExpiresAt, new Date()),
        ),
      );
  }

  const visibility = (company: CompanyRow, user: UserRow): SQL | undefined =>
    and(
      eq(purchaseRequests.companyId, company.id),
      isStaff(user) ? undefined : eq(purchaseRequests.userId, user.id),
    );

  async function one(company: CompanyRow, user: UserRow, id: string): Promise<PurchaseRequest> {
    const [row] = await db
      .select({ r: purchaseRequests, c: customerColumns })
      .from(purchaseRequests)
      .innerJoin(users, eq(users.id, purchaseRequests.userId))
      .where(and(eq(purchaseRequests.id, id), visibility(company, user)))
      .limit(1);
    if (!row) throw notFound(msg`Purchase request not found`);
    return toRequest(row.r, row.c);
  }

  return {
    one,
    expireQuotes,

    async list(
      company: CompanyRow,
      user: UserRow,
      q: { page: number; pageSize: number; status?: PurchaseRequestStatus | undefined },
    ) {
      await expireQuotes(company.id);
      const where = and(
        visibility(company, user),
        q.status ? eq(purchaseRequests.status, q.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ r: purchaseRequests, c: customerColumns })
          .from(purchaseRequests)
          .innerJoin(users, eq(users.id, purchaseRequests.userId))
          .where(where)
          .orderBy(desc(purchaseRequests.createdAt), desc(purchaseRequests.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(purchaseRequests).where(where),
      ]);
      return {
        items: rows.map((r) => toRequest(r.r, r.c)),
        page: q.page,
        pageSize: q.pageSize,
        total: total?.n ?? 0,
      };
    },

    async create(
      company: CompanyRow,
      user: UserRow,
      input: CreatePurchaseRequestBody,
      /** The caller's transaction (the idempotency record commits with the row), or the database. */
      tx: Db = db,
    ): Promise<PurchaseRequest> {
      const body = createPurchaseRequestBodySchema.parse(input);
      const [row] = await tx
        .insert(purchaseRequests)
        .values({
          companyId: company.id,
          userId: user.id,
          productUrl: body.product_url,
          store: body.store || storeFromUrl(body.product_url),
          itemName: body.item_name,
          quantity: body.quantity,
          options: body.options,
          estimatedPriceCents: body.estimated_price_cents ?? null,
          notes: body.notes,
          quoteCurrency: company.currency,
        })
        .returning();
      if (!row) throw new Error('insert returned no row');
      return toRequest(row, user);
    },

    /** The customer may delete their request while it is still `requested`; later it is a record: 409. */
    async remove(company: CompanyRow, user: UserRow, id: string): Promise<void> {
      const [row] = await db
        .select({ status: purchaseRequests.status })
        .from(purchaseRequests)
        .where(
          and(
            eq(purchaseRequests.id, id),
            eq(purchaseRequests.companyId, company.id),
            eq(purchaseRequests.userId, user.id),
          ),
        )
        .limit(1);
      if (!row) throw notFound(msg`Purchase request not found`);
      if (row.status !== 'requested') {
        throw conflict(`This request is ${row.status.replace('_', ' ')} and can no longer be deleted`);
      }
      const gone = await db
        .delete(purchaseRequests)
        .where(and(eq(purchaseRequests.id, id), eq(purchaseRequests.status, 'requested')))
        .returning({ id: purchaseRequests.id });
      if (gone.length === 0) throw conflict(msg`This request changed meanwhile; reload it`);
    },

    /** Staff: quote a request, and tell the customer (in the same transaction). */
    async quote(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      input: QuotePurchaseRequestBody,
      origin: string,
    ): Promise<PurchaseRequest> {
      const body = quotePurchaseRequestBodySchema.parse(input);
      await expireQuotes(company.id);
      const now = new Date();
      const row = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const [before] = await tx
          .select()
          .from(purchaseRequests)
          .where(and(eq(purchaseRequests.id, id), eq(purchaseRequests.companyId, company.id)))
          .for('update');
        const [updated] = await tx
          .update(purchaseRequests)
          .set({
            status: 'quoted',
            quotedTotalCents: body.quoted_total_cents,
            quoteCurrency: company.currency,
            quoteNote: body.note,
            quotedAt: now,
            quoteExpiresAt: new Date(now.getTime() + body.valid_days * 86_400_000),
            quotedBy: staff.id,
            updatedAt: now,
          })
          .where(
            and(
              eq(purchaseRequests.id, id),
              eq(purchaseRequests.companyId, company.id),
              inArray(purchaseRequests.status, QUOTABLE),
            ),
          )
          .returning();
        if (updated && before) {
          await audit.record(tx, company, staff, {
            entity: 'purchase_request',
            entityId: updated.id,
            action: 'quoted',
            changes: {
              status: [before.status, updated.status],
              quoted_total_cents: [before.quotedTotalCents, updated.quotedTotalCents],
            },
            note: body.note,
          });
          const item = updated.itemName;
          const quantity = updated.quantity;
          const days = body.valid_days;
          await notifications.notify(
            company,
            updated.userId,
            // In the customer's language (the amount too).
            () => {
              const total = formatMoney(body.quoted_total_cents, company.currency);
              return {
                kind: 'purchase_request',
                title: t(msg`Quote ready: ${{ item }}`),
                body: t(
                  msg`We can buy ${{ quantity }} × ${{ item }} for you for ${{ total }}, delivered to Jamaica. The quote is valid for ${{ days }} days.`,
                ),
                link: '/user/packages/purchase-request',
              };
            },
            { origin, within: tx, about: [{ entity: 'purchase_request', id: updated.id }] },
          );
        }
        return updated;
      });
      if (!row) {
        const current = await one(company, staff, id); // 404 when it is not the company's
        throw conflict(`This request is ${current.status.replace('_', ' ')} and cannot be quoted`);
      }
      return one(company, staff, id);
    },
  };
}

export type PurchaseRequestService = ReturnType<typeof createPurchaseRequestService>;
