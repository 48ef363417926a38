import { msg } from '@lingui/core/runtime-macro';
import { and, count, desc, eq, inArray, sql } from 'drizzle-orm';
import type { PointsAdjustBody, PointsEntry, PointsKind, PointsPage } from '../../contract/points';
import { pointsAdjustBodySchema } from '../../contract/points';
import type { AuditService } from '../audit/audit.service';
import { settingsOf } from '../companies/account-settings';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { invoices, pointsLedger, users } from '../db/schema';
import { ApiError, fieldError } from '../errors';

type LedgerRow = typeof pointsLedger.$inferSelect;

export type PointsMove = {
  points: number;
  kind: PointsKind;
  reason: string;
  reference?: string | null;
  createdBy?: string | null;
  createdAt?: Date;
};

/** The invoice id of an `invoice:<id>` or `invoice-unpaid:<id>#n` reference. */
const INVOICE_REFERENCE = /^invoice(?:-unpaid)?:([0-9a-f-]{36})(?:#\d+)?$/i;
export const invoiceIdOf = (reference: string | null) =>
  (reference && INVOICE_REFERENCE.exec(reference)?.[1]) || null;

function toEntry(
  r: LedgerRow,
  balanceAfter: number,
  invoiceNumbers?: Map<string, string | null>,
): PointsEntry {
  const invoiceId = invoiceIdOf(r.reference);
  const number = invoiceId ? invoiceNumbers?.get(invoiceId) : undefined;
  const prealert = r.reference?.startsWith('prealert:') ? r.reference.slice('prealert:'.length) : null;
  return {
    id: r.id,
    points: r.points,
    kind: r.kind,
    reason: r.reason,
    reference: r.reference,
    // Internal keys stay internal: an invoice by its number, a pre-alert by its tracking number, a payment by its.
    reference_label: number
      ? `Invoice ${number}`
      : prealert
        ? `Pre-alert ${prealert}`
        : invoiceId || !r.reference
          ? null
          : r.reference,
    invoice_id: number ? invoiceId : null,
    balance_after: balanceAfter,
    created_at: r.createdAt.toISOString(),
  };
}

/** Sum of a user's ledger. */
export async function pointsBalance(db: Db, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`coalesce(sum(${pointsLedger.points}), 0)`.mapWith(Number) })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, userId));
  return row?.n ?? 0;
}

/**
 * The points ledger: append-only (the database refuses UPDATE and DELETE on it), balance = sum. Awards with a
 * reference happen once per (user, kind, reference). Deductions take a row lock on the user, so two at once cannot
 * both spend the same points, and one that would take the balance below 0 is refused.
 */
