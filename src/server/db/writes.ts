import { Cache, type MutationOption } from 'drizzle-orm/cache/core';
import { is } from 'drizzle-orm/entity';
import { getTableName, Table } from 'drizzle-orm/table';

type Listener = (tables: ReadonlySet<string>, origin: 'local' | 'remote') => void;

/**
 * Tells in-memory lookups (tenant, signed-in user, status names) that a table was written. Plugged into drizzle as
 * its query cache, it caches nothing: drizzle calls `onMutate` for every insert, update and delete it builds, in
 * the app, its transactions and the tests alike, so no write through drizzle can leave a lookup stale.
 *
 * drizzle calls it as the statement starts, before a transaction commits: a reader on another connection
 * (PostgreSQL) can still load the old row after that call. So services that change a cached row also call
 * `wrote()` once their write has committed, and lookups keep a short TTL as a backstop.
 */
export class WriteWatch extends Cache {
  private readonly listeners = new Set<Listener>();
  private readonly taps = new Set<Listener>();
  /** The tables some lookup watches: the only ones worth telling other instances about. */
  readonly watched = new Set<string>();

  override strategy(): 'explicit' {
    return 'explicit';
  }
  override async get(): Promise<undefined> {
    return undefined;
  }
  override async put(): Promise<void> {}
  override async onMutate(params: MutationOption): Promise<void> {
    const list =
      params.tables === undefined ? [] : Array.isArray(params.tables) ? params.tables : [params.tables];
    this.notify(list.map((t) => (typeof t === 'string' ? t : is(t, Table) ? getTableName(t) : String(t))));
  }

  /** `remote`: another instance wrote (see cluster/write-bus.ts); lookups clear, nothing is published again. */
  notify(tables: string[], origin: 'local' | 'remote' = 'local') {
    if (tables.length === 0) return;
    const set = new Set(tables);
    for (const listener of this.listeners) listener(set, origin);
    for (const tap of this.taps) tap(set, origin);
  }

  watch(tables: string[], listener: Listener): () => void {
    for (const t of tables) this.watched.add(t);
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /** Sees every notification (the write bus), without adding tables to `watched`. */
  tap(listener: Listener): () => void {
    this.taps.add(listener);
    return () => this.taps.delete(listener);
  }
}

const watches = new WeakMap<object, WriteWatch>();

export function attachWriteWatch(db: object, watch: WriteWatch) {
  watches.set(db, watch);
}

/** Calls `fn` whenever one of `tables` is written through `db`. Returns the unsubscribe. */
export function onWrite(db: object, tables: string[], fn: () => void): () => void {
  const watch = watches.get(db);
  if (!watch) return () => {};
  return watch.watch(tables, (written) => {
    if (tables.some((t) => written.has(t))) fn();
  });
}

export function writeWatchOf(db: object): WriteWatch | undefined {
  return watches.get(db);
}

/** After a committed write to `tables`: drops what lookups cached from them (see WriteWatch). */
export function wrote(db: object, ...tables: string[]) {
  watches.get(db)?.notify(tables);
}
