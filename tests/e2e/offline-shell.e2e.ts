// The offline shell (issue 5, part A), in Chromium against the built PWA: the service worker precaches the app and
// serves it offline, the persisted query cache shows the last data with an "Offline — data from <time>" banner, a
// screen never opened on this device says so instead of spinning. A newer build reloading the page once, on the next
// in-app navigation: new-build-plain.e2e.ts, in a Chromium that attaches no debugger to the service workers (with
// Playwright's, the waiting worker sometimes ignored SKIP_WAITING on a loaded machine, and the page never reloaded).
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, setupBrowser } from './support/browser';
import { DEMO, expectDashboard, pathOf, signInShared, until } from './support/helpers';
import { controlled, persistedQueryKeys, textNow } from './support/offline';
import { openSearch } from './support/search';

const NEVER_LOADED = "You're offline and this page hasn't been loaded on this device yet.";

const browser = setupBrowser();

const banner = (page: Page) => page.getByTestId('offline-banner');
const SHOWING = /Showing \d+–\d+ of \d+ packages/;

/**
 * A logged-in customer who opened the dashboard and the package history online, with the worker in control and
 * both screens' data persisted: what a phone has after an ordinary visit.
 */
async function visitedOnline(): Promise<{ context: BrowserContext; page: Page; showing: string }> {
  const { context, page } = await newPage(browser());
  await signInShared(context, DEMO.customer);
  await page.goto('/user');
  await expectDashboard(page, DEMO.customer.first);
  await controlled(page);
  // The cache is written to IndexedDB about a second after the data arrives; a full page load before that loses the
  // last write, so each screen's data is seen in IndexedDB before moving on.
  await until(() => persistedQueryKeys(page), { timeout: 10_000 }).toEqual(
    expect.arrayContaining([
      expect.stringMatching(/^\["packages","counts"\]/),
      expect.stringMatching(/^\["packages","list",\{.*"pageSize":5\b/),
      expect.stringMatching(/^\["me",/),
    ]),
  );
  await page.goto('/user/packages/history');
  const showing = page.getByText(SHOWING);
  await until(() => showing.isVisible(), { timeout: 15_000 }).toBe(true);
  // The history's own page (20 rows; the dashboard's recent packages are another list query, of 5).
  await until(() => persistedQueryKeys(page), { timeout: 10_000 }).toEqual(
    expect.arrayContaining([expect.stringMatching(/^\["packages","list",\{.*"pageSize":20\b/)]),
  );
  return { context, page, showing: (await showing.textContent()) ?? '' };
}

describe('offline', () => {
  it('reloads the package history and the dashboard offline from the precache, with the cached data and the banner', async () => {
    const { context, page, showing } = await visitedOnline();
    try {
      expect(await banner(page).count()).toBe(0); // online: no banner

      await context.setOffline(true);
      await page.reload();
      await until(() => textNow(banner(page)), { timeout: 15_000 }).toMatch(/^Offline — data from \S/);
      await until(() => textNow(page.getByText(SHOWING))).toBe(showing);
      expect(await page.getByText(NEVER_LOADED).count()).toBe(0);
      await screenshot(page, 'offline-history-1280');

      // Ctrl+K after the offline reload (issue 16): the search panel's code comes from the precache and it finds a
      // package of the list from the data saved on this device.
      const first = page
        .locator('main a[href^="/user/packages/"]:not([href^="/user/packages/pre-alert"])')
        .first();
      const tracking = (await textNow(first)) ?? '';
      expect(tracking).not.toBe('');
      const search = await openSearch(page);
      await search.fill(tracking);
      const found = page.getByRole('button', { name: new RegExp(`^${tracking}\\s*Package ·`) });
      await until(() => found.isVisible(), { timeout: 10_000 }).toBe(true);
      await screenshot(page, 'offline-search-1280');
      await found.click();
      await until(() => pathOf(page)).toMatch(/^\/user\/packages\/[0-9a-f-]{36}$/);
      await page.keyboard.press('Escape');

      // A full navigation offline: the worker answers with index.html, the data comes from IndexedDB.
      await page.goto('/user');
      await expectDashboard(page, DEMO.customer.first);
      await until(() => textNow(banner(page))).toMatch(/^Offline — data from \S/);
      expect(await page.getByText(NEVER_LOADED).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('keeps data that arrived a moment before a reload: the page saves it as it is left', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInShared(context, DEMO.customer);
      await page.goto('/user');
      await expectDashboard(page, DEMO.customer.first);
      await controlled(page);
      // A screen opened, and the page reloaded offline as soon as its data shows: before the second the throttled
      // save waits. Lost every time before the page wrote its cache, committed, as it was being left.
      await page.goto('/user/authorizeduser');
      await until(() => page.getByText('Marlon Campbell').first().isVisible(), { timeout: 15_000 }).toBe(
        true,
      );
      await context.setOffline(true);
      await page.reload();
      await until(() => textNow(banner(page)), { timeout: 15_000 }).toMatch(/^Offline — data from \S/);
      await until(() => page.getByText('Marlon Campbell').first().isVisible(), { timeout: 10_000 }).toBe(
        true,
      );
      expect(await page.getByText(NEVER_LOADED).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('says a screen was never loaded on this device instead of spinning, and loads it once back online', async () => {
    const { context, page } = await visitedOnline();
    try {
      // A package this device never opened (its id from the persisted list).
      const id = await page.evaluate(
        () =>
          new Promise<string | null>((done) => {
            const open = indexedDB.open('portal-query-cache');
            open.onerror = () => done(null);
            open.onsuccess = () => {
              const db = open.result;
              const all = db.transaction('clients').objectStore('clients').getAll();
              all.onerror = () => {
                db.close();
                done(null);
              };
              all.onsuccess = () => {
                db.close();
                type Q = { queryKey: unknown[]; state: { data?: { items?: { id: string }[] } } };
                for (const raw of all.result as string[]) {
                  const queries = (JSON.parse(raw) as { clientState: { queries: Q[] } }).clientState.queries;
                  const list = queries.find((q) => q.queryKey[0] === 'packages' && q.queryKey[1] === 'list');
                  const first = list?.state.data?.items?.[0]?.id;
                  if (first) return done(first);
                }
                done(null);
              };
            };
          }),
      );
      expect(id).toBeTruthy();

      await context.setOffline(true);
      await page.goto(`/user/packages/${id}`);
      await until(() => page.getByText(NEVER_LOADED).isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await page.getByRole('heading', { name: "You're offline" }).isVisible()).toBe(true);
      expect(await banner(page).isVisible()).toBe(true);
      await screenshot(page, 'offline-never-loaded-1280');

      // Back online: the paused request resumes and the screen appears by itself.
      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await until(() => page.getByText(NEVER_LOADED).isVisible(), { timeout: 15_000 }).toBe(false);
      await until(() => banner(page).count()).toBe(0);
      expect(pathOf(page)).toBe(`/user/packages/${id}`);
    } finally {
      await context.close();
    }
  });
});
