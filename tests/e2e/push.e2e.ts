// Issue 31 in the browser. (a) At 375 px the app never asks on load; "Turn on notifications on this device" asks,
// subscribes and saves the device (the push service stubbed at the browser boundary only: Chromium here cannot
// reach one), and a refusal is remembered across a reload. (b) The real service worker, given pushes through the
// DevTools protocol, shows the declarative JSON and a classic payload with their title, body, tag and link, and a
// click brings the open window to that parcel.
import { createECDH, randomBytes } from 'node:crypto';
import type { BrowserContext, CDPSession, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, PHONE, setupBrowser } from './support/browser';
import { expectClean, shot } from './support/checks';
import {
  apiCall,
  apiLogin,
  applyTokens,
  customerApi,
  DEMO,
  freshAccount,
  sharedTokens,
  until,
} from './support/helpers';
import { controlled } from './support/offline';

const browser = setupBrowser();

/**
 * The browser boundary, replaced before the app loads: the permission question answers `answer` (and counts how often
 * it was asked), and the push manager hands out a subscription to a known push service's host with real keys.
 */
async function stubPush(context: BrowserContext, answer: NotificationPermission) {
  const p256dh = createECDH('prime256v1');
  p256dh.generateKeys();
  const keys = {
    p256dh: p256dh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
  const endpoint = `https://fcm.googleapis.com/fcm/send/e2e-${randomBytes(8).toString('hex')}`;
  await context.addInitScript(
    ({ answer, keys, endpoint }) => {
      const w = window as unknown as { __push: { asked: number; subscribed: unknown } };
      w.__push = { asked: 0, subscribed: null };
      // A grant and its subscription outlive a reload (the browser keeps them); a refusal does not here, so the
      // page's own memory of it is what the journey checks.
      const KEPT = '__push-granted';
      let permission: NotificationPermission = sessionStorage.getItem(KEPT) ? 'granted' : 'default';
      Object.defineProperty(Notification, 'permission', { configurable: true, get: () => permission });
      Notification.requestPermission = async () => {
        w.__push.asked += 1;
        permission = answer;
        return answer;
      };
      const made = (): PushSubscription =>
        ({
          endpoint,
          expirationTime: null,
          options: { userVisibleOnly: true, applicationServerKey: null },
          toJSON: () => ({ endpoint, expirationTime: null, keys }),
          getKey: () => null,
          unsubscribe: async () => {
            current = null;
            sessionStorage.removeItem(KEPT);
            return true;
          },
        }) as unknown as PushSubscription;
      let current: PushSubscription | null = sessionStorage.getItem(KEPT) ? made() : null;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = options?.applicationServerKey as ArrayBuffer | Uint8Array | undefined;
        w.__push.subscribed = { userVisibleOnly: options?.userVisibleOnly, keyBytes: key?.byteLength ?? 0 };
        sessionStorage.setItem(KEPT, '1');
        current = made();
        return current;
      };
      PushManager.prototype.getSubscription = async () => current;
    },
    { answer, keys, endpoint },
  );
  return endpoint;
}

const asked = (page: Page) =>
  page.evaluate(() => (window as unknown as { __push: { asked: number } }).__push.asked);

describe('asking for notifications at 375 px', () => {
  it('never asks on load; the button subscribes and the server keeps the device; axe clean', {
    timeout: 120_000,
  }, async () => {
    const account = await freshAccount('push');
    const tokens = await apiLogin(account);
    const { context, page } = await newPage(browser(), PHONE);
    page.setDefaultTimeout(20_000);
    try {
      const endpoint = await stubPush(context, 'granted');
      await applyTokens(context, tokens);
      await page.goto('/user/profile');
      const button = page.getByRole('button', { name: 'Turn on notifications on this device' });
      await button.waitFor();
      await controlled(page);
      expect(await asked(page), 'asked on load').toBe(0);
      await expectClean(page, 'profile with the prompt');
      await shot(page, 'push-profile-ask-375');

      await button.click();
      await page.getByText('Notifications are on for this device.').waitFor();
      expect(await asked(page)).toBe(1);
      expect(
        await page.evaluate(
          () => (window as unknown as { __push: { subscribed: unknown } }).__push.subscribed,
        ),
      ).toEqual({
        userVisibleOnly: true,
        keyBytes: 65,
      });
      const devices = await apiCall<{ id: string; device_name: string; last_used_at: string }[]>(
        tokens.access_token,
        '/v1/push/subscriptions',
      );
      expect(devices.data.map((d) => d.device_name)).toEqual(['Chrome on Linux']);
      await page.getByRole('list', { name: 'Your devices' }).getByText('This device').waitFor();
      await expectClean(page, 'profile with the device');
      await shot(page, 'push-profile-on-375');

      // Every start re-sends the subscription (after the first screen): the same device, used again, never a second.
      const before = devices.data[0]?.last_used_at ?? '';
      await page.reload();
      const usedAgain = async () =>
        (await apiCall<{ last_used_at: string }[]>(tokens.access_token, '/v1/push/subscriptions')).data.map(
          (d) => d.last_used_at !== before,
        );
      await until(usedAgain, { timeout: 20_000 }).toEqual([true]);
      expect(await asked(page), 'asked again after the reload').toBe(0);

      // Removing this device ends its subscription: the server forgets it and the button is back.
      await page.getByRole('button', { name: 'Remove Chrome on Linux' }).click();
      await page.getByText('No device gets notifications yet.').waitFor();
      await button.waitFor();
      expect((await apiCall<unknown[]>(tokens.access_token, '/v1/push/subscriptions')).data).toEqual([]);
      expect(endpoint).toMatch(/^https:\/\/fcm\.googleapis\.com\//);
    } finally {
      await context.close();
    }
  });

  it('remembers a refusal after a reload and says how to allow it instead of asking again', {
    timeout: 90_000,
  }, async () => {
    const tokens = await sharedTokens(DEMO.customer);
    const { context, page } = await newPage(browser(), PHONE);
    page.setDefaultTimeout(20_000);
    try {
      await stubPush(context, 'denied');
      await applyTokens(context, tokens);
      await page.goto('/user');
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByRole('button', { name: 'Turn on notifications on this device' }).click();
      await page.getByText('Notifications are blocked on this device').waitFor();
      await shot(page, 'push-bell-denied-375', { fullPage: false });
      await expectClean(page, 'the bell with the refusal');
      // The browser's own answer is back to "ask" after the reload (the stub starts again): the app remembers.
      await page.reload();
      await page.getByRole('button', { name: /^Notifications/ }).click();
      await page.getByText('Notifications are blocked on this device').waitFor();
      expect(await page.getByRole('button', { name: 'Turn on notifications on this device' }).count()).toBe(
        0,
      );
      expect(await asked(page)).toBe(0);
    } finally {
      await context.close();
    }
  });
});

/** The worker's registration id, from the DevTools protocol. */
async function registrationId(cdp: CDPSession, origin: string): Promise<string> {
  const found = new Promise<string>((resolve) => {
    cdp.on(
      'ServiceWorker.workerRegistrationUpdated',
      (e: { registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] }) => {
        const r = e.registrations.find((x) => x.scopeURL.startsWith(origin) && !x.isDeleted);
        if (r) resolve(r.registrationId);
      },
    );
  });
  await cdp.send('ServiceWorker.enable');
  return found;
}

