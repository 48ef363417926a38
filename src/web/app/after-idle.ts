import type { QueryClient } from '@tanstack/react-query';
import { startOutbox } from '../lib/offline/outbox-app';
import type { Boot } from './boot';
import { startPush } from './push';
import { startPwa } from './pwa';
import type { AppRouter } from './router';

/**
 * What starts once the first screen is up and the main thread idle, from one chunk (one request, not three):
 * - the outbox's triggers (start, online, tab visible, Background Sync relayed by the worker): sending queued
 *   pre-alerts can wait a moment, the first paint cannot;
 * - production builds only: the service worker and the newer-build watcher (the worker's precache, the whole app
 *   for offline use, never competes with the first visit's own requests), and push (a notification's click
 *   navigates this window; an allowed device re-sends its subscription, never asks).
 */
export function startAfterIdle(queryClient: QueryClient, router: AppRouter, boot: Boot | null): void {
  startOutbox(queryClient);
  if (!import.meta.env.PROD) return;
  void startPwa(router, boot);
  startPush(router);
}
