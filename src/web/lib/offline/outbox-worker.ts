/**
 * Background Sync in the service worker: when the browser wakes the worker for the outbox, an open page is asked to
 * flush (it uploads with progress); with no page open, the worker uploads the signed-in user's items itself,
 * without progress. Only the same Idempotency-Key is ever sent for an item, so the two paths never duplicate.
 */
import { parseEnvelope, replyError } from '../api/api-error';
import { COOKIE, decodeJwt } from '../session/session';
import { createOutbox } from './outbox';
import { idbOutboxStore } from './outbox-store';

export const OUTBOX_SYNC_TAG = 'portal-outbox';
export const OUTBOX_FLUSH_MESSAGE = 'portal-outbox-flush';
/** BroadcastChannel on which whoever changes the queue (a tab, or this worker) says so; open tabs re-read it. */
export const OUTBOX_CHANNEL = 'portal-outbox';

/** Runs `fn` only if no other tab (or this worker) is flushing the outbox; resolves undefined when one is. */
export async function withOutboxLock<T>(fn: () => Promise<T>): Promise<T | undefined> {
  if (typeof navigator === 'undefined' || !navigator.locks) return fn();
  return navigator.locks.request('portal-outbox', { ifAvailable: true }, (lock) => (lock ? fn() : undefined));
}

function announce() {
  if (typeof BroadcastChannel === 'undefined') return;
  const channel = new BroadcastChannel(OUTBOX_CHANNEL);
  channel.postMessage('changed');
  channel.close();
}

type CookieStoreLike = { get(name: string): Promise<{ value: string } | null | undefined> };
type WorkerScope = ServiceWorkerGlobalScope & { cookieStore?: CookieStoreLike };

async function uploadWithoutPage(sw: WorkerScope): Promise<boolean> {
  const token = (await sw.cookieStore?.get(COOKIE.access))?.value;
  const userId = decodeJwt(token)?.sub;
  if (!token || !userId) return true; // signed out: nothing to send now; the page sends it after the next sign-in
  const box = createOutbox({
    store: idbOutboxStore,
    currentUserId: () => userId,
    isOnline: () => navigator.onLine,
    // A tab opened while this runs shows the item leave the queue without waiting for its own next look.
    announce,
    withLock: withOutboxLock,
    send: async (rec, files) => {
      const body = new FormData();
      for (const [k, v] of Object.entries(rec.fields)) body.append(k, v);
      for (const f of files) body.append('files', f, f.name);
      // No progress events here (fetch): a deadline by size instead, at a slow 16 kB/s plus a minute, so an upload
      // into a network that answers nothing ends, and the browser fires the sync again later.
      const bytes = files.reduce((n, f) => n + f.size, 0);
      const res = await fetch(rec.url, {
        method: 'POST',
        body,
        signal: AbortSignal.timeout(60_000 + Math.ceil(bytes / 16)),
        headers: {
          authorization: `Bearer ${token}`,
          'idempotency-key': rec.idempotencyKey,
          accept: 'application/json',
        },
      });
      const env = parseEnvelope(await res.text().catch(() => ''));
      if (!res.ok)
        throw replyError(res.status, env, res.statusText, res.headers.get('retry-after'), 'Upload failed');
      return env;
    },
  });
  await box.flush();
  box.stop();
  const left = (await box.refresh()).filter((r) => r.state !== 'attention');
  return left.length === 0;
}

export function installOutboxSync(sw: WorkerScope): void {
  sw.addEventListener('sync', (event) => {
    const e = event as ExtendableEvent & { tag?: string };
    if (e.tag !== OUTBOX_SYNC_TAG) return;
    e.waitUntil(
      (async () => {
        const pages = await sw.clients.matchAll({ type: 'window' });
        if (pages.length > 0) {
          for (const page of pages) page.postMessage({ type: OUTBOX_FLUSH_MESSAGE });
          return;
        }
        // Rejecting asks the browser to fire the sync again later (with its own backoff).
        if (!(await uploadWithoutPage(sw))) throw new Error('outbox items still waiting');
      })(),
    );
  });
}
