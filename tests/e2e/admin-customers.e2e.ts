// Back office, customers and pre-alert matching (issue 12): the clerk finds a fresh customer by mailbox number,
// verifies their email by hand, deactivates them (the customer's next API call is refused) and reactivates them;
// then matches a pending pre-alert to a received package by hand on /admin/prealerts. At 1280 and 375 px, axe on
// each screen and dialog; screenshots in test-results/e2e.
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, type Size, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, settled, shot } from './support/checks';
import { receiveAsStaff, unverifiedAccount } from './support/customers';
import {
  apiCall,
  apiLogin,
  DEMO,
  freshAccount,
  notification,
  until,
  waitForPath,
  whoAmI,
  withSession,
} from './support/helpers';
import { createPrealert, prealertsOf, trackingOf } from './support/prealert';

const browser = setupBrowser();

const SIZES: [string, Size][] = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

describe('staff customers /admin/customers', () => {
  it.each(SIZES)('finds, verifies, deactivates and reactivates a customer (%s)', async (label, size) => {
    const account = await unverifiedAccount(`cust-${label}`);
    const customer = await apiLogin(account);
    const me = await whoAmI(customer.access_token);
    const found: string[] = [];
    await withSession(browser(), size, await apiLogin(DEMO.clerk), async (page) => {
      await page.goto('/admin/customers');
      await page.getByRole('searchbox', { name: 'Search' }).fill(me.mailbox_number);
      await waitForPath(page, '/admin/customers', { q: me.mailbox_number });
      const link =
        size === DESKTOP
          ? page.getByRole('link', { name: me.mailbox_number, exact: true })
          : page.getByRole('link', { name: new RegExp(`^${me.mailbox_number}(?!\\d)`) });
      await until(() => link.count()).toBe(1);
      await audit(page, `${label} customers`, found);
      await expectNoOverflow(page, `${label} customers`);
      await shot(page, `admin-customers-${label}`);
      await link.click();
      await waitForPath(page, `/admin/customers/${me.id}`);
      await until(() => page.getByText('Email not verified').isVisible()).toBe(true);
      await audit(page, `${label} customer record`, found);
      await expectNoOverflow(page, `${label} customer record`);

      // Verify by hand, with a confirm.
      await page.getByRole('button', { name: 'Verify email' }).click();
      const dialog = page.getByRole('dialog', { name: 'Verify email' });
      await until(() => dialog.isVisible()).toBe(true);
      await audit(page, `${label} verify dialog`, found);
      await dialog.getByRole('button', { name: 'Verify email' }).click();
      await until(() => page.getByText('Email verified', { exact: true }).first().isVisible()).toBe(true);
      await until(() => page.getByText('email verified by hand').count()).toBeGreaterThan(0);

      // Deactivate: the customer's session ends.
      await page.getByRole('button', { name: 'Deactivate' }).click();
      await page
        .getByRole('dialog', { name: 'Deactivate' })
        .getByRole('button', { name: 'Deactivate' })
        .click();
      await until(() => page.getByText('Deactivated', { exact: true }).first().isVisible()).toBe(true);
      const refused = await apiCall(customer.access_token, '/v1/auth/me');
      expect(refused.status).toBe(401);
      await shot(page, `admin-customer-record-${label}`);

      // Reactivate: they may sign in again.
      await page.getByRole('button', { name: 'Reactivate' }).click();
      await page
        .getByRole('dialog', { name: 'Reactivate' })
        .getByRole('button', { name: 'Reactivate' })
        .click();
      await until(() => page.getByText('Active', { exact: true }).first().isVisible()).toBe(true);
      const again = await apiLogin(account);
      expect((await apiCall(again.access_token, '/v1/auth/me')).status).toBe(200);
      expect(await notification(page, 'That did not work').count()).toBe(0);
    });
    expect(found).toEqual([]);
  });
});

describe('pre-alert matching /admin/prealerts', () => {
  it.each(SIZES)('matches a pending pre-alert to a received package by hand (%s)', async (label, size) => {
    const account = await freshAccount(`match-${label}`);
    const tokens = await apiLogin(account);
    const me = await whoAmI(tokens.access_token);
    // The server keeps tracking numbers in upper case.
    const prealertTracking = trackingOf('PA', `${label}M`).toUpperCase();
    const packageTracking = trackingOf('PK', `${label}M`).toUpperCase();
    await createPrealert(tokens.access_token, { tracking: prealertTracking, seller: 'Amazon' });
    const packageId = await receiveAsStaff(packageTracking, me.mailbox_number);
    const found: string[] = [];
    await withSession(browser(), size, await apiLogin(DEMO.clerk), async (page) => {
      await page.goto('/admin/prealerts');
      const card = page.locator(`[aria-label="Pre-alert ${prealertTracking}"]`);
      await page.getByRole('heading', { name: 'Pre-alerts waiting for a package' }).waitFor();
      await until(() => card.count()).toBe(1);
      await settled(page);
      await audit(page, `${label} matching`, found);
      await expectNoOverflow(page, `${label} matching`);
      await shot(page, `admin-prealerts-${label}`);
      await card.getByRole('button', { name: `Match ${packageTracking}` }).click();
      const dialog = page.getByRole('dialog', { name: 'Match pre-alert and package' });
      await until(() => dialog.isVisible()).toBe(true);
      await audit(page, `${label} match dialog`, found);
      await dialog.getByRole('button', { name: 'Match', exact: true }).click();
      await until(() => card.count()).toBe(0);
    });
    const [p] = await prealertsOf(tokens.access_token, prealertTracking);
    expect(p?.status).toBe('matched');
    expect((p as { package_id?: string } | undefined)?.package_id).toBe(packageId);
    expect(found).toEqual([]);
  });
});
