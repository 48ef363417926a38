// The platform console: the platform's operator creates a company on its own host, sees it listed, invites its first
// admin (who accepts on the company's host), and switches it off and on; the console at 375 px with axe.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, newPage, PHONE, setupBrowser } from './support/browser';
import { expectClean, shot } from './support/checks';
import { DEMO, loginWithForm, signIn, until, waitForPath } from './support/helpers';
import { companyOn, mailLinkOn } from './support/hosts';

const browser = setupBrowser();

const PLATFORM = { email: 'platform@demo.test', password: 'demo-platform-1' };
const REEF_HOST = 'reef.localhost';

async function openConsoleFromUserMenu(page: Page) {
  await page.getByRole('button', { name: 'User menu' }).click();
  await page.getByRole('menuitem', { name: 'Platform console' }).click();
  await waitForPath(page, '/platform');
  await until(() => page.getByRole('heading', { name: 'Platform console', level: 1 }).isVisible()).toBe(true);
}

/** Fills the new company form; `hosts` one per line. */
async function fillCompany(page: Page, hosts: string) {
  await page.getByLabel('Company name').fill('Reef Freight');
  await page.getByLabel('Short name').fill('Reef');
  await page.getByLabel('Host names').fill(hosts);
  await page.getByLabel('Mailbox prefix').fill('REF');
  await page.getByLabel('Currency').fill('JMD');
  await page.getByLabel('Brand colour').fill('#0f766e');
  await page.keyboard.press('Escape');
  await page.getByLabel('Support e-mail').fill('help@reef.test');
  await page.getByLabel('Support phone').fill('876-555-0300');
  await page.getByLabel('Address line 1').fill('2100 NW 42nd Avenue');
  await page.getByLabel('City').fill('Miami');
  await page.getByLabel('State').fill('FL');
  await page.getByLabel('ZIP code').fill('33142');
}

