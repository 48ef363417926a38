import { and, count, desc, eq, gte, sql } from 'drizzle-orm';
import { startOfDayIn } from '../../contract/format';
import type { Lookup, Recent } from '../../contract/intake';
import { trackingNumberSchema } from '../../contract/packages';
import { timeZoneOf } from '../companies/time-zones';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { packageStatuses, packages, users } from '../db/schema';
import { customerRef, resolveLabels, splitConsignee } from './resolve-labels';
import { UNDO_MS } from './undo-receipt';

/* What the receiving desk reads: what a receipt would do as the clerk types, and the clerk's recent receipts. */

export function createIntakeLookups(deps: { db: Db }) {
  const { db } = deps;
  return {
    /** What a receipt would do, as the clerk types: the customer, a pending pre-alert, a package already received. */
    async lookup(
      company: CompanyRow,
      q: {
        tracking_number?: string | undefined;
        mailbox_number?: string | undefined;
        consignee?: string | undefined;
      },
    ): Promise<Lookup> {
      const parsed = q.tracking_number ? trackingNumberSchema.safeParse(q.tracking_number) : undefined;
      const tracking = parsed?.success ? parsed.data : undefined;
      const label = { trackingNumber: tracking, mailbox: q.mailbox_number, ...splitConsignee(q.consignee) };
      const labels = await resolveLabels(db, company.id, [label]);
      const found = labels.customer(label);
      const pre = tracking ? labels.prealert(tracking, found?.user.id ?? null) : null;
      const existing = tracking ? labels.received(tracking) : null;
      let statusName = '';
      if (existing && existing.statusCode !== 'pre_alerted') {
        const [s] = await db
          .select({ name: packageStatuses.name })
          .from(packageStatuses)
          .where(eq(packageStatuses.code, existing.statusCode))
          .limit(1);
        statusName = s?.name ?? existing.statusCode;
      }
      return {
        tracking_number: tracking ?? null,
        customer: found ? { ...customerRef(found.user), how: found.how } : null,
        prealert: pre
          ? {
              id: pre.pre.id,
              customer: customerRef(pre.owner),
              seller_name: pre.pre.sellerName,
              description: pre.pre.description,
              weight: pre.pre.weight,
              value_cents: pre.pre.valueCents,
              package_type: pre.pre.packageType,
              length: pre.pre.length,
              width: pre.pre.width,
              height: pre.pre.height,
            }
          : null,
        existing:
          existing && existing.statusCode !== 'pre_alerted'
            ? {
                id: existing.id,
                status_name: statusName,
                received_at: existing.receivedAt?.toISOString() ?? null,
              }
            : null,
      };
    },

    /** Today's counts (the caller's and the company's) and the caller's last 20 receipts, with their undo window. */
    async recent(company: CompanyRow, staff: UserRow): Promise<Recent> {
      // "Today" at the warehouse's desk is the company's day, not UTC's (in Jamaica UTC's day starts at 7 pm).
      const today = startOfDayIn(new Date(), await timeZoneOf(db, company.id));
      const mine = and(eq(packages.companyId, company.id), eq(packages.receivedBy, staff.id));
      const [[m], [c], rows] = await Promise.all([
        db
          .select({ n: count() })
          .from(packages)
          .where(and(mine, gte(packages.receivedAt, today))),
        db
          .select({ n: count() })
          .from(packages)
          .where(and(eq(packages.companyId, company.id), gte(packages.receivedAt, today))),
        db
          .select({ p: packages, owner: users })
          .from(packages)
          .leftJoin(users, eq(users.id, packages.userId))
          .where(and(mine, sql`${packages.receivedAt} is not null`))
          .orderBy(desc(packages.receivedAt), desc(packages.id))
          .limit(20),
      ]);
      const now = Date.now();
      return {
        today_mine: m?.n ?? 0,
        today_company: c?.n ?? 0,
        items: rows.map(({ p, owner }) => {
          const at = p.receivedAt ?? p.createdAt;
          const until = at.getTime() + UNDO_MS;
          return {
            id: p.id,
            tracking_number: p.trackingNumber,
            customer: owner
              ? `${owner.firstName} ${owner.lastName} · ${owner.mailboxNumber}`
              : // The label's text stays on the package (the Unassigned queue shows it), not in this list.
                'Unassigned',
            unassigned: !owner,
            prealert_matched: p.prealertId !== null,
            weight: p.weight,
            received_at: at.toISOString(),
            undo_until: until > now ? new Date(until).toISOString() : null,
          };
        }),
      };
    },
  };
}
