import { Workbox } from 'workbox-window';
import { currentBuild } from '../lib/offline/build-info';
import {
  createBuildWatcher,
  fetchLatestBuild,
  POLL_INTERVAL_MS,
  type UpdatePort,
} from '../lib/offline/build-version';
import { isBusy } from '../lib/offline/busy';
import type { Boot } from './boot';
import type { AppRouter } from './router';

/** Registers the service worker (production builds only) and returns the update port, or null without one. */
async function registerServiceWorker(): Promise<UpdatePort | null> {
  if (!('serviceWorker' in navigator)) return null;
  const container = navigator.serviceWorker;
  // A classic worker (vite-plugin-pwa builds sw.ts as an IIFE): module workers are not supported everywhere.
  const wb = new Workbox('/sw.js');
  let registration: ServiceWorkerRegistration | undefined;
  try {
    registration = await wb.register();
  } catch {
    return null; // private mode, blocked by policy...: the app works online, the watcher reloads without a worker
  }
  if (!registration) return null;
  const reg = registration;
  return {
    hasController: () => container.controller !== null,
    hasWaiting: () => reg.waiting !== null,
    update: () => reg.update().then(() => undefined),
    skipWaiting: () => {
      if (reg.waiting) reg.waiting.postMessage({ type: 'SKIP_WAITING' });
      else wb.messageSkipWaiting();
    },
    onControllerChange: (listener) => {
      container.addEventListener('controllerchange', listener);
      return () => container.removeEventListener('controllerchange', listener);
    },
  };
}

/**
 * The installable, offline shell: the service worker plus the newer-build watcher (build.json polled on start,
 * focus, visibility, back online and every 5 minutes; the reload happens on the next in-app navigation).
 */
export async function startPwa(router: AppRouter, boot: Boot | null): Promise<void> {
  document.documentElement.dataset.build = currentBuild.buildId;
  const sw = await registerServiceWorker();
  const watcher = createBuildWatcher({
    current: currentBuild,
    fetchLatest: () => fetchLatestBuild(),
    sw,
    isBusy,
    reload: () => window.location.reload(),
    now: () => Date.now(),
    storage: (() => {
      try {
        return window.sessionStorage;
      } catch {
        return null;
      }
    })(),
  });

  // Busy is judged as the navigation starts: by the time it has resolved, the page left (and its dirty form) is
  // already unmounted, so leaving a form with unsaved input would otherwise count as a quiet moment to reload.
  let busyWhenLeaving = false;
  router.subscribe('onBeforeNavigate', () => {
    busyWhenLeaving = isBusy();
  });
  router.subscribe('onResolved', (event) => {
    if (event.fromLocation && event.pathChanged && !busyWhenLeaving) watcher.onNavigation();
  });

  // A lazy chunk of the old build is gone from the server (and the worker): reload onto the new build.
  window.addEventListener('vite:preloadError', (event) => {
    if (watcher.recoverFromStaleChunk()) event.preventDefault();
  });

  const check = () => void watcher.check();
  window.addEventListener('focus', check);
  window.addEventListener('online', check);
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') check();
  });
  window.setInterval(check, POLL_INTERVAL_MS);
  // A page the server just served names the build it serves: when that is this one, there is nothing to ask yet.
  if (boot?.buildId !== currentBuild.buildId) check();
}
