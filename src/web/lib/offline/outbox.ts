import {
  afterFailure,
  dueOnReconnect,
  edited,
  isDue,
  nextWake,
  type OutboxError,
  type OutboxFileMeta,
  type OutboxKind,
  type OutboxRecord,
} from './outbox-model';
import type { OutboxStore } from './outbox-store';

export type OutboxSnapshot = {
  /** The signed-in user's items, oldest first. */
  records: OutboxRecord[];
  /** Upload progress in whole percent, for items being sent now (from this tab). */
  progress: Record<string, number>;
  flushing: boolean;
};

export type OutboxSender = (
  rec: OutboxRecord,
  files: File[],
  onProgress: (percent: number) => void,
) => Promise<unknown>;

export type OutboxDeps = {
  store: OutboxStore;
  send: OutboxSender;
  currentUserId: () => string | null;
  isOnline: () => boolean;
  /** Runs `fn` only if no other tab or worker is flushing (Web Locks); resolves undefined when it could not. */
  withLock?: <T>(fn: () => Promise<T>) => Promise<T | undefined>;
  onSent?: (rec: OutboxRecord, result: unknown) => void;
  /** Once a flush that sent something ends: the place to refetch lists (once, not after every item). */
  onFlushed?: (sent: OutboxRecord[]) => void;
  /** Tells other tabs the queue changed (BroadcastChannel in the app). */
  announce?: () => void;
  /** Asks the browser to flush later even if every tab is closed (Background Sync), where it can. */
  requestBackgroundSync?: () => void;
  /** Asks for persistent storage once, so the browser does not evict queued files under pressure. */
  requestPersistence?: () => void;
  now?: () => number;
  random?: () => number;
  newId?: () => string;
  setTimer?: (fn: () => void, ms: number) => unknown;
  clearTimer?: (handle: unknown) => void;
};

export type EnqueueInput = {
  kind: OutboxKind;
  url: string;
  label: string;
  fields: Record<string, string>;
  files: File[];
  idempotencyKey?: string;
};

/** Turns whatever a send rejected with into the record's error: status 0 means no reply reached us. */
export function toOutboxError(e: unknown): OutboxError {
  const x = e as { status?: unknown; message?: unknown; fieldErrors?: unknown; retryAfter?: unknown } | null;
  const status = typeof x?.status === 'number' ? x.status : 0;
  const message = typeof x?.message === 'string' && x.message ? x.message : 'Upload failed'; // English: the service worker has no catalogs
  const fieldErrors =
    x?.fieldErrors && typeof x.fieldErrors === 'object' ? (x.fieldErrors as Record<string, string[]>) : {};
  const retryAfter = typeof x?.retryAfter === 'number' ? x.retryAfter : null;
  return { status, message, fieldErrors, retryAfter };
}

const MAX_TIMER_MS = 2 ** 31 - 1;
/** How soon a tab that found the outbox locked by another looks again. */
export const LOCK_RETRY_MS = 5_000;
/** Uploads in flight at once during a replay. */
export const UPLOAD_LANES = 2;

/**
 * The outbox engine: queues submissions with their files in IndexedDB and sends them, one at a time, whenever it
 * can — at start, when the browser comes online, when the tab becomes visible, when a backoff timer fires, when the
 * user asks, and when Background Sync wakes it. One tab (or the worker) flushes at a time.
 */
