// The package screens (issue 4) as customer@demo.test, who has 40 seeded packages across every status: the
// dashboard's address, counts and recent packages; the history's search, filters, sort and pages kept in the URL
// at desktop and phone widths; pre-alerts with files (upload progress, validation, the server's refusals,
// cancelling); a pre-alert matched when the warehouse receives the parcel; receipts on a package (upload, view,
// download, delete); axe on every screen and dialog; screenshots in test-results/e2e to be looked at.
// The journeys run in order and later ones use what earlier ones made (the mailbox number, the received package).
import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launch, newPage, screenshot } from './browser';
import { type Payload, pdf, png } from './files';
import {
  apiCall,
  applyTokens,
  DEMO,
  describedText,
  expectDashboard,
  horizontalOverflow,
  notification,
  pathOf,
  seriousViolations,
  settled,
  sharedTokens,
  until,
  waitForPath,
} from './helpers';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

const PHONE = { width: 375, height: 812 };
const DESKTOP = { width: 1280, height: 800 };

/** A page of its own, signed in as the demo customer with the file's shared session. */
async function customerPage(size = DESKTOP): Promise<{ context: BrowserContext; page: Page }> {
  const opened = await newPage(browser, size);
  await applyTokens(opened.context, await sharedTokens(DEMO.customer));
  return opened;
}

/** Opens a page in a fresh signed-in context, runs the journey, and always closes the context. */
async function asCustomer(
  size: typeof DESKTOP,
  journey: (page: Page, context: BrowserContext) => Promise<void>,
) {
  const { context, page } = await customerPage(size);
  try {
    await journey(page, context);
  } finally {
    await context.close();
  }
}

const customerApi = async <T>(path: string) => {
  const reply = await apiCall<T>((await sharedTokens(DEMO.customer)).access_token, path);
  expect(reply.status, `${path}: ${reply.message}`).toBe(200);
  return reply.data;
};

/** axe after the page is still; collects "label: violation" lines. */
async function audit(page: Page, label: string, found: string[]) {
  await settled(page);
  found.push(...(await seriousViolations(AxeBuilder, page)).map((v) => `${label}: ${v}`));
}

/** A screenshot from the top of the page (a full-page shot taken scrolled paints the sticky header mid-page). */
async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}) {
  if (opts.fullPage !== false) await page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(page, name, opts);
}

/** Badges whose text is cut (ellipsis): a badge must show its whole status. */
async function truncatedBadges(page: Page): Promise<string[]> {
  return page
    .locator('.mantine-Badge-label')
    .evaluateAll((els) =>
      els.filter((el) => el.scrollWidth > el.clientWidth + 1).map((el) => el.textContent ?? ''),
    );
}

async function expectNoOverflow(page: Page, label: string) {
  const { scrollWidth, width } = await horizontalOverflow(page);
  expect(scrollWidth, `${label} scrolls sideways`).toBeLessThanOrEqual(width);
}

// ---------------------------------------------------------------------------------------------------------------
// Files made by the journeys

const pdfFile = (name: string, padBytes = 0): Payload => ({
  name,
  mimeType: 'application/pdf',
  buffer: pdf(name, padBytes),
});
const pngFile = (name: string, width = 64, height = 48, noise = false): Payload => ({
  name,
  mimeType: 'image/png',
  buffer: png(width, height, { noise }),
});

// ---------------------------------------------------------------------------------------------------------------
// What the journeys share

/** Unique per run, so a rerun against a reused server (E2E_PORT) sends new tracking numbers. */
const RUN = Date.now().toString(36).toUpperCase();
const tracking = (tag: string) => `E2E${RUN}${tag}`;

const state: {
  mailbox?: string;
  /** The pre-alert of journey 2, received by the warehouse in journey 3. */
  prealerted?: { tracking: string; files: string[] };
  packageId?: string;
} = {};

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

type PrealertInput = {
  tracking: string;
  seller: string;
  description: string;
  weight: string;
  value: string;
  type: string;
  files: Payload[];
};

const basicPrealert = (t: string, files: Payload[] = [pdfFile(`${t.toLowerCase()}-invoice.pdf`)]) => ({
  tracking: t,
  seller: 'Amazon',
  description: 'Kitchen scale',
  weight: '2.5',
  value: '39.99',
  type: 'Box',
  files,
});

