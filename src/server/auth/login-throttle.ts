import { msg } from '@lingui/core/runtime-macro';
import type { Redis } from 'ioredis';
import { ApiError } from '../errors';

/** What a sign-in call answers while its limits cannot be checked and the operator chose to fail closed. */
export const signInPaused = () =>
  new ApiError(503, msg`Signing in is paused for a moment; please try again shortly`, undefined, {
    'retry-after': '30',
  });

/**
 * Failed sign-ins per account (company + email), on top of the per-client limit: a guesser spreading attempts over
 * many addresses still gets only `max` tries at one account per window. The key is the email as typed (normalised),
 * so unknown emails are counted the same way and the limit tells nobody which addresses have accounts. That count is
 * the allowance of unknown devices only: a browser that signed in to the account before is counted on its own key
 * (`device:<nonce>`, see device-cookie.ts), so strangers never lock the owner's usual browser out; a password reset
 * clears the account's count too.
 *
 * In memory for one process; in Redis (REDIS_URL) when several instances share the count.
 */
export type LoginThrottle = {
  /** Milliseconds until the account (an email as typed) or a device (`device:<nonce>`) may try again, or 0. */
  blockedFor: (companyId: string, who: string) => Promise<number>;
  failed: (companyId: string, who: string) => Promise<void>;
  clear: (companyId: string, who: string) => Promise<void>;
};

const keyOf = (companyId: string, email: string) => `${companyId}|${email.trim().toLowerCase()}`;

type Log = { warn: (obj: object, msg: string) => void };

/**
 * The count in Redis, shared by every instance: a counter per account that expires `windowMs` after its first
 * failure (set in one script, so two instances failing at once cannot leave a counter without an expiry). If Redis
 * does not answer, by default sign-in goes on without this limit (logged): the per-client limit and the password's
 * cost remain, and a Redis outage does not lock every customer out. `failClosed` refuses the sign-in instead (503).
 */
export function createRedisLoginThrottle(opts: {
  redis: Redis;
  max: number;
  windowMs: number;
  log: Log;
  failClosed?: boolean;
}): LoginThrottle {
  const key = (companyId: string, email: string) => `portal:login-failures:${keyOf(companyId, email)}`;
  const script =
    "local n = redis.call('INCR', KEYS[1]) if n == 1 then redis.call('PEXPIRE', KEYS[1], ARGV[1]) end return n";
  const soft = async <T>(fallback: T, what: string, fn: () => Promise<T>): Promise<T> => {
    try {
      return await fn();
    } catch (err) {
      if (opts.failClosed) {
        opts.log.warn(
          { err },
          `failed sign-ins per account: ${what} failed, Redis did not answer; sign-in refused`,
        );
        throw signInPaused();
      }
      opts.log.warn({ err }, `failed sign-ins per account: ${what} skipped, Redis did not answer`);
      return fallback;
    }
  };
  return {
    blockedFor: (companyId, email) =>
      soft(0, 'check', async () => {
        const k = key(companyId, email);
        const [failures, ttl] = await Promise.all([opts.redis.get(k), opts.redis.pttl(k)]);
        return Number(failures ?? 0) >= opts.max && ttl > 0 ? ttl : 0;
      }),
    failed: (companyId, email) =>
      soft(undefined, 'count', async () => {
        await opts.redis.eval(script, 1, key(companyId, email), String(opts.windowMs));
      }),
    clear: (companyId, email) =>
      soft(undefined, 'clear', async () => {
        await opts.redis.del(key(companyId, email));
      }),
  };
}

export function createLoginThrottle(opts: { max: number; windowMs: number }): LoginThrottle {
  const entries = new Map<string, { failures: number; resetAt: number }>();
  const live = (key: string, now: number) => {
    const e = entries.get(key);
    if (e && e.resetAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    async blockedFor(companyId, email) {
      const now = Date.now();
      const e = live(keyOf(companyId, email), now);
      return e && e.failures >= opts.max ? e.resetAt - now : 0;
    },
    async failed(companyId, email) {
      const now = Date.now();
      const key = keyOf(companyId, email);
      const e = live(key, now);
      if (e) e.failures += 1;
      else {
        // Attacker-chosen keys: never let the map grow without bound.
        if (entries.size >= 100_000) entries.clear();
        entries.set(key, { failures: 1, resetAt: now + opts.windowMs });
      }
    },
    async clear(companyId, email) {
      entries.delete(keyOf(companyId, email));
    },
  };
}
