import { onlineManager, type QueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { newIdempotencyKey } from '../api/idempotency';
import { type Changed, refreshAfter } from '../refresh';
import { onSessionChange, readSession } from '../session/session';
import { uploadForm } from '../upload/upload-form';
import { markBusy } from './busy';
import { createOutbox, type OutboxSnapshot, toOutboxError } from './outbox';
import { classify, type OutboxKind } from './outbox-model';
import { idbOutboxStore } from './outbox-store';

import { OUTBOX_CHANNEL, OUTBOX_FLUSH_MESSAGE, OUTBOX_SYNC_TAG, withOutboxLock } from './outbox-worker';

type SyncManagerLike = { register(tag: string): Promise<void> };

let queryClient: QueryClient | undefined;
let channel: BroadcastChannel | undefined;
let persistAsked = false;

/** What each kind of submission changes: the screens that show it refetch once a replay that sent one ends. */
const CHANGES: Record<OutboxKind, Changed[]> = {
  prealert: ['prealert'],
  receipt: ['package'],
  intake: ['package', 'prealert'],
};

/** The app's one outbox: IndexedDB, XHR with progress, Web Locks, BroadcastChannel, Background Sync. */
export const outbox = createOutbox({
  store: idbOutboxStore,
  send: async (rec, files, onProgress) => {
    // A reload (new build) must not cut an upload off: the build watcher waits while this is held.
    const release = markBusy(`outbox upload ${rec.label}`);
    try {
      return await uploadForm({
        url: rec.url,
        fields: rec.fields,
        files,
        idempotencyKey: rec.idempotencyKey,
        onProgress,
      });
    } finally {
      release();
    }
  },
  currentUserId: () => readSession().userId ?? null,
  isOnline: () => onlineManager.isOnline(),
  withLock: withOutboxLock,
  // Lists refetch once when the replay ends: refetching after each item would put a GET between every two uploads.
  onFlushed: (sent) => {
    if (queryClient) void refreshAfter(queryClient, [...new Set(sent.flatMap((r) => CHANGES[r.kind]))]);
  },
  announce: () => channel?.postMessage('changed'),
  requestBackgroundSync: () => {
    if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
    void navigator.serviceWorker.ready
      .then((reg) =>
        (reg as ServiceWorkerRegistration & { sync?: SyncManagerLike }).sync?.register(OUTBOX_SYNC_TAG),
      )
      .catch(() => {
        // Background Sync is a bonus (Chromium); the page's own triggers still flush.
      });
  },
  requestPersistence: () => {
    if (persistAsked || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
    persistAsked = true;
    void navigator.storage.persist().catch(() => false);
  },
});

/**
 * Starts the triggers: now, when the browser comes online, when the tab becomes visible, when the service worker
 * relays a Background Sync, when the signed-in user changes (login, logout), and when another tab changes the queue
 * (refresh only; that tab flushes its own work).
 */
export function startOutbox(client: QueryClient): () => void {
  queryClient = client;
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(OUTBOX_CHANNEL);
    channel.onmessage = () => void outbox.refresh();
  }
  const flush = () => void outbox.flush();
  const onVisible = () => {
    if (document.visibilityState === 'visible') flush();
  };
  const onWorkerMessage = (e: MessageEvent) => {
    if (e.data?.type === OUTBOX_FLUSH_MESSAGE) flush();
  };
  const unsubscribeOnline = onlineManager.subscribe((online) => {
    if (online) void outbox.reconnected();
  });
  // A login (items kept at a logout wait for their user), a logout or a token refresh: the queue shown is the
  // session user's, and what that user has waiting is sent now (no reload happens after an in-app login).
  let lastUser = readSession().userId;
  const unsubscribeSession = onSessionChange(() => {
    const user = readSession().userId;
    if (user === lastUser) return;
    lastUser = user;
    flush();
  });
  document.addEventListener('visibilitychange', onVisible);
  navigator.serviceWorker?.addEventListener('message', onWorkerMessage);
  flush();
  return () => {
    unsubscribeOnline();
    unsubscribeSession();
    document.removeEventListener('visibilitychange', onVisible);
    navigator.serviceWorker?.removeEventListener('message', onWorkerMessage);
    channel?.close();
    outbox.stop();
  };
}

export function useOutbox(): OutboxSnapshot {
  return useSyncExternalStore(outbox.subscribe, outbox.getSnapshot, outbox.getSnapshot);
}

/**
 * Sends a multipart submission now when it can; offline, or when no reply came or the server failed (5xx, 408,
 * 429, "still running"), keeps it in the outbox with the same Idempotency-Key, so it uploads by itself later and
 * never twice. Resolves with the reply's data, or null when it was queued. A refusal (4xx) rejects as usual.
 */
export async function sendOrQueue<T>(input: {
  kind: OutboxKind;
  url: string;
  label: string;
  fields: Record<string, string>;
  files: File[];
  onProgress: (percent: number) => void;
}): Promise<T | null> {
  const idempotencyKey = newIdempotencyKey();
  const queue = () => outbox.enqueue({ ...input, idempotencyKey });
  if (!onlineManager.isOnline()) {
    await queue();
    return null;
  }
  const release = markBusy(`upload ${input.label}`);
  try {
    return await uploadForm<T>({ ...input, idempotencyKey });
  } catch (e) {
    const err = toOutboxError(e);
    if (err.status !== 401 && classify(err) === 'retry') {
      await queue();
      return null;
    }
    throw e;
  } finally {
    release();
  }
}
