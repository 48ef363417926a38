import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { Config } from '../config';
import type { Db } from '../db';
import { companies, pushSubscriptions } from '../db/schema';
import type { JobHandler } from '../jobs/queue';
import { endpointProblem } from './endpoint-policy';
import { PUSH_TTL_SECONDS, type PushJob } from './push.service';
import type { Vapid } from './vapid';

type Log = { warn: (obj: object, msg: string) => void; info: (obj: object, msg: string) => void };

/** How long a push service may take to answer before the attempt counts as failed (and is retried). */
const SEND_TIMEOUT_MS = 10_000;

/**
 * Each company's pushes per second, spaced out on this instance: a shipment of a thousand parcels made ready drains
 * at this pace instead of all at once (push services throttle a sender that bursts). Per instance: N instances
 * may send up to N times the rate together.
 */
export function createRateLimit(perSecond: number) {
  const next = new Map<string, number>();
  const gap = 1000 / perSecond;
  return async (key: string): Promise<void> => {
    const now = Date.now();
    const at = Math.max(now, next.get(key) ?? 0);
    next.set(key, at + gap);
    if (at > now) await new Promise((r) => setTimeout(r, at - now));
  };
}

/** A push service's answer worth a retry (it is busy or down), as opposed to a refusal that would repeat. */
class RetryablePushError extends Error {}

/**
 * The `push` job: one message to one device, encrypted (aes128gcm) and signed (VAPID) by web-push's request builder
 * and posted with our own fetch (web-push's sender speaks only https; a local push service is http). 404/410: the
 * subscription is gone for good and its row is removed at once. 429 and 5xx (and no answer): thrown, so the queue
 * retries with backoff. Other refusals are logged and dropped (a retry would be refused the same).
 */
export function pushJobHandler(deps: {
  db: Db;
  config: Config;
  vapid: Vapid;
  log: Log;
  fetch?: typeof fetch;
}): JobHandler<PushJob> {
  const { db, config, vapid, log } = deps;
  const send = deps.fetch ?? fetch;
  const limit = createRateLimit(config.push.ratePerSecond);
  return async (job) => {
    const [row] = await db
      .select({ s: pushSubscriptions, supportEmail: companies.supportEmail })
      .from(pushSubscriptions)
      .innerJoin(companies, eq(companies.id, pushSubscriptions.companyId))
      .where(eq(pushSubscriptions.id, job.subscriptionId))
      .limit(1);
    if (!row) return; // unsubscribed since it was queued
    const { s } = row;
    // The policy may have tightened since the device subscribed (a production server on a copied database).
    const problem = endpointProblem(s.endpoint, config);
    if (problem) {
      log.warn({ subscription: s.id, problem }, 'push endpoint refused by policy; subscription removed');
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
      return;
    }
    const keys = await vapid.get();
    const subject = config.push.vapidSubject ?? `mailto:${row.supportEmail || 'support@example.com'}`;
    const request = webpush.generateRequestDetails(
      { endpoint: s.endpoint, keys: { p256dh: s.p256dh, auth: s.auth } },
      JSON.stringify(job.message),
      {
        vapidDetails: { subject, publicKey: keys.publicKey, privateKey: keys.privateKey },
        TTL: PUSH_TTL_SECONDS,
        urgency: job.urgency,
        contentEncoding: 'aes128gcm',
      },
    );
    await limit(job.companyId);
    let res: Response;
    try {
      res = await send(request.endpoint, {
        method: request.method,
        headers: request.headers as Record<string, string>,
        body: request.body ? new Uint8Array(request.body) : null,
        redirect: 'manual', // a push service never redirects; following one would post wherever it said
        signal: AbortSignal.timeout(SEND_TIMEOUT_MS),
      });
    } catch (err) {
      throw new RetryablePushError(
        `push service did not answer: ${err instanceof Error ? err.message : err}`,
      );
    }
    await res.arrayBuffer().catch(() => undefined); // free the connection
    if (res.status === 404 || res.status === 410) {
      await db.delete(pushSubscriptions).where(eq(pushSubscriptions.id, s.id));
      log.info({ subscription: s.id, status: res.status }, 'push subscription gone; removed');
      return;
    }
    if (res.status === 429 || res.status >= 500) {
      throw new RetryablePushError(`push service answered ${res.status}`);
    }
    if (res.status >= 300) {
      log.warn({ subscription: s.id, status: res.status }, 'push refused by the push service');
      return;
    }
    await db.update(pushSubscriptions).set({ lastUsedAt: new Date() }).where(eq(pushSubscriptions.id, s.id));
  };
}
