/** A fresh Idempotency-Key (a UUID where the browser has one). */
export const newIdempotencyKey = (): string =>
  typeof crypto !== 'undefined' && 'randomUUID' in crypto
    ? crypto.randomUUID()
    : `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;

/**
 * Keys for a form that creates things: the same body sent again (after a reply that never arrived) reuses its key,
 * so nothing is created twice; a changed body, or any send after a success (`reset`), gets a new key.
 */
export function idempotencyKeys() {
  let last: { body: string; key: string } | null = null;
  return {
    keyFor(body: unknown): string {
      const json = JSON.stringify(body);
      if (last?.body !== json) last = { body: json, key: newIdempotencyKey() };
      return last.key;
    },
    reset() {
      last = null;
    },
  };
}
