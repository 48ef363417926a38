// The package screens (issue 4) as customer@demo.test, who has 40 seeded packages across every status: the
// dashboard's address, counts and recent packages; every package screen at 375 and 1280 px (axe, no sideways
// scrolling, badges shown whole); screenshots in test-results/e2e to be looked at.
import { describe, expect, it } from 'vitest';
import { baseUrl, DESKTOP, PHONE, setupBrowser } from './support/browser';
import { audit, horizontalOverflow, shot, truncatedBadges } from './support/checks';
import { asCustomer, customerApi, DEMO, expectDashboard, until, waitForPath } from './support/helpers';
import { expectSummary, historyRows } from './support/packages';

const browser = setupBrowser();

const STATUS_NAMES: Record<string, string> = {
  pre_alerted: 'Pre-alerted',
  received_us: 'Received at US warehouse',
  in_transit: 'In transit',
  at_customs: 'At local port / customs',
  ready_for_pickup: 'Ready for pickup',
  out_for_delivery: 'Out for delivery',
  delivered: 'Delivered / Collected',
  on_hold: 'On hold',
  returned: 'Returned',
};

describe('dashboard /user', () => {
  it('shows the US address with the mailbox after line 1, copies it, counts by status and recent packages', async () => {
    await asCustomer(browser(), DESKTOP, async (page, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      await page.goto('/user');
      const mailbox = await expectDashboard(page, DEMO.customer.first);

      // The address as a checkout form asks for it; the mailbox number is part of line 1.
      const address = page.getByTestId('warehouse-address');
      const fields = await address
        .locator('dl > div')
        .evaluateAll((divs) =>
          divs.map((d) => [
            d.querySelector('dt')?.textContent?.trim() ?? '',
            d.querySelector('dd')?.textContent?.trim() ?? '',
          ]),
        );
      const field = new Map(fields as [string, string][]);
      expect(fields.map(([label]) => label).slice(0, 3)).toEqual([
        'Full name',
        'Address line 1',
        'Address line 2',
      ]);
      expect(field.get('Address line 1')).toMatch(new RegExp(`^\\S.* ${mailbox}$`));
      expect(field.get('Address line 2')).not.toContain(mailbox);

      await page.getByRole('button', { name: 'Copy address', exact: true }).click();
      await until(() => page.getByRole('button', { name: 'Address copied' }).isVisible()).toBe(true);
      const copied = (await page.evaluate(() => navigator.clipboard.readText())).split('\n');
      expect(copied[0]).toBe(field.get('Full name'));
      expect(copied[1]).toBe(field.get('Address line 1'));
      expect(copied).toContain(`${field.get('City')}, ${field.get('State')} ${field.get('ZIP code')}`);
      expect(copied).toContain(field.get('Country'));
      // The button reads "Copy address" again a moment later.
      await until(() => page.getByRole('button', { name: 'Copy address', exact: true }).isVisible()).toBe(
        true,
      );
      await page.getByRole('button', { name: 'Copy mailbox number' }).click();
      await until(() => page.evaluate(() => navigator.clipboard.readText())).toBe(mailbox);

      // One tile per status, named by status and count: the 40 seeded packages, and (issue 16) the pre-alerts other
      // journeys sent as this customer that no parcel has arrived for, counted as Pre-alerted.
      const counts = await customerApi<{
        total: number;
        by_status: Record<string, number>;
        awaiting_prealerts: number;
      }>('/v1/packages/counts');
      expect(counts.total).toBe(40 + counts.awaiting_prealerts);
      await until(() => page.getByRole('link', { name: `All packages (${counts.total})` }).isVisible()).toBe(
        true,
      );
      for (const [code, name] of Object.entries(STATUS_NAMES)) {
        const n = counts.by_status[code] ?? 0;
        expect(n, `seeded packages "${name}"`).toBeGreaterThan(0);
        expect(await page.getByRole('link', { name: `${name} ${n}`, exact: true }).count(), name).toBe(1);
      }

      // Five recent items, newest first: packages linking to their page and (issue 16) up to two pre-alerts other
      // journeys sent as this customer that no parcel has arrived for, linking to the pre-alert. The packages among
      // them are the newest packages, in order.
      const recent = page.getByRole('list', { name: 'Recent packages' });
      await until(() => recent.getByRole('listitem').count()).toBe(5);
      const newest = await customerApi<{ items: { id: string; tracking_number: string }[] }>(
        '/v1/packages?sort=newest&pageSize=5',
      );
      const packageLinks = recent.locator(
        'a[href^="/user/packages/"]:not([href^="/user/packages/pre-alert"])',
      );
      const shown = await packageLinks.allTextContents();
      expect(shown.length).toBeGreaterThanOrEqual(3);
      expect(shown).toEqual(newest.items.slice(0, shown.length).map((p) => p.tracking_number));
      expect(await packageLinks.first().getAttribute('href')).toBe(`/user/packages/${newest.items[0]?.id}`);
      expect(await recent.getByTestId('recent-prealert').count()).toBe(5 - shown.length);
      expect(await page.getByRole('link', { name: 'View all' }).getAttribute('href')).toBe(
        '/user/packages/history',
      );

      const found: string[] = [];
      await audit(page, '/user', found);
      await shot(page, 'packages-dashboard-1280');

      // A tile opens the history filtered by its status.
      const inTransit = counts.by_status.in_transit ?? 0;
      await page.getByRole('link', { name: `In transit ${inTransit}`, exact: true }).click();
      await waitForPath(page, '/user/packages/history', { status: 'in_transit' });
      await expectSummary(page, `Showing 1–${inTransit} of ${inTransit} packages`);
      const rows = await historyRows(page, false);
      expect(rows.map((r) => r.status)).toEqual(Array(inTransit).fill('in_transit'));
      expect(await page.getByRole('combobox', { name: 'Status', exact: true }).inputValue()).toBe(
        'In transit',
      );

      // A recent package opens its page; the call to action opens the pre-alert form.
      await page.goBack();
      await waitForPath(page, '/user');
      const first = newest.items[0];
      await page
        .getByRole('list', { name: 'Recent packages' })
        .getByRole('link', { name: first?.tracking_number })
        .click();
      await waitForPath(page, `/user/packages/${first?.id}`);
      await until(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(first?.tracking_number);
      await page.goBack();
      await waitForPath(page, '/user');
      await page.getByRole('link', { name: 'Pre-alert a package' }).first().click();
      await waitForPath(page, '/user/packages/pre-alert');
      await until(() =>
        page.getByRole('heading', { name: 'Pre-alert a package', level: 1 }).isVisible(),
      ).toBe(true);
      expect(found, found.join('\n')).toEqual([]);
    });
  });
});

describe('screens at 375 and 1280 px', () => {
  for (const size of [PHONE, DESKTOP]) {
    it(`dashboard, history, package and pre-alert: axe, no sideways scrolling, screenshots (${size.width} px)`, async () => {
      const id = (await customerApi<{ items: { id: string }[] }>('/v1/packages?pageSize=1')).items[0]?.id;
      expect(id, 'a package of the demo customer').toBeDefined();
      await asCustomer(browser(), size, async (page) => {
        const found: string[] = [];
        const screens: [string, string, () => Promise<unknown>][] = [
          ['/user', 'dashboard', () => expectDashboard(page, DEMO.customer.first)],
          ['/user/packages/history', 'history', () => expectSummary(page, /^Showing 1–20/)],
          [
            `/user/packages/${id}`,
            'detail',
            () => until(() => page.getByRole('heading', { name: 'Receipts' }).isVisible()).toBe(true),
          ],
          [
            '/user/packages/pre-alert',
            'prealert',
            () => until(() => page.getByRole('list', { name: 'Your pre-alerts' }).isVisible()).toBe(true),
          ],
        ];
        for (const [path, name, ready] of screens) {
          await page.goto(path);
          await ready();
          await until(() => page.locator('[aria-busy="true"]').count(), { timeout: 15_000 }).toBe(0);
          await audit(page, `${path} at ${size.width}`, found);
          const { scrollWidth, width } = await horizontalOverflow(page);
          if (scrollWidth > width)
            found.push(`${path} at ${size.width}: scrolls sideways (${scrollWidth} > ${width})`);
          const cut = await truncatedBadges(page);
          if (cut.length > 0) found.push(`${path} at ${size.width}: badges cut short: ${cut.join(', ')}`);
          await shot(page, `packages-${name}-${size.width}`);
        }
        expect(found, found.join('\n')).toEqual([]);
      });
    }, 90_000);
  }
});
