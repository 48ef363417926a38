import { msg } from '@lingui/core/runtime-macro';
import { and, count, desc, eq, isNotNull, isNull, type SQL, sql } from 'drizzle-orm';
import type {
  CancelBody,
  CustomerRef,
  MatchBody,
  MatchReply,
  PackageWithoutPrealert,
  QueuePackage,
  QueuePrealert,
  UnmatchedPrealert,
} from '../../contract/matching';
import { cancelBodySchema, matchBodySchema } from '../../contract/matching';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { packageStatuses, packages, prealerts, users } from '../db/schema';
import { conflict, notFound } from '../errors';
import { t } from '../i18n';
import type { NotificationService } from '../notifications/notifications.service';
import { matchPrealert } from '../packages/prealert-records';
import type { PointsService } from '../points/points.service';

/** How many suggestions each queue item carries. */
const SUGGESTIONS = 5;
/** A package from the pre-alert's seller received this many days after it is a likely match. */
const SELLER_WINDOW_DAYS = 14;
/** Shorter tracking numbers are not compared by containment (too many false hits). */
const MIN_CONTAINED = 6;

type Reason = 'same_customer' | 'tracking' | 'seller';

/** Tracking numbers as people type them: upper case, without spaces and dashes. */
const norm = (col: SQL) => sql`upper(regexp_replace(${col}, '[\\s-]', '', 'g'))`;

/**
 * The pairing rule, shared by both queues (p = a pending pre-alert, k = a received package without one): a package
 * of the same customer; or an Unassigned package whose tracking number is similar (equal after normalising, or one
 * contains the other) or that came from the pre-alert's seller within 14 days after it. Another customer's
 * package is never suggested (matching it is refused).
 */
const PAIR = sql`
  k.company_id = p.company_id and k.prealert_id is null and k.received_at is not null and p.status = 'pending'
  and (
    k.user_id = p.user_id
    or (k.user_id is null and (
      ${norm(sql`k.tracking_number`)} = ${norm(sql`p.tracking_number`)}
      or (length(${norm(sql`p.tracking_number`)}) >= ${MIN_CONTAINED}
          and position(${norm(sql`p.tracking_number`)} in ${norm(sql`k.tracking_number`)}) > 0)
      or (length(${norm(sql`k.tracking_number`)}) >= ${MIN_CONTAINED}
          and position(${norm(sql`k.tracking_number`)} in ${norm(sql`p.tracking_number`)}) > 0)
      or (p.seller_name <> '' and lower(k.seller_name) = lower(p.seller_name)
          and k.received_at >= p.created_at
          and k.received_at < p.created_at + make_interval(days => ${SELLER_WINDOW_DAYS}))
    ))
  )`;

/** Ranks a pair: a similar tracking number first, then the same customer, then the seller; newest first within. */
const REASON = sql`case
  when ${norm(sql`k.tracking_number`)} = ${norm(sql`p.tracking_number`)}
    or position(${norm(sql`p.tracking_number`)} in ${norm(sql`k.tracking_number`)}) > 0
    or position(${norm(sql`k.tracking_number`)} in ${norm(sql`p.tracking_number`)}) > 0 then 'tracking'
  when k.user_id = p.user_id then 'same_customer'
  else 'seller' end`;
const RANK = sql`case ${REASON} when 'tracking' then 0 when 'same_customer' then 1 else 2 end`;

type PairRow = {
  prealert_id: string;
  package_id: string;
  reason: Reason;
  k_tracking: string;
  k_seller: string;
  k_description: string;
  k_received_at: string | Date | null;
  k_hint: string;
  k_user_id: string | null;
  k_first: string | null;
  k_last: string | null;
  k_mailbox: string | null;
  p_tracking: string;
  p_seller: string;
  p_description: string;
  p_created_at: string | Date;
  p_user_id: string;
  p_first: string;
  p_last: string;
  p_mailbox: string;
};

const iso = (d: string | Date | null) => (d === null ? null : new Date(d).toISOString());
const ref = (id: string, first: string, last: string, mailbox: string): CustomerRef => ({
  id,
  name: `${first} ${last}`.trim(),
  mailbox_number: mailbox,
});

