// Branding per host, accounts kept per company, unknown hosts and unknown paths.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, newPage, setupBrowser } from './support/browser';
import { DEMO, expectDashboard, loginWithForm, signInShared, until, waitForPath } from './support/helpers';

const browser = setupBrowser();

/** The brand line at the top of the login page, the logo, and the filled "Log in" button's colour. */
async function brandOfLogin(page: Page, brand: string) {
  await page.goto('/login');
  const button = page.getByRole('button', { name: 'Log in' });
  await until(() => button.isVisible()).toBe(true);
  const logo = page.locator('img[src^="/brands/"]').first();
  await until(() => logo.getAttribute('src')).toMatch(/^\/brands\//);
  // The document takes the company's name once the company is known.
  await until(() => page.title()).toContain(brand);
  return {
    logo: await logo.getAttribute('src'),
    buttonBackground: await button.evaluate((el) => getComputedStyle(el).backgroundColor),
    themeColor: await page.locator('meta[name="theme-color"]').getAttribute('content'),
    title: await page.title(),
  };
}

describe('branding per host', () => {
  it('shows Blue Parcel on blue.localhost and Island Express on localhost, in their own colours', async () => {
    const island = await newPage(browser(), { host: 'localhost' });
    const blue = await newPage(browser(), { host: 'blue.localhost' });
    try {
      const a = await brandOfLogin(island.page, 'Island Express');
      const b = await brandOfLogin(blue.page, 'Blue Parcel');

      await until(() => blue.page.getByText('Blue Parcel', { exact: true }).isVisible()).toBe(true);
      expect(await blue.page.getByText('Island Express').count()).toBe(0);
      await until(() => island.page.getByText('Island Express', { exact: true }).isVisible()).toBe(true);

      expect(b.logo).toBe('/brands/blue-parcel.svg');
      expect(a.logo).toBe('/brands/island-express.svg');
      expect(b.buttonBackground).not.toBe(a.buttonBackground);
      // Purple for Island Express, blue for Blue Parcel (shade 6 may be darkened for contrast with white text).
      const rgb = (css: string) => (css.match(/\d+/g) ?? []).map(Number);
      const [ar = 0, , ab = 0] = rgb(a.buttonBackground);
      const [br = 0, bg = 0, bb = 0] = rgb(b.buttonBackground);
      expect(ar, a.buttonBackground).toBeGreaterThan(60);
      expect(ab, a.buttonBackground).toBeGreaterThan(ar);
      expect(bb, b.buttonBackground).toBeGreaterThan(br + 100);
      expect(bb, b.buttonBackground).toBeGreaterThan(bg);
      expect(b.themeColor).not.toBe(a.themeColor);
      expect(b.title).not.toContain('Island Express');
    } finally {
      await island.context.close();
      await blue.context.close();
    }
  });

  it('logs a Blue Parcel customer in on blue.localhost, and refuses an Island Express account there', async () => {
    const { context, page } = await newPage(browser(), { host: 'blue.localhost' });
    try {
      await page.goto('/login');
      await loginWithForm(page, DEMO.customer);
      await until(() =>
        page.getByRole('alert').filter({ hasText: 'Invalid email or password' }).isVisible(),
      ).toBe(true);
      expect(new URL(page.url()).pathname).toBe('/login');

      await page.getByRole('textbox', { name: 'Email' }).fill(DEMO.blue.email);
      await page.getByLabel('Password', { exact: true }).fill(DEMO.blue.password);
      await page.getByRole('button', { name: 'Log in' }).click();
      await waitForPath(page, '/user');
      const mailbox = await expectDashboard(page, DEMO.blue.first);
      expect(mailbox).toMatch(/^BLU-/);
      await until(() => page.getByTestId('warehouse-address').textContent()).toContain('Miami Gardens');
    } finally {
      await context.close();
    }
  });
});

describe('not found', () => {
  it('shows the not-found page on a host no company uses', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto(`${baseUrl('unknown.localhost')}/login`);
      await waitForPath(page, '/error/not-found');
      await until(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Log in' }).count()).toBe(0);
    } finally {
      await context.close();
    }
  });

  it('shows the 404 page on an unknown path, with a way back home', async () => {
    const { context, page } = await newPage(browser());
    try {
      await signInShared(context, DEMO.customer);
      const res = await page.goto('/no/such/page');
      expect(res?.status()).toBe(200);
      await until(() => page.getByRole('heading', { name: 'Page Not Found' }).isVisible()).toBe(true);
      await until(() => page.getByText("We couldn't find the page you are looking for.").isVisible()).toBe(
        true,
      );
      expect(new URL(page.url()).pathname).toBe('/no/such/page');

      const home = page.getByRole('link', { name: 'Back to Home' });
      expect(await home.getAttribute('href')).toBe('/');
      await home.click();
      // Home for a verified customer is the dashboard.
      await waitForPath(page, '/user');
      await expectDashboard(page, DEMO.customer.first);
    } finally {
      await context.close();
    }
  });

  it('sends someone logged out from an unknown path to /login first (the guard runs before the 404)', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto('/no/such/page');
      await waitForPath(page, '/login', { redirect: '/no/such/page' });
      await until(() => page.getByRole('button', { name: 'Log in' }).isVisible()).toBe(true);
    } finally {
      await context.close();
    }
  });

  it('shows the generic error text on the server-error page', async () => {
    const { context, page } = await newPage(browser());
    try {
      await page.goto('/error/server-error');
      await until(() => page.getByRole('heading', { name: 'Oops! Something went wrong.' }).isVisible()).toBe(
        true,
      );
      await until(() =>
        page.getByText("We are working on it and we'll get it fixed as soon as we can").isVisible(),
      ).toBe(true);
    } finally {
      await context.close();
    }
  });
});
