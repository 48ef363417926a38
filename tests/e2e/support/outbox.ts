// The outbox journeys' rig and steps: Chromium and the fault proxy of the file (setupOutbox), contexts on the proxy's
// origin, the outbox's button, drawer and items, a slow uplink, and Background Sync fired through DevTools.
import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DESKTOP, faithfulOffline, setupBrowser } from './browser';
import type { Payload } from './files';
import { applyTokens, DEMO, expectDashboard, notification, type Tokens, until } from './helpers';
import { controlled, persistedQueryKeys, textNow } from './offline';
import {
  expectOnePrealertWithFiles,
  fillPrealert,
  formReady,
  prealertCard,
  prealertField,
  trackingOf,
} from './prealert';
import { setupFaultProxy } from './proxy';

/** A tracking number of this run for the outbox journeys. */
export const tracking = (tag: string) => trackingOf('OBX', tag);

/** Sends the form and waits for the toast saying it went to the outbox (offline, or the attempt failed). */
async function submitToOutbox(page: Page) {
  await page.getByRole('button', { name: 'Send pre-alert' }).click();
  await until(() => notification(page, 'Saved on this device').isVisible(), { timeout: 30_000 }).toBe(true);
  // The form starts over once the item is safe on the device.
  await until(() => prealertField(page, 'Tracking number').inputValue()).toBe('');
}

/** The navbar's outbox button, "Outbox, N unsent" (absent when nothing is queued). */
const outboxButton = (page: Page) => page.getByRole('button', { name: /^Outbox, \d+ unsent$/ });

/**
 * N of "Outbox, N unsent", 0 when the button is not shown. Read in one look at the page: asking for the button and
 * then for its label would wait (30 s) for a button that left in between, as it does when the last item is sent.
 */
async function unsentCount(page: Page): Promise<number> {
  const label = await page.evaluate(() => {
    const button = [...document.querySelectorAll('button[aria-label^="Outbox, "]')].find((b) =>
      /^Outbox, \d+ unsent$/.test(b.getAttribute('aria-label') ?? ''),
    );
    return button?.getAttribute('aria-label') ?? null;
  });
  if (label === null) return 0;
  return Number(/^Outbox, (\d+) unsent$/.exec(label)?.[1] ?? Number.NaN);
}

const drawer = (page: Page) => page.getByRole('dialog', { name: 'Outbox' });
const unsentItem = (page: Page, label: string) =>
  drawer(page).getByRole('list', { name: 'Unsent items' }).getByRole('listitem', { name: label });

async function openOutbox(page: Page) {
  await outboxButton(page).click();
  await until(() => drawer(page).isVisible()).toBe(true);
}

/** The percentage of "Uploading N %" an item shows now (0 when it shows something else). */
async function uploadingPercent(item: ReturnType<typeof unsentItem>): Promise<number> {
  return Number(
    /^Uploading (\d+) %$/.exec((await textNow(item.getByTestId('outbox-status'))) ?? '')?.[1] ?? 0,
  );
}

/**
 * A slow uplink for one page (CDP), kept when Playwright's `context.setOffline` toggles the network (Playwright
 * emulates offline on a DevTools session of its own): throttle first, then bring the context back online, and the
 * upload that the `online` event starts is throttled from its first byte.
 */
/** The outbox as the user sees it: the navbar's button, the drawer and its items, and the form's way into it. */
export const outbox = {
  submit: submitToOutbox,
  button: outboxButton,
  unsentCount,
  drawer,
  item: unsentItem,
  open: openOutbox,
  uploadingPercent,
};

export async function throttleUploads(context: BrowserContext, page: Page, bytesPerSecond: number) {
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', {
    offline: false,
    latency: 20,
    downloadThroughput: 10e6,
    uploadThroughput: bytesPerSecond,
  });
}

/**
 * Chromium and the fault proxy for the file's tests (started before them, stopped after them), and the steps that
 * go through the proxy.
 */