describe('platform console', () => {
  it('creates Reef Freight on reef.localhost, lists it, invites its admin, and switches it off and on', async () => {
    expect((await companyOn(REEF_HOST)).status).toBe(404);
    const { context, page } = await newPage(browser(), DESKTOP);
    try {
      await page.goto('/login');
      await loginWithForm(page, PLATFORM);
      await waitForPath(page, '/admin');
      await openConsoleFromUserMenu(page);
      const table = page.getByRole('table', { name: 'Companies' });
      await until(() => table.getByRole('link', { name: 'Island Express' }).isVisible()).toBe(true);
      await until(() => table.getByRole('link', { name: 'Blue Parcel' }).isVisible()).toBe(true);

      await page.getByRole('link', { name: 'New company' }).click();
      await waitForPath(page, '/platform/companies/new');
      // A host another company answers on is refused on the field, and nothing is made.
      await fillCompany(page, 'blue.localhost');
      await page.getByRole('button', { name: 'Create company' }).click();
      await until(() => page.getByText('blue.localhost is already used by another company').isVisible()).toBe(
        true,
      );
      expect(await page.getByLabel('Host names').getAttribute('aria-invalid')).toBe('true');
      expect(new URL(page.url()).pathname).toBe('/platform/companies/new');

      await page.getByLabel('Host names').fill(REEF_HOST);
      await page.getByRole('button', { name: 'Create company' }).click();
      await until(() => page.getByRole('heading', { name: 'Reef Freight', level: 1 }).isVisible()).toBe(true);
      const companyPath = new URL(page.url()).pathname;
      expect(companyPath).toMatch(/^\/platform\/companies\/[0-9a-f-]{36}$/);
      await until(() => page.getByText('REF', { exact: true }).isVisible()).toBe(true);
      expect(await companyOn(REEF_HOST)).toEqual({ status: 200, name: 'Reef Freight' });
      await shot(page, 'platform-company-desktop');

      // Listed, and found by its host with the search in the URL.
      await page.getByRole('main').getByRole('link', { name: 'Platform console', exact: true }).click();
      await waitForPath(page, '/platform');
      await page.getByRole('searchbox', { name: 'Search' }).fill('reef');
      await until(() => new URL(page.url()).searchParams.get('q')).toBe('reef');
      const row = page.getByRole('row').filter({ hasText: 'Reef Freight' });
      await until(() => row.isVisible()).toBe(true);
      expect(await row.textContent()).toContain(REEF_HOST);
      expect(await row.textContent()).toContain('Active');
      await until(() => table.getByRole('link', { name: 'Island Express' }).count()).toBe(0);

      // The first admin, invited by e-mail: the link opens on Coral's host and signs them in to its back office.
      await row.getByRole('link', { name: 'Reef Freight' }).click();
      await waitForPath(page, companyPath);
      const adminEmail = `owner-${Date.now().toString(36)}@reef.test`;
      await page.getByRole('textbox', { name: 'E-mail' }).fill(adminEmail);
      await page.getByRole('button', { name: 'Send invitation' }).click();
      await until(() => page.getByRole('status').filter({ hasText: adminEmail }).isVisible()).toBe(true);
      const link = await mailLinkOn(REEF_HOST, adminEmail, 'You are invited to join Reef Freight');
      expect(new URL(link).host).toBe(new URL(baseUrl(REEF_HOST)).host);
      const reef = await newPage(browser(), { host: REEF_HOST, ...DESKTOP });
      try {
        await reef.page.goto(link);
        await reef.page.getByLabel('First name').fill('Reef');
        await reef.page.getByLabel('Last name').fill('Owner');
        await reef.page.getByLabel('Password', { exact: true }).fill('reef-Passphrase-42');
        await reef.page.getByRole('button', { name: 'Accept invitation' }).click();
        await waitForPath(reef.page, '/admin');
        await until(() => reef.page.getByText('Reef Freight', { exact: true }).first().isVisible()).toBe(
          true,
        );
      } finally {
        await reef.context.close();
      }

      // Switched off: its host shows the not-found page at once; switched on: back, nothing lost.
      await page.getByRole('button', { name: 'Deactivate', exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Deactivate Reef Freight?' });
      await dialog.getByRole('button', { name: 'Deactivate company' }).click();
      await until(() => page.getByRole('button', { name: 'Reactivate', exact: true }).isVisible()).toBe(true);
      expect((await companyOn(REEF_HOST)).status).toBe(404);
      const closed = await newPage(browser(), { host: REEF_HOST, ...DESKTOP });
      try {
        await closed.page.goto('/login');
        await waitForPath(closed.page, '/error/not-found');
      } finally {
        await closed.context.close();
      }
      await page.getByRole('button', { name: 'Reactivate', exact: true }).click();
      await page
        .getByRole('dialog', { name: 'Reactivate Reef Freight?' })
        .getByRole('button', { name: 'Reactivate company' })
        .click();
      await until(() => page.getByRole('button', { name: 'Deactivate', exact: true }).isVisible()).toBe(true);
      expect(await companyOn(REEF_HOST)).toEqual({ status: 200, name: 'Reef Freight' });
    } finally {
      await context.close();
    }
  });

  it('holds at 375 px with no serious axe violation: the list, the form and a company', async () => {
    const { context, page } = await newPage(browser(), PHONE);
    try {
      await signIn(context, PLATFORM);
      await page.goto('/admin');
      await openConsoleFromUserMenu(page);
      await until(() =>
        page
          .getByRole('link', { name: /Island Express/ })
          .first()
          .isVisible(),
      ).toBe(true);
      await expectClean(page, 'platform console 375');
      await shot(page, 'platform-console-phone');

      await page.getByRole('link', { name: 'New company' }).click();
      await waitForPath(page, '/platform/companies/new');
      await until(() => page.getByLabel('Company name').isVisible()).toBe(true);
      await expectClean(page, 'new company 375');

      await page.goto('/platform?q=blue');
      await page
        .getByRole('link', { name: /Blue Parcel/ })
        .first()
        .click();
      await until(() => page.getByRole('heading', { name: 'Blue Parcel', level: 1 }).isVisible()).toBe(true);
      await until(() => page.getByRole('heading', { name: 'Invite admin' }).isVisible()).toBe(true);
      await expectClean(page, 'company page 375');
    } finally {
      await context.close();
    }
  });

  it('is not offered to a company admin, and its pages send them to not-authorized', async () => {
    const { context, page } = await newPage(browser(), DESKTOP);
    try {
      await signIn(context, DEMO.admin);
      await page.goto('/admin');
      await page.getByRole('button', { name: 'User menu' }).click();
      await until(() => page.getByRole('menuitem', { name: 'Logout' }).isVisible()).toBe(true);
      expect(await page.getByRole('menuitem', { name: 'Platform console' }).count()).toBe(0);
      await page.goto('/platform');
      await waitForPath(page, '/error/not-authorized');
    } finally {
      await context.close();
    }
  });
});
