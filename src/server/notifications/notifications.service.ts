import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { and, count, desc, eq, isNull } from 'drizzle-orm';
import type { Notification, NotificationKind } from '../../contract/notifications';
import {
  type NotificationEvent,
  type NotificationPreferences,
  preferenceKey,
  preferencesOf,
} from '../../contract/profile';
import type { StorageCountdown } from '../../contract/storage';
import type { Config } from '../config';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { notifications, users } from '../db/schema';
import { notFound } from '../errors';
import { t, withLocale } from '../i18n';
import { recipientLocale } from '../i18n/recipient';
import type { JobQueue } from '../jobs/queue';
import { type MailAbout, queueMail, type StoredAttachment } from '../mail/mail-job';
import type { MailMessage } from '../mail/mailer';
import { brandOf, notificationMail } from '../mail/templates';
import { shownStatusName } from '../package-status/standard-names';
import type { PushService } from '../push/push.service';
import { type PushNotice, pushMessageOf, urgencyOf } from '../push/push-message';
import { storageNotice } from './storage-notice';

type NotificationRow = typeof notifications.$inferSelect;

/** Which preference lets a kind of notification go out by email; kinds without one are never mailed. */
const PREFERENCE: Partial<Record<NotificationKind, keyof NotificationPreferences>> = {
  package_status: 'email_package_updates',
  invoice: 'email_invoices',
  purchase_request: 'email_purchase_requests',
};

const ACTION: Record<NotificationKind, MessageDescriptor> = {
  package_status: msg`Track the package`,
  invoice: msg`View the invoice`,
  purchase_request: msg`View the request`,
  points: msg`See your points`,
  system: msg`Open the portal`,
};

export function toNotification(n: NotificationRow): Notification {
  return {
    id: n.id,
    kind: n.kind,
    title: n.title,
    body: n.body,
    link: n.link,
    read_at: n.readAt ? n.readAt.toISOString() : null,
    created_at: n.createdAt.toISOString(),
  };
}

/** What a package notice says of the package. */
type PackageNotice = {
  id: string;
  tracking_number: string;
  description: string;
  status_name: string;
  owner: { id: string } | null;
  /** The moment it tells (received, held, ready): pushed per the user's choices; other moves are not pushed. */
  event?: NotificationEvent | undefined;
};

export type NotifyInput = { kind: NotificationKind; title: string; body: string; link: string };
/**
 * A notice's words, or a function writing them: it is called in the recipient's language (their own, else their
 * company's default), since the bell keeps the text as written.
 */
export type NotifyWords = NotifyInput | (() => NotifyInput);
export type NotifyOptions = {
  /** Scheme + host for the mail's link (the company's own host). */
  origin: string;
  /** 'preference' (default): mailed when the user's preferences say so; 'always': an explicit send; 'never'. */
  mail?: 'preference' | 'always' | 'never';
  /** A dedicated mail instead of the generic notification mail. */
  message?: (user: UserRow) => MailMessage;
  /** The transaction of the change reported: the bell's row and the mail's job commit (or not) with it. */
  within: Db;
  /** Stored files sent with the mail (a parcel's photo at intake), read from the file store when it is sent. */
  attachments?: StoredAttachment[];
  /** The records the notice is about (a package, an invoice): a mail that fails for good shows on them too. */
  about?: MailAbout[];
  /**
   * The moment it tells, for the user's per-event choices: its e-mail preference replaces the kind's, and it is
   * pushed to the user's devices when they want it by push. Without it the notice is never pushed.
   */
  push?: PushNotice;
};

/**
 * Notifications: kept for the bell and the list, and mailed when the user wants them. The mail is a `mail` job
 * queued with the bell's row in the transaction of the change reported: a rolled-back change mails nothing, a
 * committed one is mailed by whichever instance takes the job, after the reply, retried if the mail server fails;
 * if it fails for good, staff see it on the customer (and on the records it is about). `drain` waits for the queued
 * mail (tests).
 */