/** The suggestions for a page of queue items, in one bounded query (at most 5 per item). */
async function pairs(db: Db, side: 'prealert' | 'package', ids: string[]): Promise<PairRow[]> {
  if (ids.length === 0) return [];
  const key = side === 'prealert' ? sql`p.id` : sql`k.id`;
  const list = sql.join(
    ids.map((id) => sql`${id}::uuid`),
    sql`, `,
  );
  const result = await db.execute(sql`
    select * from (
      select p.id as prealert_id, k.id as package_id, ${REASON} as reason,
        k.tracking_number as k_tracking, k.seller_name as k_seller, k.description as k_description,
        k.received_at as k_received_at, k.consignee_hint as k_hint, k.user_id as k_user_id,
        ku.first_name as k_first, ku.last_name as k_last, ku.mailbox_number as k_mailbox,
        p.tracking_number as p_tracking, p.seller_name as p_seller, p.description as p_description,
        p.created_at as p_created_at, p.user_id as p_user_id,
        pu.first_name as p_first, pu.last_name as p_last, pu.mailbox_number as p_mailbox,
        row_number() over (partition by ${key} order by ${RANK}, k.received_at desc, p.created_at desc) as n
      from prealerts p
      join packages k on ${PAIR}
      join users pu on pu.id = p.user_id
      left join users ku on ku.id = k.user_id
      where ${key} in (${list})
    ) s where s.n <= ${SUGGESTIONS}
    order by s.n`);
  return (result as unknown as { rows: PairRow[] }).rows;
}

const pkgOf = (r: PairRow): QueuePackage => ({
  id: r.package_id,
  tracking_number: r.k_tracking,
  seller_name: r.k_seller,
  description: r.k_description,
  received_at: iso(r.k_received_at),
  customer: r.k_user_id ? ref(r.k_user_id, r.k_first ?? '', r.k_last ?? '', r.k_mailbox ?? '') : null,
  consignee_hint: r.k_hint,
});
const preOf = (r: PairRow): QueuePrealert => ({
  id: r.prealert_id,
  tracking_number: r.p_tracking,
  seller_name: r.p_seller,
  description: r.p_description,
  created_at: iso(r.p_created_at) ?? '',
  customer: ref(r.p_user_id, r.p_first, r.p_last, r.p_mailbox),
});

/**
 * Pre-alert matching for staff: the two queues (pending pre-alerts, received packages without one), each item with
 * suggestions, matching by hand (an Unassigned package takes the pre-alert's customer, who is told it arrived) and
 * cancelling with a reason the customer sees. Every change is audited in its transaction.
 */
