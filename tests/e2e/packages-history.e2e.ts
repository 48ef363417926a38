// The package screens (issue 4) as customer@demo.test, who has 40 seeded packages across every status: the
// history's search, filters, sort, date range and pages, all kept in the URL, at desktop and phone widths; axe on
// every state; screenshots in test-results/e2e to be looked at.
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot } from './support/checks';
import {
  apiLogin,
  asCustomer,
  customerApi,
  freshAccount,
  pathOf,
  until,
  waitForPath,
  withSession,
} from './support/helpers';
import { chooseOption, expectSummary, historyRows, summary } from './support/packages';
import { createPrealert, prealertCard, trackingOf } from './support/prealert';

const browser = setupBrowser();

describe('history /user/packages/history', () => {
  for (const size of [DESKTOP, PHONE]) {
    const cards = size.width < 768;
    it(`searches, filters, sorts and pages, all kept in the URL (${size.width} px)`, async () => {
      await asCustomer(browser(), size, async (page) => {
        const found: string[] = [];
        await page.goto('/user/packages/history');
        await expectSummary(page, /^Showing 1–20 of \d+ packages$/);
        const total = Number(/of (\d+)/.exec((await summary(page).textContent()) ?? '')?.[1]);
        expect(total).toBeGreaterThanOrEqual(40);
        // Table on desktop, cards on a phone: never both.
        expect(await page.getByRole('table', { name: 'Packages' }).count()).toBe(cards ? 0 : 1);
        expect(await page.getByRole('list', { name: 'Packages' }).count()).toBe(cards ? 1 : 0);
        const all = await historyRows(page, cards);
        expect(all).toHaveLength(20);
        // Newest first by default.
        for (let i = 1; i < all.length; i++)
          expect(all[i - 1]?.added).toBeGreaterThanOrEqual(all[i]?.added ?? 0);
        await expectNoOverflow(page, `history at ${size.width} px`);
        await audit(page, `history ${size.width}`, found);
        await shot(page, `packages-history-${size.width}`);

        // Part of a tracking number finds that package.
        const target = all[3]?.tracking ?? '';
        const part = target.slice(-9);
        const search = page.getByRole('searchbox', { name: 'Search' });
        await search.fill(part);
        // The router writes a search of digits only as a JSON string (q="123"), which reads back the same.
        await until(() => new URL(page.url()).searchParams.get('q')?.replace(/^"(.*)"$/, '$1')).toBe(part);
        await expectSummary(page, 'Showing 1–1 of 1 package');
        expect((await historyRows(page, cards)).map((r) => r.tracking)).toEqual([target]);
        await page.getByRole('button', { name: 'Clear search' }).click();
        await until(() => new URL(page.url()).searchParams.has('q')).toBe(false);
        await expectSummary(page, `Showing 1–20 of ${total} packages`);
        expect(await search.inputValue()).toBe('');

        // Status: only delivered packages, and the URL says so.
        const delivered = (await customerApi<{ by_status: Record<string, number> }>('/v1/packages/counts'))
          .by_status.delivered;
        await chooseOption(page, 'Status', 'Delivered / Collected');
        await waitForPath(page, '/user/packages/history', { status: 'delivered' });
        await expectSummary(page, `Showing 1–${delivered} of ${delivered} packages`);
        const onlyDelivered = await historyRows(page, cards);
        expect(onlyDelivered).toHaveLength(delivered ?? -1);
        expect(new Set(onlyDelivered.map((r) => r.status))).toEqual(new Set(['delivered']));

        // Oldest first: the same packages in the other order.
        await chooseOption(page, 'Sort by', 'Oldest first');
        await waitForPath(page, '/user/packages/history', { status: 'delivered', sort: 'oldest' });
        await until(async () => (await historyRows(page, cards))[0]?.tracking).toBe(
          onlyDelivered[onlyDelivered.length - 1]?.tracking,
        );
        const oldest = await historyRows(page, cards);
        for (let i = 1; i < oldest.length; i++)
          expect(oldest[i - 1]?.added).toBeLessThanOrEqual(oldest[i]?.added ?? 0);
        expect(oldest.map((r) => r.tracking).sort()).toEqual(onlyDelivered.map((r) => r.tracking).sort());

        // "Clear filters" drops the status and keeps the order; page 2 of all packages.
        await page.getByRole('button', { name: 'Clear filters' }).click();
        await until(() => pathOf(page)).toBe('/user/packages/history?sort=oldest');
        await expectSummary(page, `Showing 1–20 of ${total} packages`);
        const firstPage = await historyRows(page, cards);
        await page
          .getByRole('navigation', { name: 'Pagination' })
          .getByRole('button', { name: 'Next page' })
          .click();
        await waitForPath(page, '/user/packages/history', { sort: 'oldest', page: '2' });
        await expectSummary(page, `Showing 21–${Math.min(40, total)} of ${total} packages`);
        const secondPage = await historyRows(page, cards);
        expect(secondPage.filter((r) => firstPage.some((f) => f.tracking === r.tracking))).toEqual([]);
        expect(secondPage[0]?.added).toBeGreaterThanOrEqual(firstPage[firstPage.length - 1]?.added ?? 0);

        // A reload shows the same view.
        await page.reload();
        await expectSummary(page, `Showing 21–${Math.min(40, total)} of ${total} packages`);
        expect(pathOf(page)).toBe('/user/packages/history?sort=oldest&page=2');
        expect((await historyRows(page, cards)).map((r) => r.tracking)).toEqual(
          secondPage.map((r) => r.tracking),
        );
        expect(await page.getByRole('combobox', { name: 'Sort by' }).inputValue()).toBe('Oldest first');
        expect(
          await page.getByRole('button', { name: 'Page 2', exact: true }).getAttribute('data-active'),
        ).toBe('true');
        await expectNoOverflow(page, `history page 2 at ${size.width} px`);

        // Nothing matches: say so, and offer the way back.
        await search.fill('zzqx nothing like this');
        await until(() => page.getByText('No packages match').isVisible()).toBe(true);
        expect(new URL(page.url()).searchParams.get('page')).toBeNull();
        await expectNoOverflow(page, `history with no match at ${size.width} px`);
        await audit(page, `history ${size.width} no match`, found);
        await shot(page, `packages-history-no-match-${size.width}`);
        await page.getByRole('button', { name: 'Clear filters' }).last().click();
        await expectSummary(page, `Showing 1–20 of ${total} packages`);
        expect(await search.inputValue()).toBe('');
        expect(pathOf(page)).toBe('/user/packages/history?sort=oldest');

        // Date range: the first of last month to today (the calendar cannot go past today). The seed's newest
        // packages were added between 6 and 25 days ago, so the range always holds some.
        const today = new Date();
        const first = new Date(today.getFullYear(), today.getMonth() - 1, 1);
        const dayName = (d: Date) =>
          d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
        const iso = (d: Date) =>
          `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        await page.getByRole('button', { name: 'Date range', exact: true }).click();
        const calendar = page.getByRole('dialog', { name: 'Date range' });
        await until(() => calendar.isVisible()).toBe(true);
        await audit(page, `history ${size.width} date range open`, found);
        await calendar.getByRole('button', { name: 'Previous month' }).click();
        await calendar.getByRole('button', { name: dayName(first), exact: true }).click();
        await calendar.getByRole('button', { name: 'Next month' }).click();
        await calendar.getByRole('button', { name: dayName(today), exact: true }).click();
        await waitForPath(page, '/user/packages/history', { from: iso(first), to: iso(today) });
        const inRange = await customerApi<{ total: number }>(
          `/v1/packages?from=${iso(first)}&to=${iso(today)}&pageSize=1`,
        );
        expect(inRange.total, 'packages added since the first of last month').toBeGreaterThan(0);
        await expectSummary(page, new RegExp(`of ${inRange.total} packages?$`));
        const rows = await historyRows(page, cards);
        expect(rows.length).toBeGreaterThan(0);
        for (const r of rows) expect(r.added).toBeGreaterThanOrEqual(first.getTime());
        await page.keyboard.press('Escape');
        await until(() => calendar.isVisible()).toBe(false);
        expect(found, found.join('\n')).toEqual([]);
      });
    });
  }
});

// Issue 16: a parcel pre-alerted but not received shows in "My packages" (marked Pre-alerted, linking to the
// pre-alert) and in the dashboard's counts, until the warehouse receives it. A fresh customer of this journey's own,
// so the demo customer's counts stay as other journeys expect them.
describe('pre-alerted parcels in My packages and the dashboard', () => {
  it('lists and counts a pre-alert awaiting its parcel, at 375 and 1280 px', async () => {
    const customer = await freshAccount('awaiting');
    const tokens = await apiLogin(customer);
    const t = trackingOf('E2E', 'AW');
    await createPrealert(tokens.access_token, {
      tracking: t,
      description: 'Garden hose',
      seller: 'Home Depot',
    });

    for (const size of [PHONE, DESKTOP]) {
      await withSession(browser(), size, tokens, async (page) => {
        await page.goto('/user/packages/history');
        const awaiting = page.getByRole('list', { name: 'Pre-alerted parcels' });
        await until(() => awaiting.getByRole('listitem').count()).toBe(1);
        expect(
          await page.getByRole('heading', { name: 'Pre-alerted, not received yet (1)' }).isVisible(),
        ).toBe(true);
        const item = awaiting.getByRole('listitem');
        expect(await item.getByText('Pre-alerted', { exact: true }).isVisible()).toBe(true);
        expect(await item.getByText('Garden hose').isVisible()).toBe(true);
        // The packages below are the warehouse's: none yet.
        await until(() => page.getByText('No packages yet').isVisible()).toBe(true);
        const found: string[] = [];
        await audit(page, `awaiting pre-alert ${size.width}`, found);
        await expectNoOverflow(page, `awaiting pre-alert ${size.width}`);
        await shot(page, `packages-awaiting-${size.width}`);
        expect(found, found.join('\n')).toEqual([]);

        // Another status hides it; "Pre-alerted" shows it.
        await page.goto('/user/packages/history?status=delivered');
        await until(() => page.getByText('No packages match').isVisible()).toBe(true);
        expect(await awaiting.count()).toBe(0);
        await page.goto('/user/packages/history?status=pre_alerted');
        await until(() => awaiting.getByRole('listitem').count()).toBe(1);

        // Its link opens the pre-alert, in the list under the form.
        await awaiting.getByRole('link', { name: `${t}, pre-alert` }).click();
        await waitForPath(page, '/user/packages/pre-alert', { q: t });
        await until(() => prealertCard(page, t).count()).toBe(1);

        // The dashboard counts it: one package in all, Pre-alerted 1.
        await page.goto('/user');
        await until(() => page.getByRole('link', { name: 'All packages (1)' }).isVisible()).toBe(true);
        expect(await page.getByRole('link', { name: 'Pre-alerted 1', exact: true }).count()).toBe(1);
        // And "Recent packages" lists it, marked and linking to the pre-alert, instead of "No packages yet".
        const recent = page.getByRole('list', { name: 'Recent packages' });
        await until(() => recent.getByRole('listitem').count()).toBe(1);
        expect(await recent.getByText('Pre-alerted', { exact: true }).isVisible()).toBe(true);
        expect(
          await recent.getByText(/Garden hose · pre-alerted just now, not received yet/).isVisible(),
        ).toBe(true);
        expect(await page.getByText('No packages yet').count()).toBe(0);
        await shot(page, `dashboard-awaiting-${size.width}`);
        await recent.getByRole('link', { name: `${t}, pre-alert` }).click();
        await waitForPath(page, '/user/packages/pre-alert', { q: t });
      });
    }
  }, 120_000);
});
