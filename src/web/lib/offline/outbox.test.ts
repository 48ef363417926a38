import { describe, expect, it, vi } from 'vitest';
import { createOutbox, LOCK_RETRY_MS, type OutboxDeps, UPLOAD_LANES } from './outbox';
import { memoryOutboxStore } from './outbox-store';

function setup(over: Partial<OutboxDeps> = {}) {
  const store = memoryOutboxStore();
  let clock = 1_000;
  let ids = 0;
  const timers: { fn: () => void; ms: number }[] = [];
  const sent: { key: string; names: string[]; bytes: number[] }[] = [];
  const deps: OutboxDeps = {
    store,
    currentUserId: () => 'u1',
    isOnline: () => true,
    now: () => clock,
    random: () => 1,
    newId: () => `id-${++ids}`,
    setTimer: (fn, ms) => {
      timers.push({ fn, ms });
      return timers.length;
    },
    clearTimer: () => {},
    send: async (rec, files, onProgress) => {
      onProgress(50);
      sent.push({
        key: rec.idempotencyKey,
        names: files.map((f) => f.name),
        bytes: files.map((f) => f.size),
      });
      onProgress(100);
      return { id: 'server-id' };
    },
    ...over,
  };
  const outbox = createOutbox(deps);
  return { outbox, store, sent, timers, advance: (ms: number) => (clock += ms), deps };
}

const file = (name: string, size = 10) =>
  new File([new Uint8Array(size).fill(7)], name, { type: 'application/pdf' });
const input = (label = '1Z999AA1') => ({
  kind: 'prealert' as const,
  url: '/v1/peralert',
  label,
  fields: { tracking_number: label },
  files: [file('a.pdf', 10), file('b.pdf', 20)],
});

