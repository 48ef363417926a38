// The dashboard in the first pass (issue 33, item 1): after logging in, a reload of /user draws the greeting, the
// mailbox, the address, the balance and the recent packages from what the server wrote into the document, without
// asking the API for the user or the dashboard's answers first. The package history and a package's page likewise
// draw their list and their package. The document that carries them is never stored.
import type { BrowserContext, Page, Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, faithfulOffline, setupBrowser } from './support/browser';
import { DEMO, expectDashboard, loginWithForm, until, waitForPath } from './support/helpers';

const browser = setupBrowser();

/** The API calls the dashboard and its layout make as they open (contract/first-screen.ts, and the user). */
const FIRST_SCREEN_API =
  /^\/v1\/(?:auth\/me|account\/summary|packages(?:\/[\w-]+)?|peralert|menus|notifications|[\w-]*status[\w-]*)$/;

/**
 * A signed-in phone-sized page without the service worker: it answers navigations from its own copy of the page,
 * which holds no one's data (a first visit, and every visit of a browser that has not installed it yet, get the
 * server's document). `asked` lists the first-screen API calls the page made since `record()`.
 */
async function signedInPage(): Promise<{
  context: BrowserContext;
  page: Page;
  asked: string[];
  record: () => void;
}> {
  const context = await browser().newContext({
    baseURL: baseUrl(),
    viewport: { width: 375, height: 812 },
    serviceWorkers: 'block',
  });
  await faithfulOffline(context);
  const page = await context.newPage();
  await page.goto('/login');
  await loginWithForm(page, DEMO.customer);
  await waitForPath(page, '/user');
  await expectDashboard(page, DEMO.customer.first);
  const asked: string[] = [];
  const onRequest = (request: Request) => {
    const { pathname } = new URL(request.url());
    if (FIRST_SCREEN_API.test(pathname)) asked.push(pathname);
  };
  return { context, page, asked, record: () => page.on('request', onRequest) };
}

describe('the signed-in document', () => {
  it('draws the dashboard on reload without waiting for the user or its data', async () => {
    const { context, page, asked, record } = await signedInPage();
    try {
      record();
      const reply = await page.reload();
      expect(reply?.headers()['cache-control']).toBe('no-store');
      expect(reply?.headers().vary).toMatch(/cookie/i);

      // Everything a user reads first on the dashboard, before any of those calls went out.
      const mailbox = await expectDashboard(page, DEMO.customer.first);
      await until(() => page.getByTestId('balance-due').isVisible()).toBe(true);
      const recent = page.getByRole('list', { name: 'Recent packages' }).getByRole('listitem');
      await until(() => recent.count()).toBeGreaterThan(0);
      expect(asked).toEqual([]);
      // The greeting and the mailbox came from the document: its boot block holds this session's user.
      const boot = await page.evaluate(() => document.getElementById('boot-session')?.textContent ?? '');
      expect(JSON.parse(boot).user).toMatchObject({
        email: DEMO.customer.email,
        mailbox_number: mailbox,
      });
    } finally {
      await context.close();
    }
  });

  it("draws the package history's list and a package's page without asking for them", async () => {
    const { context, page, asked, record } = await signedInPage();
    try {
      record();
      const reply = await page.goto('/user/packages/history');
      expect(reply?.headers()['cache-control']).toBe('no-store');
      await until(() => page.getByText(/^Showing 1–\d+ of \d+ packages$/).isVisible(), {
        timeout: 15_000,
      }).toBe(true);
      // The first package of the list: its link and the tracking number it reads.
      const [href, tracking] = await page.evaluate(() => {
        const link = [
          ...document.querySelectorAll<HTMLAnchorElement>('main a[href^="/user/packages/"]'),
        ].find((a) => /^\/user\/packages\/[0-9a-f-]{36}$/.test(a.getAttribute('href') ?? ''));
        return [link?.getAttribute('href') ?? '', link?.textContent?.trim() ?? ''];
      });
      expect(href).not.toBe('');
      expect(tracking).not.toBe('');
      expect(asked).toEqual([]);

      await page.goto(href);
      await until(() => page.getByRole('heading', { name: tracking }).isVisible(), { timeout: 15_000 }).toBe(
        true,
      );
      expect(asked).toEqual([]);
    } finally {
      await context.close();
    }
  });
});