const prealertField = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const fileInput = (page: Page, label: string) => page.getByLabel(label, { exact: true });

async function openPrealertScreen(page: Page) {
  await page.goto('/user/packages/pre-alert');
  await until(() => page.getByRole('heading', { name: 'Pre-alert a package', level: 1 }).isVisible(), {
    timeout: 15_000,
  }).toBe(true);
  // The drop area is fetched on demand: wait for its file input.
  await until(() => fileInput(page, 'Invoice or receipt files').count()).toBe(1);
}

async function fillPrealert(page: Page, v: PrealertInput) {
  await prealertField(page, 'Tracking number').fill(v.tracking);
  await prealertField(page, 'Seller or store').fill(v.seller);
  await prealertField(page, 'Description').fill(v.description);
  await prealertField(page, 'Weight (lb)').fill(v.weight);
  await prealertField(page, 'Value (USD)').fill(v.value);
  await page.getByRole('combobox', { name: 'Package type' }).click();
  await page.getByRole('option', { name: v.type, exact: true }).click();
  await until(() => page.getByRole('combobox', { name: 'Package type' }).inputValue()).toBe(v.type);
  await fileInput(page, 'Invoice or receipt files').setInputFiles(v.files);
  await until(() => page.getByRole('list', { name: `Chosen files (${v.files.length})` }).isVisible()).toBe(
    true,
  );
}

/** The card of one pre-alert in "Your pre-alerts". */
const prealertCard = (page: Page, trackingNumber: string) =>
  page
    .getByRole('list', { name: 'Your pre-alerts' })
    .locator(':scope > li')
    .filter({ has: page.getByText(trackingNumber, { exact: true }) });

const badgeState = (card: Locator) => card.locator('[data-state]').first().getAttribute('data-state');

/** Sends a pre-alert through the form and waits for "Pre-alert sent". */
async function sendPrealert(page: Page, v: PrealertInput) {
  await fillPrealert(page, v);
  await page.getByRole('button', { name: 'Send pre-alert' }).click();
  await until(() => notification(page, 'Pre-alert sent').isVisible(), { timeout: 20_000 }).toBe(true);
  await until(() => prealertCard(page, v.tracking).count()).toBe(1);
}

// ---------------------------------------------------------------------------------------------------------------
// History

type Row = { tracking: string; status: string; added: number };

