// The back office's packages and shipments (issue 12) as the demo admin: an Unassigned parcel assigned from the
// packages screen (1280 px: by bulk selection; 375 px: from its page), and a shipment of five parcels of three
// customers built by typing tracking numbers, moved to Ready for pickup in one action, each customer told once.
// axe and sideways scrolling on every screen; screenshots in test-results/e2e.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot } from './support/checks';
import { DEMO, notification, sharedTokens, until, waitForPath, withSession } from './support/helpers';
import {
  notificationCount,
  notificationsAbout,
  opsCustomer,
  opsTracking,
  receiveFor,
  receiveUnassigned,
} from './support/operations';

const browser = setupBrowser();
const asAdmin = async (size: typeof DESKTOP, journey: (page: Page) => Promise<void>) =>
  withSession(browser(), size, await sharedTokens(DEMO.admin), (page) => journey(page), {
    stepTimeout: 15_000,
  });

/** Picks a customer in the picker by typing their mailbox number. */
async function pickCustomer(page: Page, label: string, mailbox: string) {
  const box = page.getByRole('combobox', { name: label, exact: true });
  await box.click();
  await box.fill(mailbox);
  const option = page.getByRole('option', { name: new RegExp(`^${mailbox} · `) });
  await option.click();
}

describe('admin packages', () => {
  it('1280 px: the Unassigned filter finds the parcel; selected and assigned in bulk, the customer is told', async () => {
    const tracking = opsTracking('UA');
    await receiveUnassigned(tracking);
    const customer = await opsCustomer('assign-desk');
    const found: string[] = [];
    await asAdmin(DESKTOP, async (page) => {
      await page.goto('/admin/packages?unassigned=1');
      const table = page.getByRole('table', { name: 'Packages' });
      const row = table.getByRole('row').filter({ hasText: tracking });
      await until(() => row.count()).toBe(1);
      await expect.poll(() => row.textContent()).toContain('Unassigned');
      await audit(page, 'packages (unassigned)', found);
      await expectNoOverflow(page, 'packages 1280');
      await shot(page, 'admin-packages-unassigned-1280');

      await row.getByRole('checkbox', { name: `Select ${tracking}` }).check();
      await page
        .getByRole('region', { name: 'Selected packages' })
        .getByRole('button', { name: 'Assign' })
        .click();
      await pickCustomer(page, 'Customer', customer.mailbox);
      await audit(page, 'bulk assign dialog', found);
      await page.getByRole('button', { name: 'Apply to 1 package' }).click();
      await until(() => notification(page, '1 package updated').count()).toBe(1);
      // Assigned: it leaves the Unassigned list.
      await until(() => row.count()).toBe(0);
    });
    const told = await notificationsAbout(customer.token, tracking);
    expect(told).toHaveLength(1);
    expect(found).toEqual([]);
  });

  it('375 px: cards, and the parcel assigned from its own page with the history shown', async () => {
    const tracking = opsTracking('UP');
    const id = await receiveUnassigned(tracking);
    const customer = await opsCustomer('assign-phone');
    const found: string[] = [];
    await asAdmin(PHONE, async (page) => {
      await page.goto(`/admin/packages?unassigned=1&q=${tracking}`);
      const list = page.getByRole('list', { name: 'Packages' });
      await until(() => list.getByRole('listitem').count()).toBe(1);
      await audit(page, 'packages 375', found);
      await expectNoOverflow(page, 'packages 375');
      await shot(page, 'admin-packages-375');
      await list.getByRole('link', { name: tracking }).click();
      await waitForPath(page, `/admin/packages/${id}`);
      await until(() => page.getByText('Unassigned', { exact: false }).first().isVisible()).toBe(true);
      await pickCustomer(page, 'Assign to', customer.mailbox);
      await page.getByRole('button', { name: 'Assign', exact: true }).click();
      await until(() => notification(page, 'Package assigned').count()).toBe(1);
      const history = page.getByRole('region', { name: 'History' });
      await until(() => history.getByText('assigned').count()).toBeGreaterThan(0);
      await audit(page, 'package page 375', found);
      await expectNoOverflow(page, 'package page 375');
      await shot(page, 'admin-package-375');
    });
    expect(await notificationsAbout(customer.token, tracking)).toHaveLength(1);
    expect(found).toEqual([]);
  });
});