describe('outbox engine', () => {
  it('keeps the files apart as bytes, sends once with the same key, then forgets the item and its files', async () => {
    const onSent = vi.fn();
    const { outbox, store, sent } = setup({ onSent });
    const rec = await outbox.enqueue(input());
    await outbox.flush();
    expect(sent).toEqual([{ key: rec.idempotencyKey, names: ['a.pdf', 'b.pdf'], bytes: [10, 20] }]);
    expect(await store.list()).toEqual([]);
    expect(store.files.size).toBe(0);
    expect(onSent).toHaveBeenCalledOnce();
    expect(outbox.getSnapshot().records).toEqual([]);
  });

  it('gives an item with its files rebuilt from the stored bytes, and nothing for an unknown id', async () => {
    const { outbox } = setup({ isOnline: () => false });
    const rec = await outbox.enqueue(input());
    const item = await outbox.get(rec.id);
    expect(item?.record).toMatchObject({ id: rec.id, fields: { tracking_number: '1Z999AA1' } });
    expect(item?.files.map((f) => [f.name, f.size, f.type])).toEqual([
      ['a.pdf', 10, 'application/pdf'],
      ['b.pdf', 20, 'application/pdf'],
    ]);
    expect(await outbox.get('nope')).toBeUndefined();
  });

  it('back online, an item that failed for want of a reply goes at once, not at the end of its backoff', async () => {
    let failing = true;
    const sent: string[] = [];
    const { outbox, store } = setup({
      send: async (rec) => {
        if (failing) throw { status: 0, message: 'No answer' };
        sent.push(rec.idempotencyKey);
        return {};
      },
    });
    const rec = await outbox.enqueue(input());
    await outbox.flush();
    const waiting = (await store.list())[0];
    expect(waiting?.state).toBe('retrying');
    expect(waiting?.nextAttemptAt).toBeGreaterThan(1_000);
    // A plain flush does not send it before its time...
    failing = false;
    await outbox.flush();
    expect(sent).toEqual([]);
    // ...the connection coming back does, once, with the same key.
    await outbox.reconnected();
    expect(sent).toEqual([rec.idempotencyKey]);
    expect(await store.list()).toEqual([]);
  });

  it('back online, an item the server asked to wait (Retry-After) keeps its time', async () => {
    const { outbox, store, sent } = setup({
      send: async () => {
        throw { status: 429, message: 'Slow down', retryAfter: 3600 };
      },
    });
    await outbox.enqueue(input());
    await outbox.flush();
    const before = (await store.list())[0]?.nextAttemptAt;
    await outbox.reconnected();
    expect((await store.list())[0]?.nextAttemptAt).toBe(before);
    expect(sent).toHaveLength(0);
  });

  it('offline: queues and waits; the next flush online sends it', async () => {
    let online = false;
    const { outbox, sent } = setup({ isOnline: () => online });
    await outbox.enqueue(input());
    await outbox.flush();
    expect(sent).toHaveLength(0);
    expect(outbox.getSnapshot().records.map((r) => r.state)).toEqual(['pending']);
    online = true;
    await outbox.flush();
    expect(sent).toHaveLength(1);
  });

  it('offline: arms no timer for items already due (they wait for `online`), so nothing spins', async () => {
    let online = false;
    const list = vi.fn();
    const { outbox, timers, store } = setup({ isOnline: () => online });
    const realList = store.list.bind(store);
    store.list = async () => {
      list();
      return realList();
    };
    await outbox.enqueue(input());
    const before = timers.length;
    await outbox.flush();
    await outbox.flush();
    // The old code armed a 0 ms timer on every offline flush, which flushed again at once: a loop of store reads.
    expect(timers.slice(before).filter((t) => t.ms === 0)).toEqual([]);
    online = true;
    await outbox.flush();
    expect(outbox.getSnapshot().records).toEqual([]);
  });

  it('tells the app once per flush what it sent (one refetch of the lists, not one per item)', async () => {
    const onFlushed = vi.fn();
    let online = false;
    const { outbox } = setup({ onFlushed, isOnline: () => online });
    await outbox.enqueue(input('1Z1'));
    await outbox.enqueue(input('1Z2'));
    await outbox.enqueue(input('1Z3'));
    online = true;
    await outbox.flush();
    expect(onFlushed).toHaveBeenCalledOnce();
    expect(onFlushed.mock.calls[0]?.[0].map((r: { label: string }) => r.label)).toEqual([
      '1Z1',
      '1Z2',
      '1Z3',
    ]);
  });

  it('a network failure retries later with the same idempotency key; a refusal needs attention', async () => {
    let fail: { status: number; message: string; fieldErrors?: Record<string, string[]> } | null = {
      status: 0,
      message: 'Upload failed',
    };
    const keys: string[] = [];
    const { outbox, timers, advance } = setup({
      send: async (rec) => {
        keys.push(rec.idempotencyKey);
        if (fail) throw fail;
        return {};
      },
    });
    await outbox.enqueue(input());
    await outbox.flush();
    const [r] = outbox.getSnapshot().records;
    expect(r).toMatchObject({
      state: 'retrying',
      attempts: 1,
      lastError: { status: 0, message: 'Upload failed' },
    });
    expect(timers.at(-1)?.ms).toBe(2_000); // backoff timer armed
    fail = { status: 503, message: 'Service unavailable' };
    advance(2_000);
    await outbox.flush();
    expect(outbox.getSnapshot().records[0]).toMatchObject({ state: 'retrying', attempts: 2 });
    fail = { status: 400, message: 'Validation failed', fieldErrors: { weight: ['Enter the weight'] } };
    advance(4_000);
    await outbox.flush();
    expect(outbox.getSnapshot().records[0]).toMatchObject({ state: 'attention', lastError: { status: 400 } });
    expect(new Set(keys).size).toBe(1);
    // Edited and resent: a new key, and it goes through.
    fail = null;
    await outbox.resend(r?.id ?? '', { fields: { tracking_number: '1Z999AA1', weight: '2' } });
    await outbox.flush();
    expect(outbox.getSnapshot().records).toEqual([]);
    expect(new Set(keys).size).toBe(2);
  });

  it(`keeps ${UPLOAD_LANES} uploads in flight during a replay, each item sent once`, async () => {
    let online = false;
    let running = 0;
    let most = 0;
    const labels: string[] = [];
    const { outbox } = setup({
      isOnline: () => online,
      send: async (rec) => {
        running++;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 5));
        labels.push(rec.label);
        running--;
        return {};
      },
    });
    for (const l of ['A', 'B', 'C', 'D', 'E']) await outbox.enqueue(input(l));
    online = true;
    await outbox.flush();
    expect(most).toBe(UPLOAD_LANES);
    expect([...labels].sort()).toEqual(['A', 'B', 'C', 'D', 'E']);
    expect(outbox.getSnapshot().records).toEqual([]);
  });

  it('after a failure with no reply, the rest of the queue waits instead of failing too', async () => {
    let online = false;
    let calls = 0;
    const { outbox } = setup({
      isOnline: () => online,
      send: async () => {
        calls++;
        throw { status: 0, message: 'Upload failed' };
      },
    });
    await outbox.enqueue(input('A'));
    await outbox.enqueue(input('B'));
    await outbox.enqueue(input('C'));
    online = true;
    await outbox.flush();
    // The two uploads in flight fail together; nothing more is started once no reply came back.
    expect(calls).toBe(UPLOAD_LANES);
    expect(outbox.getSnapshot().records.map((r) => [r.label, r.state])).toEqual([
      ['A', 'retrying'],
      ['B', 'retrying'],
      ['C', 'pending'],
    ]);
  });

  it('only the signed-in user’s items are shown and sent; discard and the logout helpers work per user', async () => {
    let user = 'u1';
    const { outbox, sent, store } = setup({ currentUserId: () => user, isOnline: () => false });
    await outbox.enqueue(input('U1'));
    user = 'u2';
    await outbox.enqueue(input('U2'));
    await outbox.refresh();
    expect(outbox.getSnapshot().records.map((r) => r.label)).toEqual(['U2']);
    expect(await outbox.countFor('u1')).toBe(1);
    await outbox.discardAllFor('u2');
    expect((await store.list()).map((r) => r.label)).toEqual(['U1']);
    expect(sent).toHaveLength(0);
  });

  it('does not flush while another tab holds the lock, and looks again later instead of spinning', async () => {
    let locked = true;
    const { outbox, sent, timers, advance } = setup({
      withLock: async (fn) => (locked ? undefined : fn()),
      isOnline: () => true,
    });
    await outbox.enqueue(input());
    await outbox.flush();
    expect(sent).toHaveLength(0);
    expect(outbox.getSnapshot().records).toHaveLength(1);
    // The item is due, but the timer is not armed at 0 (that would flush again at once, in a loop).
    expect(timers.at(-1)?.ms).toBe(LOCK_RETRY_MS);
    // The other tab went away without sending it: the timer's flush takes over.
    locked = false;
    advance(LOCK_RETRY_MS);
    timers.at(-1)?.fn();
    await outbox.flush();
    expect(sent).toHaveLength(1);
    expect(outbox.getSnapshot().records).toEqual([]);
  });

  it('reports upload progress while sending, and clears it after', async () => {
    const seen: number[] = [];
    const { outbox } = setup({
      send: async (rec, _files, onProgress) => {
        onProgress(30);
        seen.push(outbox.getSnapshot().progress[rec.id] ?? -1);
        onProgress(70);
        seen.push(outbox.getSnapshot().progress[rec.id] ?? -1);
        return {};
      },
    });
    await outbox.enqueue(input());
    await outbox.flush();
    expect(seen).toEqual([30, 70]);
    expect(outbox.getSnapshot().progress).toEqual({});
  });
});