export function createOutbox(deps: OutboxDeps) {
  const now = deps.now ?? Date.now;
  const random = deps.random ?? Math.random;
  const newId = deps.newId ?? (() => crypto.randomUUID());
  const setTimer = deps.setTimer ?? ((fn: () => void, ms: number) => setTimeout(fn, ms));
  const clearTimer = deps.clearTimer ?? ((h: unknown) => clearTimeout(h as ReturnType<typeof setTimeout>));
  const withLock = deps.withLock ?? (<T>(fn: () => Promise<T>) => fn());

  let snapshot: OutboxSnapshot = { records: [], progress: {}, flushing: false };
  const listeners = new Set<() => void>();
  let timer: unknown;
  let flushing: Promise<void> | null = null;
  let again = false;

  function emit(patch: Partial<OutboxSnapshot>) {
    snapshot = { ...snapshot, ...patch };
    for (const l of listeners) l();
  }

  async function mine(): Promise<OutboxRecord[]> {
    const user = deps.currentUserId();
    if (!user) return [];
    return (await deps.store.list())
      .filter((r) => r.userId === user)
      .sort((a, b) => a.createdAt - b.createdAt);
  }

  async function refresh(): Promise<OutboxRecord[]> {
    const records = await mine();
    emit({ records });
    return records;
  }

  /** Arms the timer for the next item due (not before `notBefore`), or clears it when nothing waits. */
  function schedule(records: OutboxRecord[], notBefore = 0) {
    if (timer !== undefined) clearTimer(timer);
    timer = undefined;
    const wake = nextWake(records);
    if (wake === null) return;
    const at = Math.max(wake, notBefore);
    timer = setTimer(() => void outbox.flush(), Math.min(MAX_TIMER_MS, Math.max(0, at - now())));
  }

  /** An item's files rebuilt from the stored bytes; null for one no longer on this device. */
  async function filesOf(rec: OutboxRecord): Promise<(File | null)[]> {
    const stored = await Promise.all(rec.files.map((f) => deps.store.getFile(f.id)));
    return stored.map((f) => (f ? new File([f.buffer], f.name, { type: f.type }) : null));
  }

  async function sendOne(rec: OutboxRecord): Promise<OutboxError | null> {
    const uploading: OutboxRecord = { ...rec, state: 'uploading', updatedAt: now() };
    await deps.store.put(uploading);
    emit({ progress: { ...snapshot.progress, [rec.id]: 0 } });
    await refresh();
    deps.announce?.();
    try {
      const files = await filesOf(rec);
      if (files.some((f) => !f)) {
        const err = {
          status: 400,
          // English: this runs in the service worker too, where no catalog is loaded (a macro would give its id).
          message: 'Its files are no longer on this device; attach them again',
          fieldErrors: {},
        };
        await deps.store.put({ ...uploading, state: 'attention', lastError: err, updatedAt: now() });
        return err;
      }
      const result = await deps.send(
        uploading,
        files.filter((f) => f !== null),
        (percent) => emit({ progress: { ...snapshot.progress, [rec.id]: percent } }),
      );
      await deps.store.remove(rec);
      deps.onSent?.(rec, result);
      return null;
    } catch (e) {
      const err = toOutboxError(e);
      await deps.store.put(afterFailure(uploading, err, now(), random));
      return err;
    } finally {
      const { [rec.id]: _done, ...rest } = snapshot.progress;
      emit({ progress: rest });
      deps.announce?.();
    }
  }

  async function runFlush() {
    if (!deps.isOnline() || !deps.currentUserId()) {
      // Items already due wait for the `online` event (or a login); arming the timer for them would fire at once,
      // find the device still offline, and arm it again: a busy loop for as long as the device stays offline.
      const records = await refresh();
      const t = now();
      schedule(records.filter((r) => r.nextAttemptAt > t));
      return;
    }
    const ran = await withLock(async () => {
      emit({ flushing: true });
      const sent: OutboxRecord[] = [];
      const inFlight = new Set<string>();
      let networkGone = false;
      // Each lane sends one due item after another. Two lanes keep the link busy while the other lane waits for the
      // server's reply and does its bookkeeping (one lane left the link idle ~15 % of a replay).
      const lane = async () => {
        for (;;) {
          if (networkGone || !deps.isOnline()) return;
          // Picked and claimed in the same turn after the read, so two lanes never take the same item.
          const next = (await mine()).find((r) => isDue(r, now()) && !inFlight.has(r.id));
          if (!next) return;
          inFlight.add(next.id);
          const err = await sendOne(next);
          inFlight.delete(next.id);
          if (!err) sent.push(next);
          // No reply at all: the network is gone again; the rest waits for the next trigger instead of failing too.
          if (err && err.status === 0) networkGone = true;
        }
      };
      try {
        await Promise.all(Array.from({ length: UPLOAD_LANES }, lane));
      } finally {
        emit({ flushing: false });
        if (sent.length > 0) deps.onFlushed?.(sent);
      }
      return true;
    });
    // Another tab (or the worker) holds the lock and sends what is due; its items stay due meanwhile, so arming the
    // timer for them as usual would spin (flush, no lock, timer at 0, flush...). Look again a little later instead,
    // in case that tab closes mid-way (its lock is released then, and its "uploading" item is due again).
    schedule(await refresh(), ran === undefined ? now() + LOCK_RETRY_MS : 0);
  }

  const outbox = {
    getSnapshot: () => snapshot,
    subscribe(listener: () => void) {
      listeners.add(listener);
      return () => {
        listeners.delete(listener);
      };
    },
    refresh,

    async enqueue(input: EnqueueInput): Promise<OutboxRecord> {
      const userId = deps.currentUserId();
      if (!userId) throw new Error('Sign in to send this');
      const files: OutboxFileMeta[] = [];
      try {
        for (const file of input.files) {
          const id = newId();
          await deps.store.putFile(id, {
            name: file.name,
            type: file.type,
            buffer: await file.arrayBuffer(),
          });
          files.push({ id, name: file.name, type: file.type, size: file.size });
        }
      } catch (e) {
        await Promise.all(files.map((f) => deps.store.removeFile(f.id)));
        throw new Error(
          `This device has no room to keep the files for later (${e instanceof Error ? e.message : 'storage error'})`,
        );
      }
      const t = now();
      const rec: OutboxRecord = {
        id: newId(),
        kind: input.kind,
        userId,
        url: input.url,
        label: input.label,
        fields: input.fields,
        files,
        idempotencyKey: input.idempotencyKey ?? newId(),
        state: 'pending',
        attempts: 0,
        nextAttemptAt: t,
        lastError: null,
        createdAt: t,
        updatedAt: t,
      };
      await deps.store.put(rec);
      await refresh();
      deps.announce?.();
      deps.requestPersistence?.();
      deps.requestBackgroundSync?.();
      void outbox.flush();
      return rec;
    },

    /** Sends every due item now (one flush at a time in this tab; Web Locks keep other tabs out). */
    flush(): Promise<void> {
      // A trigger that arrives during a flush is not lost: one more pass runs right after (then they coalesce).
      if (flushing) {
        again = true;
        return flushing;
      }
      const run = async () => {
        do {
          again = false;
          await runFlush();
        } while (again);
      };
      flushing = run().finally(() => {
        flushing = null;
      });
      return flushing;
    },

    /** "Sync now": everything that is waiting becomes due at once. */
    async syncNow(): Promise<void> {
      for (const r of await mine()) {
        if (r.state === 'retrying' || r.state === 'pending')
          await deps.store.put({ ...r, nextAttemptAt: now() });
      }
      await outbox.flush();
    },

    /** The connection is back (online, or the server answers again): what failed for want of a reply goes now. */
    async reconnected(): Promise<void> {
      const t = now();
      for (const r of await mine()) {
        const next = dueOnReconnect(r, t);
        if (next !== r) await deps.store.put(next);
      }
      await outbox.flush();
    },

    /** One item with its files (those still on this device), e.g. to edit it; undefined when it is gone. */
    async get(id: string): Promise<{ record: OutboxRecord; files: File[] } | undefined> {
      const record = await deps.store.get(id);
      if (!record) return undefined;
      return { record, files: (await filesOf(record)).filter((f) => f !== null) };
    },

    async discard(id: string): Promise<void> {
      const rec = await deps.store.get(id);
      if (rec) await deps.store.remove(rec);
      await refresh();
      deps.announce?.();
    },

    /** Edit and resend an item the server refused: new fields (and files, if given) and a new idempotency key. */
    async resend(
      id: string,
      changes: { fields: Record<string, string>; label?: string; files?: File[] },
    ): Promise<void> {
      const rec = await deps.store.get(id);
      if (!rec) return;
      let files: OutboxFileMeta[] | undefined;
      if (changes.files) {
        files = [];
        for (const file of changes.files) {
          const fid = newId();
          await deps.store.putFile(fid, {
            name: file.name,
            type: file.type,
            buffer: await file.arrayBuffer(),
          });
          files.push({ id: fid, name: file.name, type: file.type, size: file.size });
        }
        await Promise.all(rec.files.map((f) => deps.store.removeFile(f.id)));
      }
      await deps.store.put(
        edited(
          rec,
          {
            fields: changes.fields,
            ...(changes.label ? { label: changes.label } : {}),
            ...(files ? { files } : {}),
          },
          newId(),
          now(),
        ),
      );
      await refresh();
      deps.announce?.();
      void outbox.flush();
    },

    /** Items a user still has queued (for the logout warning). */
    async countFor(userId: string): Promise<number> {
      return (await deps.store.list()).filter((r) => r.userId === userId).length;
    },

    async discardAllFor(userId: string): Promise<void> {
      for (const r of await deps.store.list()) if (r.userId === userId) await deps.store.remove(r);
      await refresh();
      deps.announce?.();
    },

    stop() {
      if (timer !== undefined) clearTimer(timer);
      timer = undefined;
    },
  };
  return outbox;
}

export type Outbox = ReturnType<typeof createOutbox>;
