/**
 * Failed sign-ins per account (company + email), on top of the per-client limit: a guesser spreading attempts over
 * many addresses still gets only `max` tries at one account per window. The window is short and a password reset
 * clears it, so a stranger can hold the real owner out for minutes at most, and the owner can always get back in
 * by mail. The key is the email as typed (normalised), so unknown emails are counted the same way and the limit
 * tells nobody which addresses have accounts.
 *
 * In memory, per instance: a shared store comes with the scale-out work.
 */
export type LoginThrottle = {
  /** Milliseconds until the account may be tried again, or 0. */
  blockedFor: (companyId: string, email: string) => number;
  failed: (companyId: string, email: string) => void;
  clear: (companyId: string, email: string) => void;
};

export function createLoginThrottle(opts: { max: number; windowMs: number }): LoginThrottle {
  const entries = new Map<string, { failures: number; resetAt: number }>();
  const keyOf = (companyId: string, email: string) => `${companyId}|${email.trim().toLowerCase()}`;
  const live = (key: string, now: number) => {
    const e = entries.get(key);
    if (e && e.resetAt <= now) {
      entries.delete(key);
      return undefined;
    }
    return e;
  };
  return {
    blockedFor(companyId, email) {
      const now = Date.now();
      const e = live(keyOf(companyId, email), now);
      return e && e.failures >= opts.max ? e.resetAt - now : 0;
    },
    failed(companyId, email) {
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
    clear(companyId, email) {
      entries.delete(keyOf(companyId, email));
    },
  };
}
