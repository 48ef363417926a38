import { msg } from '@lingui/core/runtime-macro';
import { and, eq } from 'drizzle-orm';
import type { NotificationEvent } from '../../contract/profile';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { notifications as notificationRows } from '../db/schema';
import { t } from '../i18n';
import type { StoredAttachment } from '../mail/mail-job';
import type { NotificationService } from '../notifications/notifications.service';
import { shownStatusName } from './standard-names';

/*
 * What a package's customer is told of a change, in the change's transaction (the bell's row and the mail's job
 * commit with it, or not at all). Through the notifications service, which mails per the customer's preferences.
 */

/** A package as a notice names it. */
export type Told = { id: string; tracking_number: string; description: string };

/** Who to tell what after a change: one entry per customer, listing all their packages it touched. */
export type Notice = {
  userId: string;
  packages: Told[];
  statusName: string;
  note: string;
  /** The moment it tells, when it is one customers choose to hear of (and may be pushed). */
  event?: NotificationEvent | undefined;
};

/** The statuses that are moments of their own in the customer's preferences; other moves are "package updates". */
const EVENT_OF: Partial<Record<string, NotificationEvent>> = {
  received_us: 'package_received',
  on_hold: 'package_held',
  ready_for_pickup: 'package_ready',
};
export const eventOfStatus = (status: string): NotificationEvent | undefined => EVENT_OF[status];

type Owned = { id: string; userId: string | null; trackingNumber: string; description: string };

const told = (p: Owned): Told => ({
  id: p.id,
  tracking_number: p.trackingNumber,
  description: p.description,
});

/** Changed packages grouped by owner, each group told `statusName` (Unassigned parcels have nobody to tell). */
export function noticesFor(pkgs: Owned[], status: string, statusName: string, note: string): Notice[] {
  const byOwner = new Map<string, Notice>();
  const event = eventOfStatus(status);
  for (const p of pkgs) {
    if (!p.userId) continue;
    const n = byOwner.get(p.userId) ?? { userId: p.userId, packages: [], statusName, note, event };
    n.packages.push(told(p));
    byOwner.set(p.userId, n);
  }
  return [...byOwner.values()];
}

/** The new owner of packages hears once that they are theirs, in their current status (`names` by code). */
export function ownerNotices(
  userId: string,
  pkgs: (Owned & { statusCode: string })[],
  names: Map<string, string>,
) {
  const [first] = pkgs;
  if (!first) return [];
  const statusName = names.get(first.statusCode) ?? first.statusCode;
  return [{ userId, packages: pkgs.map(told), statusName, note: '', event: eventOfStatus(first.statusCode) }];
}

/**
 * Tells each customer once about all their packages a change touched, in the change's transaction `tx`; returns how
 * many were told. A lone package's notice may carry the warehouse's photo (a receipt's).
 */
export async function tellOwners(
  notifications: NotificationService,
  tx: Db,
  company: CompanyRow,
  origin: string,
  notices: Notice[],
  photo?: StoredAttachment,
): Promise<number> {
  let count = 0;
  for (const n of notices) {
    const [only] = n.packages;
    const sent =
      photo && only && n.packages.length === 1
        ? await notifications.packageStatus(
            tx,
            company,
            { ...only, status_name: n.statusName, owner: { id: n.userId }, event: n.event },
            n.note,
            origin,
            photo,
          )
        : await notifications.packagesStatus(
            tx,
            company,
            n.userId,
            n.packages,
            n.statusName,
            n.note,
            origin,
            n.event,
          );
    if (sent) count += 1;
  }
  return count;
}

/** Who collected parcels at the counter, as the customer reads it: their name and the ID masked to its last four. */
export type Collected = { by: string; id: string };

/** Tells each customer who collected their parcels (the counter's release), in the release's transaction `tx`. */
export async function tellCollected(
  notifications: NotificationService,
  tx: Db,
  company: CompanyRow,
  origin: string,
  notices: Notice[],
  collected: Collected,
): Promise<number> {
  let count = 0;
  for (const n of notices) {
    const one = n.packages.length === 1 ? n.packages[0] : undefined;
    const what = (p: Told) => (p.description ? `${p.description} (${p.tracking_number})` : p.tracking_number);
    const who = `${collected.by} (${collected.id})`;
    const sent = await notifications.notify(
      company,
      n.userId,
      // In the customer's language.
      () => {
        const status = shownStatusName(n.statusName);
        const listed = n.packages.map(what).join(', ');
        return {
          kind: 'package_status' as const,
          title: one
            ? `${one.tracking_number}: ${status}`
            : t(msg`${{ count: n.packages.length }} packages: ${{ status }}`),
          body: one
            ? t(msg`Your package ${{ what: what(one) }} was collected by ${{ who }}.`)
            : t(msg`Your packages ${{ listed }} were collected by ${{ who }}.`),
          link: one ? `/user/packages/${one.id}` : '/user/packages/history',
        };
      },
      { origin, within: tx },
    );
    if (sent) count += 1;
  }
  return count;
}

/** Takes back what the customers were told of packages that go (an undone receipt): their bell entries. */
export async function withdrawNotices(tx: Db, pkgs: Owned[]): Promise<void> {
  for (const p of pkgs) {
    if (!p.userId) continue;
    await tx
      .delete(notificationRows)
      .where(and(eq(notificationRows.userId, p.userId), eq(notificationRows.link, `/user/packages/${p.id}`)));
  }
}