export function createNotificationService(deps: {
  db: Db;
  jobs: JobQueue;
  config: Config;
  push: Pick<PushService, 'enqueue'>;
}) {
  const { db, jobs, config, push } = deps;

  async function unreadCount(company: CompanyRow, userId: string): Promise<number> {
    const [row] = await db
      .select({ n: count() })
      .from(notifications)
      .where(
        and(
          eq(notifications.companyId, company.id),
          eq(notifications.userId, userId),
          isNull(notifications.readAt),
        ),
      );
    return row?.n ?? 0;
  }

  async function record(
    company: CompanyRow,
    userId: string,
    words: NotifyWords,
    opts: NotifyOptions,
  ): Promise<Notification | null> {
    const q = opts.within;
    const [user] = await q
      .select()
      .from(users)
      .where(and(eq(users.id, userId), eq(users.companyId, company.id)))
      .limit(1);
    if (!user) return null;
    const locale = await recipientLocale(q, user);
    return withLocale(locale, () =>
      deliver(company, user, typeof words === 'function' ? words() : words, opts),
    );
  }

  /** Keeps, pushes and mails a notice: called in the recipient's language. */
  async function deliver(
    company: CompanyRow,
    user: UserRow,
    input: NotifyInput,
    opts: NotifyOptions,
  ): Promise<Notification> {
    const q = opts.within;
    const userId = user.id;
    const [row] = await q
      .insert(notifications)
      .values({ companyId: company.id, userId, ...input })
      .returning();
    if (!row) throw new Error('notification insert returned no row');
    const mode = opts.mail ?? 'preference';
    const prefs = preferencesOf(user.notificationPrefs);
    const pref = opts.push ? preferenceKey(opts.push.event, 'email') : PREFERENCE[input.kind];
    const wanted = mode === 'always' || (mode === 'preference' && pref !== undefined && prefs[pref]);
    if (opts.push && user.isActive && prefs[preferenceKey(opts.push.event, 'push')]) {
      // The badge counts this notice too: it is in the transaction already.
      const [unread] = await q
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            eq(notifications.companyId, company.id),
            eq(notifications.userId, user.id),
            isNull(notifications.readAt),
          ),
        );
      const message = pushMessageOf(input, opts.push, opts.origin, unread?.n ?? 1);
      await push.enqueue(q, company.id, user.id, message, urgencyOf(opts.push.event));
    }
    if (wanted && user.isActive) {
      const mail =
        opts.message?.(user) ??
        notificationMail({
          brand: brandOf(company),
          origin: opts.origin,
          to: user.email,
          firstName: user.firstName,
          title: input.title,
          body: input.body,
          link: input.link,
          action: t(ACTION[input.kind]),
          mailFrom: config.mailFrom,
        });
      await queueMail(jobs, q, {
        message: mail,
        ...(opts.attachments?.length ? { attachments: opts.attachments } : {}),
        about: [...(opts.about ?? []), { entity: 'user', id: user.id }],
      });
    }
    return toNotification(row);
  }

  const service = {
    unreadCount,

    /**
     * Records a notification for a user of the company (and mails it, per `opts.mail`), in the transaction of the
     * change it reports: should it fail, so does the change (its transaction is unusable anyway), so no change is
     * ever left untold. Null when the user is not the company's.
     */
    notify: record,

    async list(
      company: CompanyRow,
      user: UserRow,
      q: { page: number; pageSize: number; unread?: 'true' | 'false' | undefined },
    ) {
      const where = and(
        eq(notifications.companyId, company.id),
        eq(notifications.userId, user.id),
        q.unread === 'true' ? isNull(notifications.readAt) : undefined,
      );
      const [rows, [total], unread] = await Promise.all([
        db
          .select()
          .from(notifications)
          .where(where)
          .orderBy(desc(notifications.createdAt), desc(notifications.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(notifications).where(where),
        unreadCount(company, user.id),
      ]);
      return {
        items: rows.map(toNotification),
        page: q.page,
        pageSize: q.pageSize,
        total: total?.n ?? 0,
        unread_count: unread,
      };
    },

    async markRead(company: CompanyRow, user: UserRow, id: string): Promise<Notification> {
      const where = and(
        eq(notifications.id, id),
        eq(notifications.companyId, company.id),
        eq(notifications.userId, user.id),
      );
      const [updated] = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(and(where, isNull(notifications.readAt)))
        .returning();
      if (updated) return toNotification(updated);
      const [already] = await db.select().from(notifications).where(where).limit(1);
      if (!already) throw notFound(msg`Notification not found`);
      return toNotification(already);
    },

    async markAllRead(company: CompanyRow, user: UserRow) {
      const rows = await db
        .update(notifications)
        .set({ readAt: new Date() })
        .where(
          and(
            eq(notifications.companyId, company.id),
            eq(notifications.userId, user.id),
            isNull(notifications.readAt),
          ),
        )
        .returning({ id: notifications.id });
      return { updated: rows.length, unread_count: 0 };
    },

    /**
     * Tells a package's owner, in the transaction `within` of the change, that it changed status (a status change,
     * an assignment, a match; at intake with the warehouse's photo attached to the mail).
     */
    async packageStatus(
      within: Db,
      company: CompanyRow,
      pkg: PackageNotice,
      note: string,
      origin: string,
      photo?: StoredAttachment,
    ) {
      // An Unassigned parcel has nobody to tell yet; assigning it tells its customer.
      if (!pkg.owner) return null;
      const what = pkg.description ? `${pkg.description} (${pkg.tracking_number})` : pkg.tracking_number;
      return record(
        company,
        pkg.owner.id,
        () => {
          const status = shownStatusName(pkg.status_name);
          return {
            kind: 'package_status',
            title: `${pkg.tracking_number}: ${status}`,
            body: `${t(msg`Your package ${{ what }} is now “${{ status }}”.`)}${note ? ` ${note}` : ''}`,
            link: `/user/packages/${pkg.id}`,
          };
        },
        {
          origin,
          within,
          about: [{ entity: 'package', id: pkg.id }],
          ...(photo ? { attachments: [photo] } : {}),
          ...(pkg.event ? { push: { event: pkg.event, tag: `package:${pkg.id}` } } : {}),
        },
      );
    },

    /**
     * Tells one customer about several of their packages at once (a bulk status change, a shipment advanced), in
     * the change's transaction `within`: one notification listing them, so a shipment of ten parcels is one bell
     * entry and one mail, not ten.
     */
    async packagesStatus(
      within: Db,
      company: CompanyRow,
      userId: string,
      pkgs: { id: string; tracking_number: string; description: string }[],
      statusName: string,
      note: string,
      origin: string,
      event?: NotificationEvent,
    ) {
      const [only] = pkgs;
      if (!only) return null;
      if (pkgs.length === 1) {
        const pkg = { ...only, status_name: statusName, owner: { id: userId }, event };
        return service.packageStatus(within, company, pkg, note, origin);
      }
      const SHOWN = 10;
      const listed = pkgs
        .slice(0, SHOWN)
        .map((p) => (p.description ? `${p.tracking_number} (${p.description})` : p.tracking_number))
        .join(', ');
      const total = pkgs.length;
      const others = pkgs.length - SHOWN;
      return record(
        company,
        userId,
        () => {
          const status = shownStatusName(statusName);
          const more = others > 0 ? t(msg` and ${{ others }} more`) : '';
          return {
            kind: 'package_status',
            title: t(msg`${{ count: total }} packages: ${{ status }}`),
            body: `${t(msg`Your packages ${{ listed }}${{ more }} are now “${{ status }}”.`)}${note ? ` ${note}` : ''}`,
            link: '/user/packages/history',
          };
        },
        {
          origin,
          within,
          about: pkgs.map((p) => ({ entity: 'package' as const, id: p.id })),
          // One tag per batch: a later move of the same parcels replaces it on the device.
          ...(event ? { push: { event, tag: `packages:${only.id}` } } : {}),
        },
      );
    },

    /**
     * Reminds a customer that a parcel's free storage ends soon ('soon': within 2 days) or today ('today'), in the
     * transaction `within` that records the reminder as sent (storage/storage-reminders.ts).
     */
    async storageReminder(
      within: Db,
      company: CompanyRow,
      userId: string,
      pkg: { id: string; tracking_number: string; description: string },
      storage: StorageCountdown,
      when: 'soon' | 'today',
      origin: string,
    ) {
      return record(
        company,
        userId,
        () => ({
          kind: 'package_status',
          ...storageNotice(pkg, storage, when),
          link: `/user/packages/${pkg.id}`,
        }),
        { origin, within, about: [{ entity: 'package', id: pkg.id }] },
      );
    },

    /** Waits until the mail queued so far has been sent (or has failed for good). */
    async drain(): Promise<void> {
      await jobs.drain();
    },
  };
  return service;
}

export type NotificationService = ReturnType<typeof createNotificationService>;
