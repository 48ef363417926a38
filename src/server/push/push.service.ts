import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq } from 'drizzle-orm';
import {
  type CreatePushSubscriptionBody,
  createPushSubscriptionBodySchema,
  type PushMessage,
  type PushSubscriptionRow,
} from '../../contract/push';
import type { Config } from '../config';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { pushSubscriptions } from '../db/schema';
import { fieldError, notFound } from '../errors';
import type { JobQueue } from '../jobs/queue';
import { endpointProblem } from './endpoint-policy';
import type { Vapid } from './vapid';

type SubscriptionRow = typeof pushSubscriptions.$inferSelect;

/** What a push job carries: one message to one subscription (a retry resends it there only). */
export type PushJob = {
  companyId: string;
  subscriptionId: string;
  message: PushMessage;
  /** RFC 8030 Urgency: a held parcel is `high`, the rest `normal`. */
  urgency: 'normal' | 'high';
};

/** How long a push service keeps a message for a device that is off (a day: past it the news is in the bell). */
export const PUSH_TTL_SECONDS = 24 * 3600;

function toRow(s: SubscriptionRow): PushSubscriptionRow {
  return {
    id: s.id,
    device_name: s.deviceName,
    created_at: s.createdAt.toISOString(),
    last_used_at: s.lastUsedAt.toISOString(),
  };
}

/**
 * Push subscriptions (one per device) and the queueing of pushes. Only the `push` job sends (push-send.ts), after
 * the change that caused it commits: `enqueue` joins the caller's transaction like queueMail.
 */
export function createPushService(deps: { db: Db; jobs: JobQueue; config: Config; vapid: Vapid }) {
  const { db, jobs, config, vapid } = deps;
  const own = (company: CompanyRow, user: UserRow) =>
    and(eq(pushSubscriptions.companyId, company.id), eq(pushSubscriptions.userId, user.id));

  return {
    async publicKey(): Promise<{ public_key: string }> {
      return { public_key: (await vapid.get()).publicKey };
    },

    async list(company: CompanyRow, user: UserRow): Promise<PushSubscriptionRow[]> {
      const rows = await db
        .select()
        .from(pushSubscriptions)
        .where(own(company, user))
        .orderBy(asc(pushSubscriptions.createdAt), asc(pushSubscriptions.id));
      return rows.map(toRow);
    },

    /**
     * Adds this device, or (the same endpoint again: every app start re-sends it) refreshes it. An endpoint another
     * account subscribed on this browser becomes this user's: the browser tells whoever signed in last.
     */
    async subscribe(
      company: CompanyRow,
      user: UserRow,
      input: CreatePushSubscriptionBody,
    ): Promise<PushSubscriptionRow> {
      const body = createPushSubscriptionBodySchema.parse(input);
      const problem = endpointProblem(body.endpoint, config);
      if (problem) throw fieldError('endpoint', problem);
      const values = {
        companyId: company.id,
        userId: user.id,
        p256dh: body.keys.p256dh,
        auth: body.keys.auth,
        deviceName: body.device_name,
        expiresAt: body.expiration_time ? new Date(body.expiration_time) : null,
        lastUsedAt: new Date(),
      };
      const [row] = await db
        .insert(pushSubscriptions)
        .values({ endpoint: body.endpoint, ...values })
        .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: values })
        .returning();
      if (!row) throw new Error('push subscription upsert returned no row');
      return toRow(row);
    },

    async remove(company: CompanyRow, user: UserRow, id: string): Promise<void> {
      const gone = await db
        .delete(pushSubscriptions)
        .where(and(eq(pushSubscriptions.id, id), own(company, user)))
        .returning({ id: pushSubscriptions.id });
      if (gone.length === 0) throw notFound(msg`Push subscription not found`);
    },

    /**
     * Queues `message` to each device of the user, in the transaction `within` of the change it tells: one job per
     * device, so a retry resends only where it failed. Returns how many devices.
     */
    async enqueue(
      within: Db,
      companyId: string,
      userId: string,
      message: PushMessage,
      urgency: PushJob['urgency'] = 'normal',
    ): Promise<number> {
      const devices = await within
        .select({ id: pushSubscriptions.id })
        .from(pushSubscriptions)
        .where(and(eq(pushSubscriptions.companyId, companyId), eq(pushSubscriptions.userId, userId)));
      for (const d of devices) {
        const job: PushJob = { companyId, subscriptionId: d.id, message, urgency };
        await jobs.enqueue('push', job, { within });
      }
      return devices.length;
    },
  };
}
export type PushService = ReturnType<typeof createPushService>;
