import { msg } from '@lingui/core/runtime-macro';
import { and, eq } from 'drizzle-orm';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { packages, prealerts, users } from '../db/schema';
import { badRequest, conflict } from '../errors';
import type { NotificationService } from '../notifications/notifications.service';
import { ownerNotices, tellOwners } from '../package-status/notices';
import { statusNames } from '../package-status/status-names';
import { matchPrealert, pendingPrealert } from '../packages/prealert-records';
import type { PackageRow } from './package-rows';
import { packageDetail, packageOf } from './record';

/* Whose a package is: assigned to a customer, or to the customer of a pre-alert linked by hand (or unlinked). */

/** Who acts on a package, in which transaction, and where it is recorded. */
export type Acting = { tx: Db; audit: AuditService; company: CompanyRow; staff: UserRow };
type PrealertRow = typeof prealerts.$inferSelect;

/** A customer of the company (read through `db`), or a field error naming `field`. */
export async function customerOf(db: Db, company: CompanyRow, id: string, field: string): Promise<UserRow> {
  const [u] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), eq(users.companyId, company.id)))
    .limit(1);
  if (!u) throw badRequest(msg`Validation failed`, { [field]: ['No such customer'] });
  if (!u.isActive) throw badRequest(msg`Validation failed`, { [field]: ['This customer is deactivated'] });
  return u;
}

/** Sets an owner on a package (and matches that customer's pending pre-alert of the same tracking number). */
export async function setOwner(
  { tx, audit, company, staff }: Acting,
  p: PackageRow,
  owner: UserRow,
  note: string,
  autoMatch = true,
) {
  const now = new Date();
  let before: string | null = null;
  if (p.userId) {
    const [was] = await tx.select({ m: users.mailboxNumber }).from(users).where(eq(users.id, p.userId));
    before = was?.m ?? null;
  }
  // A pre-alert of the previous owner does not follow the parcel to someone else: it goes back to pending.
  if (p.prealertId && p.userId && p.userId !== owner.id) await releasePrealert(tx, p.prealertId);
  await tx
    .update(packages)
    .set({
      userId: owner.id,
      updatedAt: now,
      ...(p.prealertId && p.userId !== owner.id ? { prealertId: null } : {}),
    })
    .where(eq(packages.id, p.id));
  const pending = await pendingPrealert(tx, company.id, owner.id, p.trackingNumber);
  if (autoMatch && pending && (!p.prealertId || p.userId !== owner.id))
    await matchPrealert(tx, pending.id, p.id, now);
  await audit.record(tx, company, staff, {
    entity: 'package',
    entityId: p.id,
    action: 'assigned',
    changes: { owner: [before, owner.mailboxNumber] },
    note,
  });
}

/** A pre-alert back to pending, free to match its parcel when it comes. */
async function releasePrealert(tx: Db, prealertId: string) {
  await tx
    .update(prealerts)
    .set({ status: 'pending', packageId: null, matchedAt: null, updatedAt: new Date() })
    .where(eq(prealerts.id, prealertId));
}

/**
 * The pre-alert staff name for a package, by id or by tracking number (the owner's pending one; for an Unassigned
 * parcel, the only customer's who sent it), once it is clear it may be linked: a field error or a 409 says why not.
 */
