// The new-build takeover (portal spec §4) in a Chromium no test tool instruments (support/plain-chromium.ts): no
// debugger on its service workers, as on a person's phone (Playwright attaches one to every worker, and there the
// waiting worker sometimes ignored SKIP_WAITING on a loaded machine): a newer build published while the page is open
// reloads it once, on the next in-app navigation, onto the new build.
import { describe, expect, it } from 'vitest';
import { baseUrl } from './support/browser';
import { DEMO, jwtClaims, sharedTokens, until } from './support/helpers';
import { setupNextBuild } from './support/new-build';
import { PlainChromium } from './support/plain-chromium';

describe('a newer build, in a browser whose workers no debugger is attached to', () => {
  const { deploy, next } = setupNextBuild('plain', 180_000);

  it('reloads the open page once, on the next in-app navigation, onto the new build', async () => {
    const chromium = PlainChromium.launch();
    try {
      const tokens = await sharedTokens(DEMO.customer);
      const verified = jwtClaims(tokens.access_token).ver === true;
      await chromium.send('Storage.setCookies', {
        cookies: [
          ['accessToken', tokens.access_token],
          ['refreshToken', tokens.refresh_token],
          ['isAuthenticated', 'true'],
          ['idVerified', verified ? 'true' : 'false'],
        ].map(([name, value]) => ({ name, value: encodeURIComponent(value ?? ''), url: baseUrl() })),
      });
      const tab = await chromium.open(`${baseUrl()}/user/packages/history`);
      const state = () =>
        tab.evaluate<{
          build: string | null;
          path: string;
          loads: number;
          controlled: boolean;
          waiting: string | null;
        }>(
          `(async () => ({
            build: document.documentElement.dataset.build ?? null,
            path: location.pathname,
            loads: Number(sessionStorage.getItem('loads') ?? 0),
            controlled: navigator.serviceWorker.controller !== null,
            waiting: (await navigator.serviceWorker.getRegistration())?.waiting?.state ?? null,
          }))()`,
        );
      await until(async () => (await state()).controlled, {
        timeout: 30_000,
        message: 'the service worker never took control of the page',
      }).toBe(true);
      await until(() => tab.evaluate<boolean>(`!!document.querySelector('header a[href="/user"]')`), {
        timeout: 20_000,
      }).toBe(true);
      const before = await state();
      expect(before.build).toBeTruthy();
      expect(before.build).not.toBe(next().buildId);
      expect(before.loads).toBe(1);

      deploy();
      // The app looks for a newer build when the window gains focus (a person coming back to the tab).
      await tab.evaluate(`window.dispatchEvent(new Event('focus'))`);
      await until(async () => (await state()).waiting, {
        timeout: 30_000,
        message: 'the new service worker never got to waiting',
      }).toBe('installed');
      await new Promise((r) => setTimeout(r, 1000));
      expect((await state()).build).toBe(before.build);

      const navigated = Date.now();
      await tab.evaluate(`document.querySelector('header a[href="/user"]').click()`);
      await until(async () => (await state().catch(() => null))?.build ?? null, {
        timeout: 20_000,
        message: 'the page did not reload onto the new build',
      }).toBe(next().buildId);
      console.log(
        `[new-build] plain Chromium: on the new build ${Date.now() - navigated} ms after the navigation`,
      );
      const after = await state();
      expect(after.path).toBe('/user');
      expect(after.loads).toBe(2);
      // The new build draws the dashboard, and the server names it as the build it serves.
      await until(
        () =>
          tab.evaluate<boolean>(
            `[...document.querySelectorAll('h1, h2, h3')].some((h) => h.textContent.includes(${JSON.stringify(`Welcome, ${DEMO.customer.first}!`)}))`,
          ),
        { timeout: 15_000, message: 'the dashboard did not show after the reload' },
      ).toBe(true);
      expect(
        await tab.evaluate<{ buildId: string }>(`fetch('/build.json?t=' + Date.now()).then((r) => r.json())`),
      ).toEqual(next());
      // Once only.
      await tab.evaluate(`document.querySelector('a[href="/user/packages/history"]').click()`);
      await until(async () => (await state()).path).toBe('/user/packages/history');
      await new Promise((r) => setTimeout(r, 1500));
      expect((await state()).loads).toBe(2);
    } finally {
      await chromium.close();
    }
  }, 120_000);
});