describe('admin shipments', () => {
  // Three sign-ups, five receipts, two screens at two sizes with axe: longer than one screen's journey.
  it('a shipment of five parcels of three customers, typed in, moved to Ready for pickup: one notification each', {
    timeout: 180_000,
  }, async () => {
    const [a, b, c] = [await opsCustomer('ship-a'), await opsCustomer('ship-b'), await opsCustomer('ship-c')];
    const parcels = [
      { who: a, tracking: opsTracking('SA') },
      { who: a, tracking: opsTracking('SA') },
      { who: b, tracking: opsTracking('SB') },
      { who: b, tracking: opsTracking('SB') },
      { who: c, tracking: opsTracking('SC') },
    ];
    for (const p of parcels) await receiveFor(p.who.mailbox, p.tracking);
    const before = await Promise.all([a, b, c].map((x) => notificationCount(x.token)));
    const reference = opsTracking('MAWB');
    const found: string[] = [];

    await asAdmin(DESKTOP, async (page) => {
      await page.goto('/admin/shipments');
      await page.getByRole('button', { name: 'New shipment' }).click();
      const dialog = page.getByRole('dialog', { name: 'New shipment' });
      await dialog.getByRole('textbox', { name: 'Reference' }).fill(reference);
      await audit(page, 'new shipment dialog', found);
      await dialog.getByRole('button', { name: 'Create shipment' }).click();
      await page.waitForURL(/\/admin\/shipments\/[0-9a-f-]{36}$/);

      // Typed as a scanner would: each number then Enter, the field keeping the focus.
      const field = page.getByRole('textbox', { name: 'Tracking number' });
      await field.click();
      for (const p of parcels) {
        await page.keyboard.type(p.tracking.toLowerCase());
        await page.keyboard.press('Enter');
        await until(() =>
          page.getByRole('list', { name: 'Scanned' }).getByText(`${p.tracking} added`).count(),
        ).toBe(1);
        expect(await field.evaluate((el) => el === document.activeElement)).toBe(true);
      }
      const totals = page.getByRole('region', { name: 'Totals' });
      await until(() => totals.locator('[data-total="Packages"]').textContent()).toBe('5');
      await expect.poll(() => totals.locator('[data-total="Pieces"]').textContent()).toBe('5');
      await until(() =>
        page.getByRole('table', { name: 'Shipment packages' }).locator('tbody tr').count(),
      ).toBe(5);

      await page.getByRole('combobox', { name: 'Advance to' }).click();
      await page.getByRole('option', { name: 'Ready for pickup' }).click();
      await page.getByRole('button', { name: 'Advance…' }).click();
      const confirm = page.getByRole('dialog', { name: 'Advance the shipment?' });
      await audit(page, 'advance dialog', found);
      await confirm.getByRole('button', { name: 'Advance 5 packages' }).click();
      await until(() => notification(page, '5 packages now “Ready for pickup”').count()).toBe(1);
      await expect
        .poll(() => notification(page, '5 packages now “Ready for pickup”').textContent())
        .toContain('3 customers notified');
      await audit(page, 'shipment page 1280', found);
      await expectNoOverflow(page, 'shipment page 1280');
      await shot(page, 'admin-shipment-1280');

      await page.goto('/admin/shipments');
      const row = page
        .getByRole('table', { name: 'Shipments' })
        .getByRole('row')
        .filter({ hasText: reference });
      await until(() => row.textContent()).toContain('Ready for pickup');
      await audit(page, 'shipments 1280', found);
    });

    const after = await Promise.all([a, b, c].map((x) => notificationCount(x.token)));
    expect(after).toEqual(before.map((n) => n + 1));
    for (const p of parcels) {
      const about = await notificationsAbout(p.who.token, p.tracking);
      expect(about.filter((n) => /Ready for pickup/.test(n.title))).toHaveLength(1);
    }

    await asAdmin(PHONE, async (page) => {
      await page.goto('/admin/shipments');
      await until(() => page.getByRole('link', { name: reference }).count()).toBe(1);
      await audit(page, 'shipments 375', found);
      await expectNoOverflow(page, 'shipments 375');
      await page.getByRole('link', { name: reference }).click();
      await until(() => page.getByRole('heading', { name: reference }).count()).toBe(1);
      await audit(page, 'shipment page 375', found);
      await expectNoOverflow(page, 'shipment page 375');
      await shot(page, 'admin-shipment-375');
    });
    expect(found).toEqual([]);
  });
});