async function prealertToLink(
  tx: Db,
  company: CompanyRow,
  p: PackageRow,
  by: { prealert_id?: string | undefined; tracking_number?: string | undefined },
): Promise<PrealertRow> {
  let pre: PrealertRow | undefined;
  if (by.prealert_id) {
    [pre] = await tx
      .select()
      .from(prealerts)
      .where(and(eq(prealerts.id, by.prealert_id), eq(prealerts.companyId, company.id)))
      .limit(1);
    if (!pre) throw badRequest(msg`Validation failed`, { prealert_id: ['No such pre-alert'] });
  } else {
    const found = await tx
      .select()
      .from(prealerts)
      .where(
        and(
          eq(prealerts.companyId, company.id),
          eq(prealerts.trackingNumber, by.tracking_number ?? ''),
          eq(prealerts.status, 'pending'),
          p.userId ? eq(prealerts.userId, p.userId) : undefined,
        ),
      )
      .limit(2);
    if (found.length === 0)
      throw badRequest(msg`Validation failed`, {
        tracking_number: [
          p.userId
            ? 'This customer has no pending pre-alert with this tracking number'
            : 'No pending pre-alert has this tracking number',
        ],
      });
    if (found.length > 1)
      throw badRequest(msg`Validation failed`, {
        tracking_number: ['Several customers pre-alerted this number: assign the parcel first'],
      });
    pre = found[0];
  }
  if (!pre) throw badRequest(msg`Validation failed`, { prealert_id: ['No such pre-alert'] });
  if (p.prealertId === pre.id) throw conflict(msg`This pre-alert is already linked to the package`);
  if (p.prealertId) throw conflict(msg`The package already has a pre-alert: unlink it first`);
  if (pre.status !== 'pending')
    throw badRequest(msg`Validation failed`, {
      prealert_id: [pre.status === 'matched' ? 'Already matched to another package' : 'It was cancelled'],
    });
  if (p.userId && p.userId !== pre.userId)
    throw badRequest(msg`Validation failed`, { prealert_id: ['This pre-alert is another customer’s'] });
  return pre;
}

export function createPackageOwnership(deps: {
  db: Db;
  audit: AuditService;
  notifications: NotificationService;
}) {
  const { db, audit, notifications } = deps;
  return {
    /** A package to a customer, who hears it is theirs (in the same transaction). */
    async assign(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      body: { customer_id: string; note: string },
      origin: string,
    ) {
      const owner = await customerOf(db, company, body.customer_id, 'customer_id');
      await db.transaction(async (tx) => {
        const p = await packageOf(tx, company, id);
        if (p.userId === owner.id) throw conflict(msg`The package is already this customer’s`);
        await setOwner({ tx, audit, company, staff }, p, owner, body.note);
        await tellOwners(
          notifications,
          tx,
          company,
          origin,
          ownerNotices(owner.id, [p], await statusNames(tx)),
        );
      });
      return packageDetail(db, company, id);
    },
    /** Links a pre-alert by hand (an Unassigned parcel takes the pre-alert's customer). */
    async linkPrealert(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      by: { prealert_id?: string | undefined; tracking_number?: string | undefined },
      origin: string,
    ) {
      await db.transaction(async (tx) => {
        const p = await packageOf(tx, company, id);
        const pre = await prealertToLink(tx, company, p, by);
        if (!p.userId) {
          const owner = await customerOf(tx, company, pre.userId, 'prealert_id');
          await setOwner({ tx, audit, company, staff }, p, owner, 'Owner of the linked pre-alert', false);
          const notices = ownerNotices(owner.id, [p], await statusNames(tx));
          await tellOwners(notifications, tx, company, origin, notices);
        }
        await matchPrealert(tx, pre.id, p.id);
        await audit.record(tx, company, staff, [
          {
            entity: 'package',
            entityId: p.id,
            action: 'prealert_linked',
            changes: { prealert: [null, pre.trackingNumber] },
          },
          {
            entity: 'prealert',
            entityId: pre.id,
            action: 'matched',
            changes: { package: [null, p.trackingNumber] },
          },
        ]);
      });
      return packageDetail(db, company, id);
    },

    async unlinkPrealert(company: CompanyRow, staff: UserRow, id: string) {
      await db.transaction(async (tx) => {
        const p = await packageOf(tx, company, id);
        if (!p.prealertId) throw conflict(msg`The package has no pre-alert`);
        const [pre] = await tx.select().from(prealerts).where(eq(prealerts.id, p.prealertId)).limit(1);
        await releasePrealert(tx, p.prealertId);
        await tx
          .update(packages)
          .set({ prealertId: null, updatedAt: new Date() })
          .where(eq(packages.id, p.id));
        await audit.record(tx, company, staff, [
          {
            entity: 'package',
            entityId: p.id,
            action: 'prealert_unlinked',
            changes: { prealert: [pre?.trackingNumber ?? p.prealertId, null] },
          },
          {
            entity: 'prealert',
            entityId: p.prealertId,
            action: 'unmatched',
            changes: { status: ['matched', 'pending'] },
          },
        ]);
      });
      return packageDetail(db, company, id);
    },
  };
}