export function setupOutbox() {
  const browser = setupBrowser();
  const proxy = setupFaultProxy();

  /** The portal through the proxy. */
  const portal = () => `http://127.0.0.1:${proxy.port}`;

  /** A context on the proxy's origin with the session's cookies (cookies ignore ports: 127.0.0.1 is enough). */
  async function portalContext(tokens: Tokens, viewport = DESKTOP): Promise<BrowserContext> {
    const context = await browser().newContext({ baseURL: portal(), viewport });
    await faithfulOffline(context);
    await applyTokens(context, tokens, '127.0.0.1');
    return context;
  }

  /** A context of its own on the proxy's origin for the journey; always closed after it. */
  async function inPortal(tokens: Tokens, journey: (context: BrowserContext) => Promise<void>) {
    const context = await portalContext(tokens);
    try {
      await journey(context);
    } finally {
      await context.close();
    }
  }

  /**
   * Fires the outbox's Background Sync event in the worker through DevTools (what the Application panel's "Sync"
   * button does): Chromium fires it by itself when it sees the network come back, which a test cannot time.
   */
  async function fireBackgroundSync(context: BrowserContext, via: Page) {
    const cdp = await context.newCDPSession(via);
    const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
    cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
    await cdp.send('ServiceWorker.enable');
    const scope = `${portal()}/`;
    await until(() => registrations.some((r) => r.scopeURL === scope && !r.isDeleted)).toBe(true);
    const reg = registrations.find((r) => r.scopeURL === scope && !r.isDeleted);
    await cdp.send('ServiceWorker.dispatchSyncEvent', {
      origin: portal(),
      registrationId: reg?.registrationId ?? '',
      tag: 'portal-outbox',
      lastChance: false,
    });
    await cdp.detach();
  }

  /** Signs in a context of its own, opens the dashboard (the pre-alert list is never fetched) and waits for the worker. */
  async function firstVisit(tokens: Tokens): Promise<{ context: BrowserContext; page: Page }> {
    const context = await portalContext(tokens);
    const page = await context.newPage();
    await page.goto('/user');
    await expectDashboard(page, DEMO.customer.first);
    await controlled(page);
    // The persisted cache is written about a second after the data arrives: wait for it before going offline.
    await until(() => persistedQueryKeys(page), { timeout: 15_000 }).toEqual(
      expect.arrayContaining([expect.stringMatching(/^\["me",/)]),
    );
    // The dashboard's pre-alerts awaiting their parcel are a list of their own (issue 16), not the pre-alert screen's.
    expect(
      (await persistedQueryKeys(page)).filter(
        (k) => k.startsWith('["prealerts"') && !k.includes('"awaiting":true'),
      ),
    ).toEqual([]);
    return { context, page };
  }

  /** Offline, opens the pre-alert screen (a full load, from the worker) and queues a pre-alert with these files. */
  async function queueOffline(context: BrowserContext, page: Page, t: string, files: Payload[]) {
    await context.setOffline(true);
    await page.goto('/user/packages/pre-alert');
    await formReady(page);
    // The screen works: no "never loaded" message although its list was never fetched here.
    expect(await page.getByText("You're offline and this page hasn't been loaded").count()).toBe(0);
    await until(() => textNow(page.getByTestId('offline-banner'))).toMatch(/^Offline/);
    expect(
      await page
        .getByText("You're offline. Your pre-alerts appear here once you're back online.")
        .isVisible(),
    ).toBe(true);
    await fillPrealert(page, { tracking: t, files });
    await submitToOutbox(page);
    await until(() => unsentCount(page)).toBe(1);
    expect(proxy.attemptsOf(t)).toEqual([]);
  }

  /** The outcome, status and replay of every upload attempt of `t` the proxy saw. */
  const outcomes = (t: string) => proxy.attemptsOf(t).map((a) => [a.outcome, a.status, a.replayed]);

  /**
   * On the pre-alert screen, `t` is listed once and nothing is queued; the proxy saw one upload, which the server
   * took; the server has the pre-alert once, with its files byte for byte.
   */
  async function expectSentOnce(page: Page, tokens: Tokens, t: string, files: Payload[]) {
    await until(() => prealertCard(page, t).count(), { timeout: 15_000 }).toBe(1);
    await until(() => unsentCount(page)).toBe(0);
    expect(outcomes(t)).toEqual([['passed', 201, false]]);
    await expectOnePrealertWithFiles(tokens.access_token, t, files);
  }

  return {
    browser,
    proxy,
    expectSentOnce,
    portalContext,
    inPortal,
    fireBackgroundSync,
    firstVisit,
    queueOffline,
    outcomes,
  };
}
