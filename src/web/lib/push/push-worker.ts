/*
 * The service worker's side of web push: every push shows a notification (the declarative JSON and the classic
 * payload alike), a click brings the app forward on the notification's screen, and a subscription the browser
 * replaced (Firefox) is sent to the server again.
 */
import { BRAND_CACHE } from '../offline/sw-routes';
import { type Brand, PUSH_NAVIGATE_MESSAGE, readPayload, renderNotification } from './notification';

/** The company's brand icons, per host (the unversioned URL follows the brand; brand cache keeps it offline). */
const BRAND_ICON = '/brand-icons/any-192.png';

/** How long a window has to say it navigated before the worker navigates it (or opens one) itself. */
const ANSWER_MS = 1_500;

/** The app's name as the host's manifest says it (from the brand cache: a push must not wait on the network). */
async function brand(): Promise<Brand> {
  let name: string | null = null;
  try {
    const cached = await (await caches.open(BRAND_CACHE)).match('/manifest.webmanifest');
    const manifest: unknown = cached ? await cached.json() : null;
    if (manifest && typeof manifest === 'object' && 'name' in manifest && typeof manifest.name === 'string') {
      name = manifest.name;
    }
  } catch {
    /* no copy yet: the generic title stands in */
  }
  return { name, icon: BRAND_ICON, badge: BRAND_ICON };
}

/** Asks a window to navigate itself in the app; true when it says it did. */
function askToNavigate(client: WindowClient, url: string): Promise<boolean> {
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    const timer = setTimeout(() => resolve(false), ANSWER_MS);
    channel.port1.onmessage = () => {
      clearTimeout(timer);
      resolve(true);
    };
    try {
      client.postMessage({ type: PUSH_NAVIGATE_MESSAGE, url }, [channel.port2]);
    } catch {
      clearTimeout(timer);
      resolve(false);
    }
  });
}

/** A window of the app brought forward on `url` (a focused or visible one first), else a new one. */
async function openApp(scope: ServiceWorkerGlobalScope, url: string): Promise<void> {
  // Uncontrolled windows too: a page opened before this worker took over is still the app.
  const windows = (await scope.clients.matchAll({ type: 'window', includeUncontrolled: true })).filter(
    (c) => new URL(c.url).origin === scope.location.origin,
  );
  const client =
    windows.find((c) => c.focused) ?? windows.find((c) => c.visibilityState === 'visible') ?? windows[0];
  if (client) {
    // Focus first: a browser allows it only while the click's activation lasts.
    const focused = await client.focus().catch(() => client);
    if (new URL(focused.url).pathname + new URL(focused.url).search === url) return;
    if (await askToNavigate(focused, url)) return;
    // A page without the app's listener (an older build, or still loading): the browser navigates it.
    if (await focused.navigate(url).catch(() => null)) return;
  }
  await scope.clients.openWindow(url);
}

interface SubscriptionChangeEvent extends ExtendableEvent {
  readonly oldSubscription?: PushSubscription | null;
  readonly newSubscription?: PushSubscription | null;
}

export function installPush(
  scope: ServiceWorkerGlobalScope,
  /** Sends a (new) subscription to the server; the page's code path, loaded only when the event comes. */
  resubscribe: (scope: ServiceWorkerGlobalScope, event: SubscriptionChangeEvent) => Promise<void>,
): void {
  scope.addEventListener('push', (event) => {
    const payload = readPayload(event.data);
    event.waitUntil(
      (async () => {
        const shown = renderNotification(payload, await brand(), scope.location.origin);
        await scope.registration.showNotification(shown.title, shown.options);
        if (shown.appBadge !== null && 'setAppBadge' in scope.navigator) {
          await scope.navigator.setAppBadge(shown.appBadge).catch(() => undefined);
        }
      })(),
    );
  });

  scope.addEventListener('notificationclick', (event) => {
    event.notification.close();
    const data: unknown = event.notification.data;
    const url =
      data && typeof data === 'object' && 'url' in data && typeof data.url === 'string' ? data.url : '/user';
    event.waitUntil(openApp(scope, url));
  });

  // Firefox only: the browser replaced the subscription (the others keep it, and the app re-sends it on start).
  scope.addEventListener('pushsubscriptionchange', (event) => {
    const change = event as SubscriptionChangeEvent;
    change.waitUntil(resubscribe(scope, change).catch(() => undefined));
  });
}