const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const reg = await navigator.serviceWorker.ready;
    return (await reg.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
    }));
  });

describe('the service worker and a push', () => {
  it('shows declarative and classic pushes; a click brings the open window to the parcel', {
    timeout: 120_000,
  }, async () => {
    const tokens = await sharedTokens(DEMO.customer);
    const parcels = await customerApi<{ items: { id: string; tracking_number: string }[] }>(
      '/v1/packages?pageSize=5',
    );
    const parcel = parcels.items[0];
    expect(parcel, 'the demo customer has a parcel').toBeTruthy();
    if (!parcel) return;
    const origin = baseUrl();
    const { context, page } = await newPage(browser(), PHONE);
    page.setDefaultTimeout(20_000);
    try {
      await context.grantPermissions(['notifications'], { origin });
      await applyTokens(context, tokens);
      await page.goto('/user');
      await controlled(page);
      const cdp = await context.newCDPSession(page);
      const registration = await registrationId(cdp, origin);
      const push = (data: unknown) =>
        cdp.send('ServiceWorker.deliverPushMessage', {
          origin,
          registrationId: registration,
          data: JSON.stringify(data),
        });

      await push({
        web_push: 8030,
        notification: {
          title: 'Package received',
          body: `${parcel.tracking_number} arrived at the warehouse.`,
          navigate: `${origin}/user/packages/${parcel.id}`,
          tag: `package:${parcel.id}`,
          lang: 'en',
          dir: 'ltr',
          silent: false,
        },
      });
      await until(() => shownNotifications(page), { timeout: 15_000 }).toEqual([
        {
          title: 'Package received',
          body: `${parcel.tracking_number} arrived at the warehouse.`,
          tag: `package:${parcel.id}`,
          url: `/user/packages/${parcel.id}`,
        },
      ]);
      // A classic payload for the same parcel replaces it (same tag).
      await push({
        title: 'Ready for pickup',
        body: `${parcel.tracking_number} is ready.`,
        url: `/user/packages/${parcel.id}`,
        tag: `package:${parcel.id}`,
      });
      await until(() => shownNotifications(page), { timeout: 15_000 }).toEqual([
        {
          title: 'Ready for pickup',
          body: `${parcel.tracking_number} is ready.`,
          tag: `package:${parcel.id}`,
          url: `/user/packages/${parcel.id}`,
        },
      ]);
      // Unreadable: still shown, never silent.
      await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId: registration, data: '' });
      await until(async () => (await shownNotifications(page)).map((n) => n.title), {
        timeout: 15_000,
      }).toContain('You have an update');

      // The click: Chromium has no means to click a notification (not in the DevTools protocol, not in Playwright), so
      // the worker is handed a notificationclick through its own DevTools evaluation, with the notification it showed.
      const worker = context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
      await worker.evaluate(async (tag) => {
        const scope = self as unknown as ServiceWorkerGlobalScope;
        const [n] = await scope.registration.getNotifications({ tag });
        if (!n) throw new Error('no notification to click');
        scope.dispatchEvent(new NotificationEvent('notificationclick', { notification: n }));
      }, `package:${parcel.id}`);
      await page.waitForURL(`**/user/packages/${parcel.id}`);
      await page.getByRole('heading', { name: parcel.tracking_number, level: 1 }).waitFor();
      expect(
        await shownNotifications(page).then((all) => all.some((n) => n.tag === `package:${parcel.id}`)),
      ).toBe(false);
    } finally {
      await context.close();
    }
  });
});
