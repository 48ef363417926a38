// The portal's shell: customizer choices that survive a reload, and screenshots at phone and desktop widths
// (written to test-results/e2e/*.png to be looked at) with no sideways scrolling on a 375 px phone.
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, setupBrowser } from './support/browser';
import { horizontalOverflow, settled } from './support/checks';
import { applyTokens, DEMO, expectDashboard, sharedTokens, until, waitForPath } from './support/helpers';

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