/** The rows of the history as the user sees them: table at ≥ 768 px, cards below. */
async function historyRows(page: Page, cards: boolean): Promise<Row[]> {
  const results = cards
    ? page.getByRole('list', { name: 'Packages' }).locator(':scope > li')
    : page.getByRole('table', { name: 'Packages' }).locator('tbody tr');
  return results.evaluateAll(
    (els, asCards) =>
      els.map((el) => {
        const text = el.textContent ?? '';
        const added = asCards
          ? (/Added\s+([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(text)?.[1] ?? '')
          : ((el as HTMLTableRowElement).cells[4]?.textContent ?? '');
        return {
          tracking: el.querySelector('a')?.textContent?.trim() ?? '',
          status: el.querySelector('[data-status]')?.getAttribute('data-status') ?? '',
          added: Date.parse(added),
        };
      }),
    cards,
  );
}

const summary = (page: Page) => page.getByTestId('results-summary');

/** Waits until the results show `text` in their summary and are not a placeholder of the previous view. */
async function expectSummary(page: Page, text: string | RegExp) {
  await until(() => summary(page).textContent()).toMatch(text);
  await until(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

async function chooseOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await until(() => page.getByRole('combobox', { name: combobox, exact: true }).inputValue()).toBe(option);
}

// ---------------------------------------------------------------------------------------------------------------

describe('dashboard /user', () => {
  it('shows the US address with the mailbox after line 1, copies it, counts by status and recent packages', async () => {
    await asCustomer(DESKTOP, async (page, context) => {
      await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
      await page.goto('/user');
      const mailbox = await expectDashboard(page, DEMO.customer.first);
      state.mailbox = mailbox;

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

      // One tile per status, named by status and count; all 40 packages.
      await until(() => page.getByRole('link', { name: 'All packages (40)' }).isVisible()).toBe(true);
      const counts = await customerApi<{ total: number; by_status: Record<string, number> }>(
        '/v1/packages/counts',
      );
      expect(counts.total).toBe(40);
      for (const [code, name] of Object.entries(STATUS_NAMES)) {
        const n = counts.by_status[code] ?? 0;
        expect(n, `seeded packages "${name}"`).toBeGreaterThan(0);
        expect(await page.getByRole('link', { name: `${name} ${n}`, exact: true }).count(), name).toBe(1);
      }

      // Five recent packages, newest first, each a link to its page.
      const recent = page.getByRole('list', { name: 'Recent packages' });
      await until(() => recent.getByRole('listitem').count()).toBe(5);
      const newest = await customerApi<{ items: { id: string; tracking_number: string }[] }>(
        '/v1/packages?sort=newest&pageSize=5',
      );
      expect(await recent.getByRole('link').allTextContents()).toEqual(
        newest.items.map((p) => p.tracking_number),
      );
      expect(await recent.getByRole('link').first().getAttribute('href')).toBe(
        `/user/packages/${newest.items[0]?.id}`,
      );
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

describe('history /user/packages/history', () => {
  for (const size of [DESKTOP, PHONE]) {
    const cards = size.width < 768;
    it(`searches, filters, sorts and pages, all kept in the URL (${size.width} px)`, async () => {
      await asCustomer(size, async (page) => {
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
        if (cards) await expectNoOverflow(page, 'history at 375 px');
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
        if (cards) await expectNoOverflow(page, 'history page 2 at 375 px');

        // Nothing matches: say so, and offer the way back.
        await search.fill('zzqx nothing like this');
        await until(() => page.getByText('No packages match').isVisible()).toBe(true);
        expect(new URL(page.url()).searchParams.get('page')).toBeNull();
        if (cards) await expectNoOverflow(page, 'history with no match at 375 px');
        await audit(page, `history ${size.width} no match`, found);
        await shot(page, `packages-history-no-match-${size.width}`);
        await page.getByRole('button', { name: 'Clear filters' }).last().click();
        await expectSummary(page, `Showing 1–20 of ${total} packages`);
        expect(await search.inputValue()).toBe('');
        expect(pathOf(page)).toBe('/user/packages/history?sort=oldest');

        // Date range: the first of this month to today (the calendar cannot go past today).
        const today = new Date();
        const first = new Date(today.getFullYear(), today.getMonth(), 1);
        const dayName = (d: Date) =>
          d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
        const iso = (d: Date) =>
          `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
        await page.getByRole('button', { name: 'Date range', exact: true }).click();
        const calendar = page.getByRole('dialog', { name: 'Date range' });
        await until(() => calendar.isVisible()).toBe(true);
        await audit(page, `history ${size.width} date range open`, found);
        await calendar.getByRole('button', { name: dayName(first), exact: true }).click();
        await calendar.getByRole('button', { name: dayName(today), exact: true }).click();
        await waitForPath(page, '/user/packages/history', { from: iso(first), to: iso(today) });
        const inRange = await customerApi<{ total: number }>(
          `/v1/packages?from=${iso(first)}&to=${iso(today)}&pageSize=1`,
        );
        if (inRange.total === 0) {
          await until(() => page.getByText('No packages match').isVisible()).toBe(true);
        } else {
          await expectSummary(page, new RegExp(`of ${inRange.total} packages?$`));
          for (const r of await historyRows(page, cards)) {
            expect(r.added).toBeGreaterThanOrEqual(first.getTime());
          }
        }
        await page.keyboard.press('Escape');
        await until(() => calendar.isVisible()).toBe(false);
        expect(found, found.join('\n')).toEqual([]);
      });
    });
  }
});

describe('pre-alert /user/packages/pre-alert', () => {
  it('refuses an empty form on its fields, a 12 MB file and a 6th file, before anything is sent', async () => {
    await asCustomer(DESKTOP, async (page) => {
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/peralert') sent.push(r.url());
      });
      await openPrealertScreen(page);
      await page.getByRole('button', { name: 'Send pre-alert' }).click();

      const tracking = prealertField(page, 'Tracking number');
      await until(() => tracking.getAttribute('aria-invalid')).toBe('true');
      // Each message is on its field (visible, and what a screen reader reads with it).
      const expected: [Locator, string][] = [
        [tracking, 'A tracking number has at least 5 characters'],
        [prealertField(page, 'Seller or store'), 'Enter the seller or store'],
        [prealertField(page, 'Description'), 'Describe the contents'],
        [prealertField(page, 'Weight (lb)'), 'Enter the weight in pounds'],
        [prealertField(page, 'Value (USD)'), 'Enter the value in US dollars'],
        [page.getByRole('combobox', { name: 'Package type' }), 'Choose the package type'],
      ];
      for (const [field, message] of expected) {
        expect(await field.getAttribute('aria-invalid'), message).toBe('true');
        expect(await describedText(page, field)).toContain(message);
        expect(await page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
      }
      await until(() => page.getByText('Attach the invoice or receipt (PDF or photo)').isVisible()).toBe(
        true,
      );
      // Focus lands on the first field to fix.
      await until(() => tracking.evaluate((el) => el === document.activeElement)).toBe(true);
      const found: string[] = [];
      await audit(page, 'pre-alert with errors', found);
      await shot(page, 'packages-prealert-errors-1280');

      // Fixing a field clears its message.
      await tracking.fill('E2E-FIXED-1');
      await tracking.blur();
      await until(() => tracking.getAttribute('aria-invalid')).not.toBe('true');

      // A file over 10 MB is refused at once, with its name in the message.
      const input = fileInput(page, 'Invoice or receipt files');
      await input.setInputFiles([
        { name: 'huge-invoice.pdf', mimeType: 'application/pdf', buffer: pdf('huge', 12 * 1024 * 1024) },
      ]);
      await until(() => page.getByText('huge-invoice.pdf is larger than 10 MB').isVisible()).toBe(true);
      expect(await page.getByRole('list', { name: /^Chosen files/ }).count()).toBe(0);

      // Five files are the most; a sixth is refused and the five stay.
      await input.setInputFiles([1, 2, 3, 4, 5].map((n) => pdfFile(`receipt-${n}.pdf`)));
      await until(() => page.getByRole('list', { name: 'Chosen files (5)' }).isVisible()).toBe(true);
      expect(await page.getByText('huge-invoice.pdf is larger than 10 MB').count()).toBe(0);
      await input.setInputFiles([pngFile('receipt-6.png')]);
      await until(() => page.getByText('Attach at most 5 files').isVisible()).toBe(true);
      expect(await page.getByRole('list', { name: 'Chosen files (5)' }).getByRole('listitem').count()).toBe(
        5,
      );
      expect(await page.getByText('receipt-6.png').count()).toBe(0);
      // Removing one makes room again.
      await page.getByRole('button', { name: 'Remove receipt-3.pdf' }).click();
      await until(() => page.getByRole('list', { name: 'Chosen files (4)' }).isVisible()).toBe(true);
      await input.setInputFiles([pngFile('receipt-6.png')]);
      await until(() =>
        page.getByRole('list', { name: 'Chosen files (5)' }).getByText('receipt-6.png').isVisible(),
      ).toBe(true);
      await shot(page, 'packages-prealert-files-1280');

      expect(sent, 'nothing may be uploaded while the form is invalid').toEqual([]);
      expect(found, found.join('\n')).toEqual([]);
    });
  });

  it('sends a pre-alert with a PDF and a PNG, showing the upload progress, then lists it as Pending', async () => {
    await asCustomer(DESKTOP, async (page, context) => {
      await openPrealertScreen(page);
      const t = tracking('P');
      // About 1.1 MB each: at 200 kB/s the upload takes seconds, long enough to watch the bar move.
      const files = [pdfFile('amazon-invoice.pdf', 1_100_000), pngFile('order-photo.png', 600, 620, true)];
      expect(files[1]?.buffer.length).toBeGreaterThan(1_000_000);
      await fillPrealert(page, {
        tracking: t,
        seller: 'Amazon',
        description: 'Kitchen scale and books',
        weight: '3.75',
        value: '84.5',
        type: 'Box',
        files,
      });
      await prealertField(page, 'Length (in)').fill('14');
      await prealertField(page, 'Width (in)').fill('10');
      await prealertField(page, 'Height (in)').fill('6');

      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 5e6,
        uploadThroughput: 200_000,
      });
      await page.getByRole('button', { name: 'Send pre-alert' }).click();

      // Watch the bar: it moves through several values, and the number beside it says the same.
      const seen = new Set<number>();
      const mismatched: string[] = [];
      let captured = false;
      const done = notification(page, 'Pre-alert sent');
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !(await done.isVisible())) {
        const now = await page.evaluate(() => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
          const text = document.querySelector('[data-testid="upload-percent"]')?.textContent ?? null;
          return bar ? { value: bar.getAttribute('aria-valuenow'), text } : null;
        });
        if (now?.value) {
          const v = Number(now.value);
          seen.add(v);
          if (now.text !== `${v}%`) mismatched.push(`${v} vs ${now.text}`);
          if (!captured && v > 20 && v < 80) {
            captured = true;
            await shot(page, 'packages-prealert-uploading-1280', { fullPage: false });
          }
        }
        await new Promise((r) => setTimeout(r, 40));
      }
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const between = [...seen].filter((v) => v >= 1 && v <= 99).sort((a, b) => a - b);
      expect(between.length, `values seen: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(2);
      // The text can lag the bar by one render; it never shows another upload's number.
      expect(mismatched.length, mismatched.join('; ')).toBeLessThanOrEqual(2);

      await until(() => done.isVisible()).toBe(true);
      // The form starts over: empty fields, no files, no progress bar.
      await until(() => prealertField(page, 'Tracking number').inputValue()).toBe('');
      expect(await prealertField(page, 'Description').inputValue()).toBe('');
      expect(await page.getByRole('combobox', { name: 'Package type' }).inputValue()).toBe('');
      expect(await page.getByRole('list', { name: /^Chosen files/ }).count()).toBe(0);
      expect(await page.getByRole('progressbar', { name: 'Upload progress' }).count()).toBe(0);

      // Listed first, Pending, with both files.
      const card = prealertCard(page, t);
      await until(() => card.count()).toBe(1);
      expect(await badgeState(card)).toBe('pending');
      expect(await card.locator('[data-state]').first().textContent()).toBe('Pending');
      const list = page.getByRole('list', { name: 'Your pre-alerts' });
      await until(() => list.locator(':scope > li').first().getByText(t, { exact: true }).isVisible()).toBe(
        true,
      );
      const listed = card.getByRole('list', { name: `Files of pre-alert ${t}` });
      expect(await listed.getByRole('listitem').count()).toBe(2);
      for (const name of ['amazon-invoice.pdf', 'order-photo.png']) {
        expect(
          await listed.getByRole('button', { name: `View ${name}`, exact: true }).isVisible(),
          name,
        ).toBe(true);
        expect(
          await listed.getByRole('button', { name: `Download ${name}`, exact: true }).isVisible(),
          name,
        ).toBe(true);
      }
      expect(await card.getByRole('button', { name: `Cancel pre-alert ${t}`, exact: true }).isVisible()).toBe(
        true,
      );
      state.prealerted = { tracking: t, files: ['amazon-invoice.pdf', 'order-photo.png'] };
    });
  }, 120_000);

  it('is matched when the warehouse receives the parcel: locked, and shown on the package with its history', async () => {
    const pre = state.prealerted;
    expect(pre, 'needs the pre-alert sent by the previous journey').toBeDefined();
    expect(state.mailbox, 'needs the mailbox number read on the dashboard').toBeDefined();
    const t = pre?.tracking ?? '';

    // The warehouse (staff, same company) records the parcel with the customer's mailbox number.
    const admin = await sharedTokens(DEMO.admin);
    const received = await apiCall<{ id: string; status: string }>(
      admin.access_token,
      '/v1/admin/packages/receive',
      {
        body: { tracking_number: t, mailbox_number: state.mailbox, weight: 2.5 },
      },
    );
    expect(received.status, received.message).toBe(201);
    state.packageId = received.data.id;

    await asCustomer(DESKTOP, async (page) => {
      await openPrealertScreen(page);
      const card = prealertCard(page, t);
      await until(() => badgeState(card)).toBe('matched');
      expect(await card.locator('[data-state]').first().textContent()).toBe('Matched');
      expect(await card.getByRole('button', { name: /^Cancel pre-alert/ }).count()).toBe(0);

      // In the history, and its page shows the pre-alert and where it has been.
      await page.goto(`/user/packages/history?q=${t}`);
      await expectSummary(page, 'Showing 1–1 of 1 package');
      const rows = await historyRows(page, false);
      expect(rows.map((r) => [r.tracking, r.status])).toEqual([[t, 'received_us']]);
      await page.getByRole('link', { name: t, exact: true }).click();
      await waitForPath(page, `/user/packages/${state.packageId}`);
      await until(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t);

      const linked = page.locator('section', { has: page.getByRole('heading', { name: 'Your pre-alert' }) });
      expect(await linked.getByText('Matched', { exact: true }).isVisible()).toBe(true);
      expect(await linked.getByText('Kitchen scale and books', { exact: true }).isVisible()).toBe(true);
      const files = page.getByRole('list', { name: 'Pre-alert files' });
      expect(
        await files
          .getByRole('button', { name: /^View / })
          .evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')).sort()),
      ).toEqual((pre?.files ?? []).map((f) => `View ${f}`).sort());

      const history = page.locator('section', { has: page.getByRole('heading', { name: 'Status history' }) });
      const steps = await history.locator('.mantine-Timeline-itemTitle').allInnerTexts();
      expect(steps.map((s) => s.replace(/\s+/g, ' ').trim())).toEqual([
        'Pre-alerted',
        'Received at US warehouse Current',
      ]);

      // The PDF of the pre-alert opens in the preview.
      await files.getByRole('button', { name: 'View amazon-invoice.pdf', exact: true }).click();
      const preview = page.getByRole('dialog', { name: 'amazon-invoice.pdf' });
      await until(() => preview.isVisible()).toBe(true);
      await until(() => preview.locator('iframe[title="amazon-invoice.pdf"]').count(), {
        timeout: 15_000,
      }).toBe(1);
      await preview.getByRole('button', { name: 'Close' }).click();
      await until(() => preview.isVisible()).toBe(false);
    });
  }, 90_000);

  it('cancels a pending pre-alert after confirming', async () => {
    await asCustomer(DESKTOP, async (page) => {
      await openPrealertScreen(page);
      const t = tracking('C');
      await sendPrealert(page, basicPrealert(t));
      const card = prealertCard(page, t);
      expect(await badgeState(card)).toBe('pending');

      await page.getByRole('button', { name: `Cancel pre-alert ${t}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this pre-alert?' });
      await until(() => dialog.isVisible()).toBe(true);
      expect(await dialog.textContent()).toContain(t);
      const found: string[] = [];
      await audit(page, 'cancel pre-alert dialog', found);
      await shot(page, 'packages-prealert-cancel-1280', { fullPage: false });
      // "Keep it" changes nothing.
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await until(() => dialog.isVisible()).toBe(false);
      expect(await badgeState(card)).toBe('pending');

      await page.getByRole('button', { name: `Cancel pre-alert ${t}`, exact: true }).click();
      await until(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel pre-alert', exact: true }).click();
      await until(() => notification(page, 'Pre-alert cancelled').isVisible()).toBe(true);
      await until(() => dialog.isVisible()).toBe(false);
      await until(() => badgeState(card)).toBe('cancelled');
      expect(await card.locator('[data-state]').first().textContent()).toBe('Cancelled');
      expect(await page.getByRole('button', { name: `Cancel pre-alert ${t}`, exact: true }).count()).toBe(0);
      expect(found, found.join('\n')).toEqual([]);
    });
  }, 90_000);

  it("shows the server's refusal of a second pre-alert of the same tracking number, on the form and the field", async () => {
    await asCustomer(PHONE, async (page) => {
      await openPrealertScreen(page);
      const t = tracking('D');
      await sendPrealert(page, basicPrealert(t));
      // Dismiss the success toast (its close button has a name) so it cannot be mistaken for the next answer.
      await notification(page, 'Pre-alert sent').getByRole('button', { name: 'Close notification' }).click();
      await until(() => notification(page, 'Pre-alert sent').count()).toBe(0);
      await fillPrealert(page, basicPrealert(t, [pngFile('second-try.png')]));
      await page.getByRole('button', { name: 'Send pre-alert' }).click();

      const failed = page.getByRole('alert').filter({ hasText: 'The pre-alert was not sent' });
      await until(() => failed.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await failed.textContent()).toContain(`You already pre-alerted ${t}`);
      const field = prealertField(page, 'Tracking number');
      await until(() => field.getAttribute('aria-invalid')).toBe('true');
      expect(await describedText(page, field)).toContain('You already pre-alerted this tracking number');
      // What was typed stays, to be corrected.
      expect(await field.inputValue()).toBe(t);
      expect(await page.getByRole('list', { name: 'Chosen files (1)' }).isVisible()).toBe(true);
      expect(await page.getByRole('progressbar', { name: 'Upload progress' }).count()).toBe(0);
      await expectNoOverflow(page, 'pre-alert refused at 375 px');
      await settled(page);
      await shot(page, 'packages-prealert-refused-375', { fullPage: false });
      // Only one pre-alert of that number in the list.
      expect(await prealertCard(page, t).count()).toBe(1);
    });
  }, 90_000);
});

describe('package detail /user/packages/{id}', () => {
  it('uploads a receipt, previews and downloads it, and deletes it after confirming', async () => {
    const id =
      state.packageId ??
      (await customerApi<{ items: { id: string }[] }>('/v1/packages?pageSize=1')).items[0]?.id;
    await asCustomer(DESKTOP, async (page) => {
      await page.goto(`/user/packages/${id}`);
      await until(() => page.getByRole('heading', { name: 'Receipts' }).isVisible(), {
        timeout: 15_000,
      }).toBe(true);
      await until(() => fileInput(page, 'Receipt files').count()).toBe(1);
      const name = `receipt-${RUN.toLowerCase()}.png`;
      const file = pngFile(name, 320, 200);
      await fileInput(page, 'Receipt files').setInputFiles([file]);
      await until(() =>
        page.getByRole('list', { name: 'Chosen files (1)' }).getByText(name).isVisible(),
      ).toBe(true);
      await page.getByRole('button', { name: 'Upload receipts' }).click();
      await until(() => notification(page, 'Receipt uploaded').isVisible(), { timeout: 20_000 }).toBe(true);
      const receipts = page.getByRole('list', { name: 'Receipts' });
      await until(() => receipts.getByText(name, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('list', { name: /^Chosen files/ }).count()).toBe(0);

      // View: the image itself, with ways to open it elsewhere.
      await receipts.getByRole('button', { name: `View ${name}`, exact: true }).click();
      const preview = page.getByRole('dialog', { name });
      await until(() => preview.isVisible()).toBe(true);
      const image = preview.getByRole('img', { name });
      await until(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
      expect(await preview.getByRole('link', { name: 'Open in a new tab' }).isVisible()).toBe(true);
      expect(await preview.getByRole('button', { name: 'Download' }).isVisible()).toBe(true);
      const found: string[] = [];
      await audit(page, 'receipt preview', found);
      await shot(page, 'packages-receipt-preview-1280', { fullPage: false });
      await preview.getByRole('button', { name: 'Close' }).click();
      await until(() => preview.isVisible()).toBe(false);

      // Download: the file under its own name, byte for byte.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        receipts.getByRole('button', { name: `Download ${name}`, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(name);
      const saved = await download.path();
      expect(Buffer.compare(await readFile(saved), file.buffer)).toBe(0);

      // Delete, confirmed in a dialog.
      await receipts.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete receipt?' });
      await until(() => confirm.isVisible()).toBe(true);
      expect(await confirm.textContent()).toContain(name);
      await audit(page, 'delete receipt dialog', found);
      await shot(page, 'packages-receipt-delete-1280', { fullPage: false });
      await confirm.getByRole('button', { name: 'Delete receipt' }).click();
      await until(() => notification(page, 'Receipt deleted').isVisible()).toBe(true);
      await until(() => confirm.isVisible()).toBe(false);
      await until(() => page.getByText(name, { exact: true }).count()).toBe(0);
      expect(found, found.join('\n')).toEqual([]);
    });
  }, 90_000);
});

describe('screens at 375 and 1280 px', () => {
  for (const size of [PHONE, DESKTOP]) {
    it(`dashboard, history, package and pre-alert: axe, no sideways scrolling, screenshots (${size.width} px)`, async () => {
      const id =
        state.packageId ??
        (await customerApi<{ items: { id: string }[] }>('/v1/packages?pageSize=1')).items[0]?.id;
      await asCustomer(size, async (page) => {
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