export function createPointsService({ db, audit }: { db: Db; audit: AuditService }) {
  /** Adds points (> 0). Null when this reference was already awarded. */
  async function award(
    tx: Db,
    company: CompanyRow,
    userId: string,
    move: PointsMove,
  ): Promise<LedgerRow | null> {
    if (move.points <= 0) return null;
    const [row] = await tx
      .insert(pointsLedger)
      .values({
        companyId: company.id,
        userId,
        points: move.points,
        kind: move.kind,
        reason: move.reason,
        reference: move.reference ?? null,
        createdBy: move.createdBy ?? null,
        ...(move.createdAt ? { createdAt: move.createdAt } : {}),
      })
      .onConflictDoNothing()
      .returning();
    return row ?? null;
  }

  /**
   * Takes `move.points` (> 0) off the balance. Past the balance: refused with a 409, or with `clamp` only what is
   * there is taken (a reversal never pushes a balance below 0). Null when nothing was taken.
   */
  async function deduct(
    company: CompanyRow,
    userId: string,
    move: PointsMove,
    opts: { clamp?: boolean; within?: (tx: Db, row: LedgerRow) => Promise<void> } = {},
  ): Promise<{ row: LedgerRow | null; balance: number }> {
    return db.transaction(async (txRaw) => deductIn(txRaw as unknown as Db, company, userId, move, opts));
  }

  /** `deduct` inside a transaction the caller already holds (its other writes commit or roll back with it). */
  async function deductIn(
    tx: Db,
    company: CompanyRow,
    userId: string,
    move: PointsMove,
    opts: { clamp?: boolean; within?: (tx: Db, row: LedgerRow) => Promise<void> } = {},
  ): Promise<{ row: LedgerRow | null; balance: number }> {
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for('update');
    const balance = await pointsBalance(tx, userId);
    let points = move.points;
    if (points > balance) {
      if (!opts.clamp) {
        throw new ApiError(409, `Not enough points: the balance is ${balance}`, {
          points: [`The balance is only ${balance} points`],
        });
      }
      points = balance;
    }
    if (points <= 0) return { row: null, balance };
    const [row] = await tx
      .insert(pointsLedger)
      .values({
        companyId: company.id,
        userId,
        points: -points,
        kind: move.kind,
        reason: move.reason,
        reference: move.reference ?? null,
        createdBy: move.createdBy ?? null,
      })
      .onConflictDoNothing()
      .returning();
    if (row && opts.within) await opts.within(tx, row);
    return {
      row: row ?? null,
      balance: balance - (row ? points : 0),
    };
  }

  return {
    award,
    deduct,
    deductIn,
    balance: (userId: string) => pointsBalance(db, userId),

    async list(
      company: CompanyRow,
      user: UserRow,
      q: { page: number; pageSize: number },
    ): Promise<PointsPage> {
      const where = and(eq(pointsLedger.companyId, company.id), eq(pointsLedger.userId, user.id));
      const [rows, [total], balance] = await Promise.all([
        db
          .select({
            r: pointsLedger,
            after:
              sql<number>`sum(${pointsLedger.points}) over (order by ${pointsLedger.createdAt}, ${pointsLedger.id})`.mapWith(
                Number,
              ),
          })
          .from(pointsLedger)
          .where(where)
          .orderBy(desc(pointsLedger.createdAt), desc(pointsLedger.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(pointsLedger).where(where),
        pointsBalance(db, user.id),
      ]);
      const invoiceIds = [
        ...new Set(rows.map(({ r }) => invoiceIdOf(r.reference)).filter((id) => id !== null)),
      ];
      const [numbers, settings] = await Promise.all([
        invoiceIds.length === 0
          ? []
          : db
              .select({ id: invoices.id, number: invoices.number })
              .from(invoices)
              .where(and(eq(invoices.companyId, company.id), inArray(invoices.id, invoiceIds))),
        settingsOf(db, company.id),
      ]);
      const invoiceNumbers = new Map(numbers.map((n) => [n.id, n.number]));
      return {
        balance,
        items: rows.map(({ r, after }) => toEntry(r, after, invoiceNumbers)),
        page: q.page,
        pageSize: q.pageSize,
        total: total?.n ?? 0,
        rules: {
          currency: company.currency,
          point_value_cents: settings.points.point_value_cents,
          cents_per_point: settings.points.cents_per_point,
          prealert_bonus: settings.points.prealert_bonus,
        },
      };
    },

    /** Staff: a redemption or a correction for a customer of the company. */
    async adjust(company: CompanyRow, staff: UserRow, input: PointsAdjustBody) {
      const body = pointsAdjustBodySchema.parse(input);
      const [target] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, body.user_id), eq(users.companyId, company.id)))
        .limit(1);
      if (!target) throw fieldError('user_id', msg`No customer of this company has this id`);
      const move = { kind: body.kind, reason: body.reason, createdBy: staff.id };
      // The audit entry is written in the ledger row's transaction: on the customer's record, as staff see it.
      const record = (tx: Db) =>
        audit.record(tx, company, staff, {
          entity: 'user',
          entityId: target.id,
          action: body.points > 0 ? 'points added' : 'points taken',
          changes: { points: [null, body.points] },
          note: body.reason,
        });
      let row: LedgerRow | null;
      if (body.points > 0) {
        row = await db.transaction(async (txRaw) => {
          const tx = txRaw as unknown as Db;
          const added = await award(tx, company, target.id, { ...move, points: body.points });
          await record(tx);
          return added;
        });
      } else {
        row = (await deduct(company, target.id, { ...move, points: -body.points }, { within: record })).row;
      }
      if (!row) throw new Error('points adjustment recorded nothing');
      const balance = await pointsBalance(db, target.id);
      return { entry: toEntry(row, balance), balance };
    },

    /**
     * The bonus for a pre-alert sent with its invoice file (once per tracking number per customer), inside the pre-alert's transaction but in a savepoint,
     * so a failed bonus rolls back alone. The failure is returned, never thrown: a bonus never fails the pre-alert.
     */
    async prealertBonusWithin(
      tx: Db,
      company: CompanyRow,
      user: UserRow,
      prealert: { tracking_number: string; files: unknown[] },
    ): Promise<unknown> {
      try {
        await tx.transaction(async (spRaw) => {
          const sp = spRaw as unknown as Db;
          const { points } = await settingsOf(sp, company.id);
          if (prealert.files.length === 0) return;
          await award(sp, company, user.id, {
            points: points.prealert_bonus,
            kind: 'prealert_bonus',
            reason: `Pre-alert with invoice: ${prealert.tracking_number}`,
            reference: `prealert:${prealert.tracking_number}`,
          });
        });
        return null;
      } catch (err) {
        return err;
      }
    },

    /** A cancelled pre-alert gives its bonus back (as far as the balance allows), once. */
    async reversePrealertBonus(company: CompanyRow, user: UserRow, trackingNumber: string) {
      const reference = `prealert:${trackingNumber}`;
      const [awarded] = await db
        .select()
        .from(pointsLedger)
        .where(
          and(
            eq(pointsLedger.userId, user.id),
            eq(pointsLedger.kind, 'prealert_bonus'),
            eq(pointsLedger.reference, reference),
          ),
        )
        .limit(1);
      if (!awarded) return null;
      return deduct(
        company,
        user.id,
        {
          points: awarded.points,
          kind: 'prealert_bonus_reversed',
          reason: `Pre-alert cancelled: ${trackingNumber}`,
          reference,
        },
        { clamp: true },
      );
    },
  };
}

export type PointsService = ReturnType<typeof createPointsService>;
