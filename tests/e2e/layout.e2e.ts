// The portal's shell: customizer choices that survive a reload, and screenshots at phone and desktop widths
// (written to test-results/e2e/*.png to be looked at) with no sideways scrolling on a 375 px phone.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, setupBrowser } from './support/browser';
import { horizontalOverflow, settled } from './support/checks';
import {
  applyTokens,
  customerApi,
  DEMO,
  expectDashboard,
  sharedTokens,
  until,
  waitForPath,
} from './support/helpers';
import { openSearch } from './support/search';

const browser = setupBrowser();

async function loggedInPage(width: number): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser(), { width, height: width < 600 ? 812 : 800 });
  await applyTokens(opened.context, await sharedTokens(DEMO.customer));
  return opened;
}

describe('customizer', () => {
  it('keeps theme, skin and horizontal navigation across a reload', async () => {
    const { context, page } = await loggedInPage(1280);
    try {
      await page.goto('/user');
      await expectDashboard(page, DEMO.customer.first);
      const html = page.locator('html');
      expect(await html.getAttribute('data-mantine-color-scheme')).toBe('light');
      // Vertical menu in the side bar by default.
      await until(() => page.locator('nav[aria-label="Main"]').first().isVisible()).toBe(true);
      expect(await page.locator('header nav[aria-label="Main"]').count()).toBe(0);
      const card = page
        .getByTestId('mailbox-number')
        .locator('xpath=ancestor::div[contains(@class,"mantine-Card-root")]');
      expect(await card.getAttribute('data-with-border')).toBeNull();

      await page.getByRole('button', { name: 'Customize' }).click();
      const drawer = page.getByRole('dialog', { name: 'Theme customizer' });
      await until(() => drawer.isVisible()).toBe(true);
      await drawer.getByRole('radiogroup', { name: 'Theme' }).getByRole('radio', { name: 'Dark' }).check();
      await drawer.getByRole('radiogroup', { name: 'Skin' }).getByRole('radio', { name: 'Bordered' }).check();
      await drawer
        .getByRole('radiogroup', { name: /^Navigation layout/ })
        .getByRole('radio', { name: 'Horizontal' })
        .check();
      // Applied at once, before any reload.
      await until(() => html.getAttribute('data-mantine-color-scheme')).toBe('dark');
      await until(() => page.locator('header nav[aria-label="Main"]').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Close customizer' }).click();
      await until(() => drawer.isVisible()).toBe(false);

      await page.reload();
      await expectDashboard(page, DEMO.customer.first);
      expect(await html.getAttribute('data-mantine-color-scheme')).toBe('dark');
      const bodyBackground = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
      expect(bodyBackground).not.toBe('rgb(255, 255, 255)');
      await until(() => page.locator('header nav[aria-label="Main"]').isVisible()).toBe(true);
      expect(await page.locator('.mantine-AppShell-navbar').count()).toBe(0);
      await until(() => card.getAttribute('data-with-border')).toBe('true');
      await screenshot(page, 'user-1280-dark-horizontal-bordered');

      // Every menu item is reachable: those that do not fit on the row are under "More", none cut at the edge.
      const bar = page.locator('header nav[aria-label="Main"]');
      const cut = await bar.evaluate((nav) => {
        const right = nav.getBoundingClientRect().right;
        return Array.from(nav.querySelectorAll('a, button'))
          .filter((el) => !el.closest('[inert]') && el.getBoundingClientRect().right > right + 1)
          .map((el) => el.textContent);
      });
      expect(cut).toEqual([]);
      await bar.getByRole('button', { name: 'More' }).click();
      await until(() => page.getByRole('menuitem', { name: 'Profile' }).isVisible()).toBe(true);
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await until(() => new URL(page.url()).pathname).toBe('/user/profile');
      await page.goto('/user');
      await expectDashboard(page, DEMO.customer.first);

      // The customizer shows the stored choices.
      await page.getByRole('button', { name: 'Customize' }).click();
      await until(() => drawer.isVisible()).toBe(true);
      expect(await drawer.getByRole('radio', { name: 'Dark' }).isChecked()).toBe(true);
      expect(await drawer.getByRole('radio', { name: 'Bordered' }).isChecked()).toBe(true);
      expect(await drawer.getByRole('radio', { name: 'Horizontal' }).isChecked()).toBe(true);
    } finally {
      await context.close();
    }
  });
});

describe('header', () => {
  it('has the notifications list (the demo customer has some), shortcuts, and a menu search on ctrl+K', async () => {
    const { context, page } = await loggedInPage(1280);
    try {
      await page.goto('/user');
      await expectDashboard(page, DEMO.customer.first);

      // From the keyboard: Enter opens the panel, Escape closes it and gives focus back to the bell.
      const bell = page.getByRole('button', { name: 'Notifications' });
      await bell.focus();
      await page.keyboard.press('Enter');
      await until(() => page.getByRole('list', { name: 'Recent notifications' }).isVisible()).toBe(true);
      await page.keyboard.press('Escape');
      await until(() => page.getByRole('list', { name: 'Recent notifications' }).isVisible()).toBe(false);
      await until(() => bell.evaluate((el) => el === document.activeElement)).toBe(true);

      await page.getByRole('button', { name: 'Shortcuts' }).click();
      await page.getByRole('menuitem', { name: 'Points' }).click();
      await waitForPath(page, '/user/points/history');

      // The search panel is fetched once the page is idle: press the shortcut until the panel answers.
      const search = page.getByRole('textbox', { name: 'Search the menu' });
      for (let attempt = 0; attempt < 20 && !(await search.isVisible()); attempt++) {
        await page.keyboard.press('Control+K');
        await search.waitFor({ state: 'visible', timeout: 500 }).catch(() => {});
      }
      expect(await search.isVisible()).toBe(true);
      await search.fill('invoi');
      await page.getByRole('button', { name: /^Invoices/ }).click();
      await waitForPath(page, '/user/invoices');
      await until(() => search.isVisible()).toBe(false);

      await page.getByRole('button', { name: /^User menu/ }).click();
      await page.getByRole('menuitem', { name: 'Profile' }).click();
      await waitForPath(page, '/user/profile');
    } finally {
      await context.close();
    }
  });
});

// Issue 16: Ctrl+K finds the customer's own packages, pre-alerts and invoices, online and (from what this device has
// seen) offline; the header shows the whole name at 1280 px; the scroll-to-top button leaves the footer's help link
// free. The demo customer's seeded rows, read from the API first; nothing is added.
describe('finding things and the frame (issue 16)', () => {
  for (const width of [375, 1280]) {
    it(`ctrl+K finds a package, a pre-alert and an invoice, and offline what was seen, at ${width} px`, async () => {
      type Page_<T> = { items: T[] };
      const pkgs =
        await customerApi<Page_<{ id: string; tracking_number: string; description: string }>>(
          '/v1/packages?pageSize=5',
        );
      const pre =
        await customerApi<Page_<{ tracking_number: string; description: string }>>('/v1/peralert?pageSize=5');
      // The oldest invoice: the search asks the server by number, whatever page the invoice is on.
      const inv = await customerApi<Page_<{ id: string; number: string }>>(
        '/v1/invoices?sort=oldest&pageSize=1',
      );
      const pkg = pkgs.items[0];
      const prealert = pre.items[0];
      const invoice = inv.items[0];
      if (!pkg || !prealert || !invoice)
        throw new Error('the demo customer has packages, pre-alerts and invoices');

      const { context, page } = await loggedInPage(width);
      try {
        await page.goto('/user/packages/history');
        await until(() => page.getByRole('link', { name: pkg.tracking_number }).first().isVisible()).toBe(
          true,
        );

        // A package by its tracking number: chosen, it opens the package.
        let search = await openSearch(page);
        await search.fill(pkg.tracking_number.slice(0, 10));
        const found = page.getByRole('button', { name: new RegExp(`^${pkg.tracking_number}\\s*Package ·`) });
        await until(() => found.isVisible()).toBe(true);
        await screenshot(page, `layout-search-package-${width}`, { fullPage: false });
        await found.click();
        await waitForPath(page, `/user/packages/${pkg.id}`);

        // An invoice by its number, typed as people do: lower case, without the dashes.
        search = await openSearch(page);
        await search.fill(invoice.number.replaceAll('-', '').toLowerCase());
        const inv1 = page.getByRole('button', { name: new RegExp(`^Invoice ${invoice.number}`) });
        await until(() => inv1.isVisible()).toBe(true);
        await inv1.click();
        await waitForPath(page, `/user/invoices/${invoice.id}`);

        // A pre-alert by its description: opens the pre-alert list narrowed to it.
        search = await openSearch(page);
        await search.fill(prealert.tracking_number);
        const pre1 = page.getByRole('button', {
          name: new RegExp(`^${prealert.tracking_number}\\s*Pre-alert ·`),
        });
        await until(() => pre1.isVisible()).toBe(true);
        await pre1.click();
        await waitForPath(page, '/user/packages/pre-alert', { q: prealert.tracking_number });

        // Words nothing holds: one "nothing found" for every group.
        search = await openSearch(page);
        await search.fill('zz-no-such-parcel-zz');
        await until(() =>
          page.getByText('Nothing found in the menu, your packages, pre-alerts or invoices').isVisible(),
        ).toBe(true);

        // Offline: the package seen in the history is still found, from the cached list.
        await search.fill('');
        await context.setOffline(true);
        await search.fill(pkg.tracking_number);
        await until(() => found.isVisible()).toBe(true);
        await screenshot(page, `layout-search-offline-${width}`, { fullPage: false });
        await page.keyboard.press('Escape');
        await context.setOffline(false);

        if (width >= 1280) {
          // The whole name in the header, not "Kerry-Ann Cam…".
          const name = page.getByTestId('user-name');
          expect(await name.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
        }

        // At the bottom of a long page the scroll-to-top button does not cover the help link.
        await page.goto('/user/invoices');
        await until(() => page.getByText(/invoices? · page/).isVisible()).toBe(true);
        await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
        const top = page.getByRole('button', { name: 'Scroll to top' });
        await until(() => top.isVisible()).toBe(true);
        await settled(page);
        const help = page.locator('footer a[href^="mailto:"], main a[href^="mailto:"]').last();
        const [a, b] = [await help.boundingBox(), await top.boundingBox()];
        if (!a || !b) throw new Error('help link or button not laid out');
        const overlap =
          a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
        expect(overlap, `help link ${JSON.stringify(a)} under the button ${JSON.stringify(b)}`).toBe(false);
        await screenshot(page, `layout-footer-${width}`, { fullPage: false });
      } finally {
        await context.close();
      }
    }, 120_000);
  }
});

describe('screenshots and overflow', () => {
  const pages = [
    {
      name: 'login',
      path: '/login',
      ready: (p: Page) => p.getByRole('button', { name: 'Log in' }),
      auth: false,
    },
    {
      name: 'signup',
      path: '/signup',
      ready: (p: Page) => p.getByRole('button', { name: 'Create account' }),
      auth: false,
    },
    { name: 'user', path: '/user', ready: (p: Page) => p.getByTestId('warehouse-address'), auth: true },
  ];

  for (const width of [375, 1280]) {
    it(`renders /login, /signup and /user at ${width} px without sideways scrolling`, async () => {
      const anonymous = await newPage(browser(), { width, height: width < 600 ? 812 : 800 });
      const member = await loggedInPage(width);
      try {
        for (const p of pages) {
          const page = p.auth ? member.page : anonymous.page;
          await page.goto(p.path);
          await until(() => p.ready(page).isVisible(), { timeout: 15_000 }).toBe(true);
          await page.evaluate(() => document.fonts.ready);
          await screenshot(page, `${p.name}-${width}`);
          const { scrollWidth } = await horizontalOverflow(page);
          expect(scrollWidth, `${p.path} at ${width} px scrolls sideways`).toBeLessThanOrEqual(width);
        }

        const page = member.page;
        if (width < 1280) {
          // Below 1280 px the menu is a drawer behind the burger.
          await page.getByRole('button', { name: 'Open navigation' }).click();
          const drawer = page.getByRole('dialog');
          await until(() => drawer.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(true);
          await until(() =>
            drawer.getByRole('link', { name: 'Dashboard', exact: false }).first().isVisible(),
          ).toBe(true);
          await until(() => page.getByRole('button', { name: 'Close navigation' }).count()).toBe(1);
          // Let the drawer's transition finish before the picture.
          await settled(page);
          await screenshot(page, `user-nav-open-${width}`, { fullPage: false });
          const { scrollWidth } = await horizontalOverflow(page);
          expect(scrollWidth, `/user with the menu open at ${width} px scrolls sideways`).toBeLessThanOrEqual(
            width,
          );
          await page.keyboard.press('Escape');
          await until(() => drawer.count()).toBe(0);
        } else {
          // At 1280 px the menu is always beside the page: no burger.
          expect(await page.getByRole('button', { name: 'Open navigation' }).count()).toBe(0);
          await until(() => page.getByRole('navigation', { name: 'Main' }).first().isVisible()).toBe(true);
        }
      } finally {
        await anonymous.context.close();
        await member.context.close();
      }
    });
  }
});
