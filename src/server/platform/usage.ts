import { and, count, eq, gte, inArray, ne, or } from 'drizzle-orm';
import { dayIn, startOfDayIn } from '../../contract/format';
import type { CompanyUsage } from '../../contract/platform';
import type { Db } from '../db';
import { invoices, packages, storageUsage, users } from '../db/schema';

const DAY_MS = 86_400_000;

/** The moment the month of `at` began (midnight of the 1st) in the zone. */
export function startOfMonthIn(at: Date, timeZone: string): Date {
  const day = Number(dayIn(at, timeZone).slice(8, 10));
  // Noon of the 1st is inside that day whatever daylight saving did since; its midnight is the month's start.
  const noonOfFirst = new Date(startOfDayIn(at, timeZone).getTime() - (day - 1) * DAY_MS + DAY_MS / 2);
  return startOfDayIn(noonOfFirst, timeZone);
}

/**
 * What each company uses, counted now: customers (accounts with the customer role), parcels received since the 1st
 * of the month in the company's own time zone, invoices (drafts left out: nobody was billed yet) and the bytes its
 * files take (storage_usage, kept with every file written or removed).
 */
export async function usageOf(
  db: Db,
  list: { id: string; timeZone: string }[],
  now = new Date(),
): Promise<Map<string, CompanyUsage>> {
  const out = new Map<string, CompanyUsage>();
  if (list.length === 0) return out;
  const ids = list.map((c) => c.id);
  const [customers, received, billed, stored] = await Promise.all([
    db
      .select({ id: users.companyId, n: count() })
      .from(users)
      .where(and(inArray(users.companyId, ids), eq(users.role, 'customer')))
      .groupBy(users.companyId),
    db
      .select({ id: packages.companyId, n: count() })
      .from(packages)
      .where(
        or(
          ...list.map((c) =>
            and(eq(packages.companyId, c.id), gte(packages.receivedAt, startOfMonthIn(now, c.timeZone))),
          ),
        ),
      )
      .groupBy(packages.companyId),
    db
      .select({ id: invoices.companyId, n: count() })
      .from(invoices)
      .where(and(inArray(invoices.companyId, ids), ne(invoices.status, 'draft')))
      .groupBy(invoices.companyId),
    db
      .select({ id: storageUsage.companyId, bytes: storageUsage.bytes })
      .from(storageUsage)
      .where(inArray(storageUsage.companyId, ids)),
  ]);
  const by = <T extends { id: string }>(rows: T[]) => new Map(rows.map((r) => [r.id, r]));
  const [c, r, b, s] = [by(customers), by(received), by(billed), by(stored)];
  for (const id of ids) {
    out.set(id, {
      customers: c.get(id)?.n ?? 0,
      parcels_this_month: r.get(id)?.n ?? 0,
      invoices: b.get(id)?.n ?? 0,
      stored_bytes: s.get(id)?.bytes ?? 0,
    });
  }
  return out;
}
