/**
 * The service worker (built by vite-plugin-pwa, injectManifest, as a classic script at /sw.js).
 * - Precaches the whole built app (every route chunk) and serves navigations from index.html.
 * - Keeps the latest-build metadata: /build.json network-first, its last copy answering offline.
 * - Stale-while-revalidate for the per-host manifest and brand icons, so the installed app's icons work offline.
 * - The API (/v1) is never cached here: the persisted query cache owns data.
 * - Waits after installing until the page posts SKIP_WAITING (the page decides when a reload is safe).
 * - Background Sync for the outbox (lib/offline/outbox-worker.ts): asks an open page to flush, or sends itself.
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  type PrecacheEntry,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { installOutboxSync } from './lib/offline/outbox-worker';
import {
  BRAND_CACHE,
  BUILD_CACHE,
  isBrandAsset,
  isBuildInfo,
  NAVIGATION_DENYLIST,
  RUNTIME_CACHE_PREFIX,
} from './lib/offline/sw-routes';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const BUILD_INFO_KEY = '/build.json';
const BUILD = { buildId: import.meta.env.VITE_BUILD_ID, builtAt: import.meta.env.VITE_BUILT_AT };

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

cleanupOutdatedCaches();
precacheAndRoute(self.__WB_MANIFEST);
// Take control of pages opened before the first install (so they work offline without a reload). An update is
// activated only by SKIP_WAITING, and the page that asked reloads itself.
clientsClaim();

registerRoute(new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }));

registerRoute(
  ({ url, request }) => request.method === 'GET' && isBuildInfo(url, self.location.origin),
  async ({ request }) => {
    const cache = await caches.open(BUILD_CACHE);
    try {
      const response = await fetch(request, { cache: 'no-store' });
      if (response.ok) await cache.put(BUILD_INFO_KEY, response.clone());
      return response;
    } catch {
      // Offline: the last copy seen, else this worker's own build (the newest this device knows of).
      return (
        (await cache.match(BUILD_INFO_KEY)) ??
        new Response(JSON.stringify(BUILD), { headers: { 'content-type': 'application/json' } })
      );
    }
  },
);

registerRoute(
  ({ url, request }) => request.method === 'GET' && isBrandAsset(url, self.location.origin),
  async ({ request, event }) => {
    const cache = await caches.open(BRAND_CACHE);
    const cached = await cache.match(request);
    const network = fetch(request).then(async (response) => {
      if (response.ok) await cache.put(request, response.clone());
      return response;
    });
    if (!cached) return network;
    // Answer from the cache at once; refresh it behind the response.
    (event as ExtendableEvent).waitUntil(network.catch(() => undefined));
    return cached;
  },
);

// The cast: outbox-worker types cookieStore's `value` as always present; the DOM lib has it optional (it copes).
installOutboxSync(self as Parameters<typeof installOutboxSync>[0]);

self.addEventListener('activate', (event) => {
  const keep = new Set([BRAND_CACHE, BUILD_CACHE]);
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(RUNTIME_CACHE_PREFIX) && !keep.has(name))
            .map((name) => caches.delete(name)),
        ),
      ),
  );
});
