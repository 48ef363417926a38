/**
 * The service worker (built by vite-plugin-pwa, injectManifest, as a classic script at /sw.js).
 * - Precaches the whole built app (every route chunk) and serves navigations from index.html.
 * - Keeps the latest-build metadata: /build.json network-first, its last copy answering offline.
 * - Stale-while-revalidate for the per-host manifest and brand icons, so the installed app's icons work offline.
 * - The API (/v1) is never cached here: the persisted query cache owns data.
 * - Waits after installing until the page posts SKIP_WAITING (the page decides when a reload is safe).
 * - Background Sync for the outbox (lib/offline/outbox-worker.ts): asks an open page to flush, or sends itself.
 * - Web push (lib/push/push-worker.ts): shows every push (declarative JSON or classic), opens the app on a click.
 */
import './lib/i18n/worker';
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  PrecacheController,
  type PrecacheEntry,
  PrecacheRoute,
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
import { installPush } from './lib/push/push-worker';
import { resubscribe } from './lib/push/resubscribe-worker';

declare const self: ServiceWorkerGlobalScope & { __WB_MANIFEST: Array<PrecacheEntry | string> };

const BUILD_INFO_KEY = '/build.json';
const BUILD = { buildId: import.meta.env.VITE_BUILD_ID, builtAt: import.meta.env.VITE_BUILT_AT };

self.addEventListener('message', (event) => {
  // Held open until activation starts, so this worker is not stopped between the page's ask and the takeover.
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') event.waitUntil(self.skipWaiting());
});

/** How many files the install fetches at once: a browser opens about six connections to one host. */
const PRECACHE_BATCH = 6;

/**
 * Workbox's controller, but installing in parallel batches: Workbox fetches one file at a time (to be gentle with
 * storage quota), which turns a hundred small files into a hundred round trips on a phone. Files already cached
 * under the same revision are skipped by the strategy, as before, so an update fetches only what changed.
 */
class BatchedPrecacheController extends PrecacheController {
  private readonly modes = new Map<string, RequestCache>();

  override addToCacheList(entries: Array<PrecacheEntry | string>): void {
    super.addToCacheList(entries);
    for (const entry of entries) {
      // As Workbox decides: a revisioned entry bypasses the HTTP cache; a hashed one may come from it.
      if (typeof entry !== 'string' && entry.revision) {
        this.modes.set(new URL(entry.url, self.location.href).href, 'reload');
      }
    }
  }

  override async install(event: ExtendableEvent) {
    const work = (async () => {
      const entries = [...this.getURLsToCacheKeys()];
      for (let i = 0; i < entries.length; i += PRECACHE_BATCH) {
        await Promise.all(
          entries.slice(i, i + PRECACHE_BATCH).flatMap(([url, cacheKey]) =>
            this.strategy.handleAll({
              params: { cacheKey },
              request: new Request(url, {
                integrity: this.getIntegrityForCacheKey(cacheKey) ?? '',
                cache: this.modes.get(url) ?? 'default',
                credentials: 'same-origin',
              }),
              event,
            }),
          ),
        );
      }
      return { updatedURLs: [], notUpdatedURLs: [] };
    })();
    event.waitUntil(work);
    return work;
  }
}

cleanupOutdatedCaches();
const precache = new BatchedPrecacheController();
precache.precache(self.__WB_MANIFEST);
registerRoute(new PrecacheRoute(precache));
// Take control of pages opened before the first install (so they work offline without a reload). An update is
// activated only by SKIP_WAITING, and the page that asked reloads itself.
clientsClaim();

registerRoute(
  new NavigationRoute(precache.createHandlerBoundToURL('/index.html'), { denylist: NAVIGATION_DENYLIST }),
);

/** As the page's requests (lib/api/client.ts NO_ANSWER_MS): what has not started answering by then is not coming. */
const NETWORK_DEADLINE_MS = 5_000;
const BACKGROUND_DEADLINE_MS = 30_000;

/**
 * The network's answer, or a rejection after `ms` without one: on "lie-fi" (the browser online, nothing answering) a
 * plain fetch waits for minutes, and the page behind it with it. The request goes on; what it brings is still used
 * (`keep`, e.g. to refresh a cache) within the event's lifetime.
 */
function networkWithin(
  request: Request,
  init: RequestInit,
  ms: number,
  event: ExtendableEvent,
  keep?: (response: Response) => Promise<void>,
): Promise<Response> {
  // Never longer than this in the background either: an extendable event kept waiting holds this worker busy, and
  // a busy worker delays a new build's worker from taking over.
  const network = fetch(request, { ...init, signal: AbortSignal.timeout(BACKGROUND_DEADLINE_MS) }).then(
    async (response) => {
      if (keep && response.ok) await keep(response.clone());
      return response;
    },
  );
  event.waitUntil(
    network.then(
      () => undefined,
      () => undefined,
    ),
  );
  return new Promise<Response>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('no answer in time')), ms);
    network.then(
      (response) => {
        clearTimeout(timer);
        resolve(response);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

registerRoute(
  ({ url, request }) => request.method === 'GET' && isBuildInfo(url, self.location.origin),
  async ({ request, event }) => {
    const cache = await caches.open(BUILD_CACHE);
    try {
      return await networkWithin(
        request,
        { cache: 'no-store' },
        NETWORK_DEADLINE_MS,
        event as ExtendableEvent,
        (r) => cache.put(BUILD_INFO_KEY, r),
      );
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
    // Answer from the cache at once, refreshing it behind the response; without a copy, the network within a deadline.
    const network = networkWithin(request, {}, NETWORK_DEADLINE_MS, event as ExtendableEvent, (r) =>
      cache.put(request, r),
    );
    if (!cached) return network;
    network.catch(() => undefined);
    return cached;
  },
);

// The cast: outbox-worker types cookieStore's `value` as always present; the DOM lib has it optional (it copes).
installOutboxSync(self as Parameters<typeof installOutboxSync>[0]);
installPush(self, resubscribe);

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
