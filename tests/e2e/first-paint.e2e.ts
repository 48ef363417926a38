// The dashboard in the first pass (issue 33, item 1): after logging in, a reload of /user draws the greeting, the
// mailbox, the address, the balance and the recent packages from what the server wrote into the document, without
// asking the API for the user or the dashboard's answers first. The document that carries them is never stored.
import type { Request } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, faithfulOffline, setupBrowser } from './support/browser';
import { DEMO, expectDashboard, loginWithForm, until, waitForPath } from './support/helpers';

const browser = setupBrowser();

/** The API calls the dashboard and its layout make as they open (contract/first-screen.ts, and the user). */
const FIRST_SCREEN_API =
  /^\/v1\/(?:auth\/me|account\/summary|packages(?:\/counts)?|peralert|menus|notifications|[\w-]*status[\w-]*)$/;

describe('the signed-in document', () => {
  it('draws the dashboard on reload without waiting for the user or its data', async () => {
    // Without the service worker: it answers navigations from its own copy of the page, which holds no one's data
    // (a first visit, and every visit of a browser that has not installed it yet, get the server's document).
    const context = await browser().newContext({
      baseURL: baseUrl(),
      viewport: { width: 375, height: 812 },
      serviceWorkers: 'block',
    });
    await faithfulOffline(context);
    try {
      const page = await context.newPage();
      await page.goto('/login');
      await loginWithForm(page, DEMO.customer);
      await waitForPath(page, '/user');
      await expectDashboard(page, DEMO.customer.first);

      const asked: string[] = [];
      const record = (request: Request) => {
        const { pathname } = new URL(request.url());
        if (FIRST_SCREEN_API.test(pathname)) asked.push(pathname);
      };
      page.on('request', record);
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
      page.off('request', record);
    } finally {
      await context.close();
    }
  });
});
