import { and, count, eq, gte, inArray, isNull, lt, or, sql } from 'drizzle-orm';
import type { Dashboard } from '../../contract/admin-dashboard';
import { startOfDayIn } from '../../contract/format';
import { timeZoneOf } from '../companies/time-zones';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { invoices, packages, prealerts } from '../db/schema';

/** Today's work: five counts, each read off an index of its table (they stay cheap at a million packages). */
export function createDashboardService({ db }: { db: Db }) {
  return {
    async today(company: CompanyRow, since?: string): Promise<Dashboard> {
      // The PWA sends its midnight; without one, midnight in the company's zone (not UTC's).
      const start = since ? new Date(since) : startOfDayIn(new Date(), await timeZoneOf(db, company.id));
      const n = (rows: { n: number }[]) => rows[0]?.n ?? 0;
      const [received, unassigned, unmatched, ready, overdue] = await Promise.all([
        db
          .select({ n: count() })
          .from(packages)
          .where(and(eq(packages.companyId, company.id), gte(packages.receivedAt, start))),
        db
          .select({ n: count() })
          .from(packages)
          .where(and(eq(packages.companyId, company.id), isNull(packages.userId))),
        db
          .select({ n: count() })
          .from(prealerts)
          .where(and(eq(prealerts.companyId, company.id), eq(prealerts.status, 'pending'))),
        db
          .select({ n: count() })
          .from(packages)
          .where(and(eq(packages.companyId, company.id), eq(packages.statusCode, 'ready_for_pickup'))),
        // Overdue: marked so, or open and past due but not yet marked (the mark is made when invoices are read); the
        // amount is what is still owed on them.
        db
          .select({
            n: count(),
            total: sql<string>`coalesce(sum(${invoices.totalCents} - ${invoices.amountPaidCents}), 0)`,
          })
          .from(invoices)
          .where(
            and(
              eq(invoices.companyId, company.id),
              or(
                eq(invoices.status, 'overdue'),
                and(
                  inArray(invoices.status, ['issued', 'partially_paid']),
                  lt(invoices.dueAt, sql`current_date`),
                ),
              ),
            ),
          ),
      ]);
      return {
        since: start.toISOString(),
        received_today: n(received),
        unassigned: n(unassigned),
        unmatched_prealerts: n(unmatched),
        ready_for_pickup: n(ready),
        overdue_invoices: overdue[0]?.n ?? 0,
        overdue_total_cents: Number(overdue[0]?.total ?? 0),
        currency: company.currency,
      };
    },
  };
}

export type DashboardService = ReturnType<typeof createDashboardService>;
