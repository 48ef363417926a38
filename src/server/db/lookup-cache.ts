/**
 * A small in-memory cache for per-request lookups (the host's company, the signed-in user, status names).
 * `clear()` is called on writes (see writes.ts); a lookup that was already reading when a clear came does not store
 * its result, since it may have read the row as it was before the write. The TTL bounds staleness from writes this
 * instance cannot see (another instance, a hand-made SQL change).
 */
export class LookupCache<K, V> {
  private readonly entries = new Map<K, { value: V; at: number }>();
  private generation = 0;

  constructor(private readonly opts: { ttlMs: number; max: number }) {}

  async get(key: K, load: () => Promise<V>): Promise<V> {
    const hit = this.entries.get(key);
    const now = Date.now();
    if (hit && now - hit.at < this.opts.ttlMs) return hit.value;
    const generation = this.generation;
    const value = await load();
    if (generation === this.generation && this.opts.ttlMs > 0) {
      // Keys can be attacker-chosen (a Host header): never let the map grow without bound.
      if (this.entries.size >= this.opts.max) this.entries.clear();
      this.entries.set(key, { value, at: now });
    }
    return value;
  }

  clear() {
    this.generation++;
    this.entries.clear();
  }
}