export function createMatchingService({
  db,
  audit,
  notifications,
  points,
}: {
  db: Db;
  audit: AuditService;
  points: PointsService;
  notifications: NotificationService;
}) {
  async function pendingOf(tx: Db, company: CompanyRow, id: string) {
    const [pre] = await tx
      .select({ p: prealerts, u: users })
      .from(prealerts)
      .innerJoin(users, eq(users.id, prealerts.userId))
      .where(and(eq(prealerts.id, id), eq(prealerts.companyId, company.id)))
      .limit(1)
      .for('update', { of: prealerts });
    if (!pre) throw notFound(msg`Pre-alert not found`);
    if (pre.p.status !== 'pending') throw conflict(`This pre-alert is already ${pre.p.status}`);
    return pre;
  }

  return {
    async unmatched(company: CompanyRow, q: { page: number; pageSize: number }) {
      const where = and(eq(prealerts.companyId, company.id), eq(prealerts.status, 'pending'));
      const [rows, [total]] = await Promise.all([
        db
          .select({ p: prealerts, u: users })
          .from(prealerts)
          .innerJoin(users, eq(users.id, prealerts.userId))
          .where(where)
          .orderBy(desc(prealerts.createdAt), desc(prealerts.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(prealerts).where(where),
      ]);
      const found = await pairs(
        db,
        'prealert',
        rows.map((r) => r.p.id),
      );
      const items: UnmatchedPrealert[] = rows.map(({ p, u }) => ({
        id: p.id,
        tracking_number: p.trackingNumber,
        seller_name: p.sellerName,
        description: p.description,
        created_at: p.createdAt.toISOString(),
        customer: ref(u.id, u.firstName, u.lastName, u.mailboxNumber),
        suggestions: found
          .filter((r) => r.prealert_id === p.id)
          .map((r) => ({ ...pkgOf(r), reason: r.reason })),
      }));
      return { items, page: q.page, pageSize: q.pageSize, total: total?.n ?? 0 };
    },

    async withoutPrealert(company: CompanyRow, q: { page: number; pageSize: number }) {
      const where = and(
        eq(packages.companyId, company.id),
        isNull(packages.prealertId),
        isNotNull(packages.receivedAt),
      );
      const [rows, [total]] = await Promise.all([
        db
          .select({ k: packages, u: users })
          .from(packages)
          .leftJoin(users, eq(users.id, packages.userId))
          .where(where)
          .orderBy(desc(packages.receivedAt), desc(packages.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(packages).where(where),
      ]);
      const found = await pairs(
        db,
        'package',
        rows.map((r) => r.k.id),
      );
      const items: PackageWithoutPrealert[] = rows.map(({ k, u }) => ({
        id: k.id,
        tracking_number: k.trackingNumber,
        seller_name: k.sellerName,
        description: k.description,
        received_at: k.receivedAt?.toISOString() ?? null,
        customer: u ? ref(u.id, u.firstName, u.lastName, u.mailboxNumber) : null,
        consignee_hint: k.consigneeHint,
        suggestions: found
          .filter((r) => r.package_id === k.id)
          .map((r) => ({ ...preOf(r), reason: r.reason })),
      }));
      return { items, page: q.page, pageSize: q.pageSize, total: total?.n ?? 0 };
    },

    async match(
      company: CompanyRow,
      staff: UserRow,
      prealertId: string,
      input: MatchBody,
      origin: string,
    ): Promise<MatchReply> {
      const body = matchBodySchema.parse(input);
      const done = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const { p, u } = await pendingOf(tx, company, prealertId);
        const [k] = await tx
          .select({ k: packages, statusName: packageStatuses.name })
          .from(packages)
          .leftJoin(packageStatuses, eq(packageStatuses.code, packages.statusCode))
          .where(and(eq(packages.id, body.package_id), eq(packages.companyId, company.id)))
          .limit(1)
          .for('update', { of: packages });
        if (!k) throw notFound(msg`Package not found`);
        if (k.k.userId !== null && k.k.userId !== p.userId) {
          throw conflict(msg`This package belongs to another customer`, {
            package_id: [t(msg`This package belongs to another customer`)],
          });
        }
        if (k.k.prealertId !== null) {
          throw conflict(msg`This package already has a pre-alert`, {
            package_id: [t(msg`This package already has a pre-alert`)],
          });
        }
        const assigned = k.k.userId === null;
        const at = new Date();
        if (assigned) {
          await tx.update(packages).set({ userId: p.userId, updatedAt: at }).where(eq(packages.id, k.k.id));
        }
        await matchPrealert(tx, p.id, k.k.id, at);
        await audit.record(tx, company, staff, [
          {
            entity: 'prealert',
            entityId: p.id,
            action: 'matched by hand',
            changes: { status: ['pending', 'matched'], package: [null, k.k.trackingNumber] },
          },
          {
            entity: 'package',
            entityId: k.k.id,
            action: assigned ? 'assigned by pre-alert match' : 'matched to pre-alert',
            changes: {
              prealert: [null, p.trackingNumber],
              ...(assigned ? { customer: [null, u.mailboxNumber] } : {}),
            },
          },
        ]);
        if (assigned) {
          // The customer had no way to know the parcel arrived while it was Unassigned: tell them now.
          const pkg = {
            id: k.k.id,
            tracking_number: k.k.trackingNumber,
            description: k.k.description || p.description,
            status_name: k.statusName ?? k.k.statusCode,
            owner: { id: u.id },
          };
          await notifications.packageStatus(tx, company, pkg, 'We matched it to your pre-alert.', origin);
        }
        return { p, u, k };
      });
      return {
        prealert_id: done.p.id,
        status: 'matched',
        package_id: done.k.k.id,
        customer: ref(done.u.id, done.u.firstName, done.u.lastName, done.u.mailboxNumber),
      };
    },

    async cancel(
      company: CompanyRow,
      staff: UserRow,
      prealertId: string,
      input: CancelBody,
      origin: string,
    ): Promise<MatchReply> {
      const { reason } = cancelBodySchema.parse(input);
      const { p, u } = await db.transaction(async (txRaw) => {
        const tx = txRaw as unknown as Db;
        const pre = await pendingOf(tx, company, prealertId);
        const at = new Date();
        await tx
          .update(prealerts)
          .set({ status: 'cancelled', cancelledAt: at, cancelReason: reason, updatedAt: at })
          .where(eq(prealerts.id, pre.p.id));
        await audit.record(tx, company, staff, {
          entity: 'prealert',
          entityId: pre.p.id,
          action: 'cancelled',
          changes: { status: ['pending', 'cancelled'] },
          note: reason,
        });
        await notifications.notify(
          company,
          pre.u.id,
          // In the customer's language (the staff's reason as typed).
          () => {
            const tracking = pre.p.trackingNumber;
            return {
              kind: 'system',
              title: t(msg`Pre-alert ${{ tracking }} cancelled`),
              body: t(msg`We cancelled your pre-alert ${{ tracking }}: ${{ reason }}`),
              link: '/user/packages/pre-alert',
            };
          },
          { origin, within: tx, about: [{ entity: 'prealert', id: pre.p.id }] },
        );
        return pre;
      });
      // As when the customer cancels: a pre-alert that is not going ahead gives its bonus back.
      await points.reversePrealertBonus(company, u, p.trackingNumber);
      return {
        prealert_id: p.id,
        status: 'cancelled',
        package_id: null,
        customer: ref(u.id, u.firstName, u.lastName, u.mailboxNumber),
      };
    },
  };
}

export type MatchingService = ReturnType<typeof createMatchingService>;
