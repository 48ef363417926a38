// The money screens of issue 6 as customer@demo.test, at desktop and phone widths: the invoices list and an invoice
// read, printed (print stylesheet: the invoice only) and downloaded as a PDF; the duty estimator for a US$250
// laptop and US$80 shoes, figures checked against sums done by hand from DOMAIN.md; the fee tables; the points
// balance and ledger. axe on every screen; screenshots in test-results/e2e to be looked at.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail, InvoiceSummary } from '../../src/contract/invoices';
import type { PointsPage } from '../../src/contract/points';
import { type Size, setupBrowser } from './support/browser';
import { expectClean, shot } from './support/checks';
import { asCustomer, customerApi, until, waitForPath } from './support/helpers';

const browser = setupBrowser();

const SIZES = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 375, height: 812 },
] as const;

/** A missing element fails the step in 15 s with its name rather than the whole test at 60 s. */
const signedIn = (size: Size, journey: (page: Page) => Promise<void>) =>
  asCustomer(browser(), size, journey, { stepTimeout: 15_000 });

/** "1,234.56" from integer cents, the digits the screens show whatever the currency sign. */
const digits = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/** Money always says which dollar: never a bare "$1.00", never "$1.00 JMD". */
function expectNamedDollars(text: string, label: string) {
  expect(text.match(/(^|[^A-Z])\$\d[\d,]*\.\d{2}/g) ?? [], `${label}: bare $ amounts`).toEqual([]);
  expect(text.match(/\d\.\d{2}\s?(JMD|USD)/g) ?? [], `${label}: amounts followed by a code`).toEqual([]);
}

/** The same screen in the dark theme: a screenshot and axe, then back to light. */
async function inDarkTheme(page: Page, name: string, ready: () => Promise<unknown>) {
  await page.evaluate(() => window.localStorage.setItem('mantine-color-scheme-value', 'dark'));
  await page.reload();
  await until(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe('dark');
  await ready();
  await shot(page, `${name}-dark`);
  await expectClean(page, `${name} dark`);
  await page.evaluate(() => window.localStorage.setItem('mantine-color-scheme-value', 'light'));
  await page.reload();
  await ready();
}

describe.each(SIZES)('money screens at $width px', (size) => {
  it('lists the invoices, reads one, prints only the invoice and downloads its PDF', async () => {
    const list = await customerApi<{ items: InvoiceSummary[]; total: number }>('/v1/invoices?pageSize=100');
    expect(list.total, 'the demo customer has seeded invoices').toBeGreaterThan(0);
    expect(list.items.some((i) => i.status === 'draft')).toBe(false);
    // An unpaid invoice with customs charges: its lines grouped, the CIF value and how to pay.
    const open = list.items.filter((i) => ['issued', 'partially_paid', 'overdue'].includes(i.status));
    const details = await Promise.all(open.map((i) => customerApi<InvoiceDetail>(`/v1/invoices/${i.id}`)));
    const detail = details.find((d) => (d.customs_bases ?? []).length > 0);
    if (!detail?.number) throw new Error('no unpaid invoice with customs charges');
    const issued = detail;
    const number = detail.number;

    await signedIn(size, async (page) => {
      await page.goto('/user/invoices');
      // A table from 768 px, a list of cards on a phone (issue 16): both named "Invoices", the total always in view.
      const table = page.getByRole(size.width < 768 ? 'list' : 'table', { name: 'Invoices' });
      await until(() => table.getByRole('link', { name: number }).count()).toBe(1);
      await shot(page, `invoices-list-${size.name}`);
      if (size.width < 768) {
        // Nothing scrolls sideways on a phone: the invoice's total is on screen beside its number.
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
          size.width,
        );
        await until(() =>
          table.getByText(digits(issued.total_cents), { exact: false }).first().isVisible(),
        ).toBe(true);
      }
      await expectClean(page, `invoices list ${size.width}`);
      // Totals say "J$22,599.40", not "J$22,599.40 JMD".
      expectNamedDollars((await page.locator('main').textContent()) ?? '', 'invoices list');

      await table.getByRole('link', { name: number }).click();
      await waitForPath(page, `/user/invoices/${issued.id}`);
      await expect
        .poll(() => page.getByRole('heading', { level: 1 }).textContent())
        .toContain(`Invoice ${number}`);
      const main = page.locator('main');
      // Every line and the totals the server computed, as the customer reads them.
      expect(detail.lines.length, 'the invoice has lines').toBeGreaterThan(0);
      for (const line of detail.lines) {
        await until(() => main.getByText(line.description, { exact: false }).count()).toBeGreaterThan(0);
      }
      const text = (await main.textContent()) ?? '';
      expect(await page.getByTestId('paper-total').textContent()).toBe(`J$${digits(detail.total_cents)}`);
      expectNamedDollars(text, 'invoice');
      // Grouped, each group with its total; the customs group says the CIF value it is computed on.
      const lines = page.getByRole('table', { name: /Charges on invoice/ });
      for (const group of ['Shipping charges', 'Customs charges']) {
        expect(await lines.getByRole('columnheader', { name: new RegExp(`^${group}`) }).count(), group).toBe(
          1,
        );
        expect(await lines.getByRole('rowheader', { name: `${group} total` }).count(), group).toBeGreaterThan(
          0,
        );
      }
      const base = detail.customs_bases?.[0];
      expect(await main.getByTestId('customs-base').first().textContent()).toContain(
        `computed on the CIF value J$${digits(base?.cif_cents ?? 0)}`,
      );
      expect(text).toContain('US$1 = J$');
      // How to pay: the bank details with the invoice number as the reference, the counter, and if overdue.
      const pay = page.getByRole('region', { name: 'How to pay' });
      expect(await pay.textContent()).toContain(`Reference${number}`);
      expect(await pay.textContent()).toMatch(/counter/i);
      expect(await pay.textContent()).toMatch(/overdue/i);
      expect(await pay.textContent()).toContain(`J$${digits(detail.balance_cents)} is due by `);
      await shot(page, `invoice-detail-${size.name}`, { fullPage: true });
      await expectClean(page, `invoice detail ${size.width}`);
      await inDarkTheme(page, `invoice-detail-${size.name}`, () =>
        until(() => page.getByRole('region', { name: 'How to pay' }).count()).toBe(1),
      );

      // Print: the browser's print dialog is asked for, and on paper only the invoice shows.
      await page.evaluate(() => {
        const w = window as unknown as { printed: number };
        w.printed = 0;
        window.print = () => {
          w.printed += 1;
        };
      });
      await page.getByRole('button', { name: 'Print' }).click();
      expect(await page.evaluate(() => (window as unknown as { printed: number }).printed)).toBe(1);
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('header').first().isVisible()).toBe(false);
      expect(await page.getByRole('button', { name: 'Download PDF' }).isVisible()).toBe(false);
      expect(await page.getByRole('heading', { level: 1 }).isVisible()).toBe(true);
      await shot(page, `invoice-print-${size.name}`);
      await page.emulateMedia({ media: 'screen' });

      // The PDF download: a real PDF named after the invoice.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        page.getByRole('button', { name: 'Download PDF' }).click(),
      ]);
      expect(download.suggestedFilename()).toContain(number);
      const path = await download.path();
      const { readFile } = await import('node:fs/promises');
      const bytes = await readFile(path);
      expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
      expect(bytes.length).toBeGreaterThan(500);
    });
  });

  it('estimates the duty of a US$250 laptop and of US$80 shoes', async () => {
    await signedIn(size, async (page) => {
      await page.goto('/user/packages/cost-estimator');
      const category = page.getByRole('combobox', { name: 'Category' });
      await until(() => category.isEnabled()).toBe(true);

      // Nothing filled: each field says what it needs.
      await page.getByRole('button', { name: /estimate/i }).click();
      await until(() => page.getByText('Choose a category').count()).toBe(1);
      await expectClean(page, `estimator errors ${size.width}`);

      const estimate = async (cat: RegExp, value: string, weight: string) => {
        await category.click();
        await page.getByRole('option', { name: cat }).click();
        // Picking the chosen category again keeps it.
        const picked = await category.inputValue();
        await category.click();
        await page.getByRole('option', { name: cat }).click();
        expect(await category.inputValue()).toBe(picked);
        await page.getByRole('textbox', { name: 'Goods value (US$)' }).fill(value);
        await page.getByRole('textbox', { name: 'Weight (lb)' }).fill(weight);
        await page.getByRole('radio', { name: 'Air' }).check();
        await page.getByRole('button', { name: /estimate/i }).click();
      };
      const line = (code: string) => page.locator(`tr[data-line="${code}"] td`).last();

      // US$250 laptop, 5 lb by air (Island Express: J$157.25 per US$; laptops: duty 0 %, GCT 15 %). By hand:
      // value 39,312.50; freight (5 lb) 2,000.00; insurance 1 % × 41,312.50 = 413.13; CIF 41,725.63;
      // duty 0; SCF 0.3 % = 125.18; ENVL 0.5 % = 208.63; GCT 15 % × 41,725.63 = 6,258.84; stamp 100 (CIF > 5,500);
      // CAF 2,500; customs 9,192.65; handling (≤ 5 lb) 0; total 11,192.65.
      await estimate(/^Laptops/, '250', '5');
      await until(() => page.getByRole('heading', { name: /Estimated cost/ }).textContent(), {
        timeout: 15_000,
      }).toContain('11,192.65');
      const laptop: Record<string, string> = {
        freight: '2,000.00',
        insurance: '413.13',
        cif: '41,725.63',
        duty: '0.00',
        scf: '125.18',
        envl: '208.63',
        gct: '6,258.84',
        stamp: '100.00',
        caf: '2,500.00',
        customs_total: '9,192.65',
        total: '11,192.65',
      };
      for (const [code, amount] of Object.entries(laptop)) {
        expect(await line(code).textContent(), code).toContain(amount);
      }
      // Said once: no "This is an estimate" title over a disclaimer that says it again.
      expect(await page.getByText(/This is an estimate/).count()).toBe(1);
      // The goods value is what customs charges are computed on, shown apart from what makes the total.
      const pay = page.getByRole('table', { name: /^What you pay/ });
      const basis = page.getByRole('table', { name: /^What customs charges are computed on/ });
      expect(await basis.getByRole('rowheader', { name: /^Goods value/ }).count()).toBe(1);
      expect(await pay.getByRole('rowheader', { name: /^Goods value/ }).count()).toBe(0);
      expect(await pay.getByRole('rowheader', { name: 'Estimated total to pay' }).count()).toBe(1);
      expect(await page.getByText(/rate of/).textContent()).toMatch(/US\$1 = J\$157\.25 \(rate of/);
      // One unit for the weight: 5 lb weighs 5 lb, so no "(5 lb)" after it.
      expect(await page.getByText(/lb charged/).textContent()).toMatch(/· 5 lb charged · by air/);
      expectNamedDollars((await page.locator('main').textContent()) ?? '', 'estimator');
      await shot(page, `estimator-laptop-${size.name}`);
      await expectClean(page, `estimator laptop ${size.width}`);

      // US$80 shoes, 2 lb by air: under the US$100 de minimis, so no customs charges; near it, so a warning.
      // freight (2 lb) 950.00; insurance 1 % × (12,580 + 950) = 135.30; CIF 13,665.30; total = freight = 950.00.
      await estimate(/^Clothing/, '80', '2');
      await until(() => page.getByRole('heading', { name: /Estimated cost/ }).textContent(), {
        timeout: 15_000,
      }).toContain('950.00');
      expect(await line('customs_total').textContent()).toContain('0.00');
      expect(await line('cif').textContent()).toContain('13,665.30');
      await until(() => page.getByText('Close to the US$100 limit').count()).toBe(1);
      await shot(page, `estimator-shoes-${size.name}`);
      await expectClean(page, `estimator shoes ${size.width}`);
    });
  });

  it('shows the fee schedule as tables', async () => {
    await signedIn(size, async (page) => {
      await page.goto('/user/fees');
      await until(() => page.getByRole('table').count()).toBeGreaterThan(1);
      const text = (await page.locator('main').textContent()) ?? '';
      // DOMAIN.md's freight schedule: 1 lb → J$550, 50 lb → J$18,800.
      expect(text).toContain('550.00');
      expect(text).toContain('18,800.00');
      expect(text).toContain('Delivery within Kingston');
      expect(text).toContain('Customs administrative fee: J$2,500.00 per declaration');
      expect(text).toMatch(/Exchange rate: US\$1 = J\$157\.25 \(rate of \w{3} \d{1,2}, \d{4}\)/);
      expect(text).toMatch(/Insurance: 1\s% by air, 1\.5\s% by sea/);
      expectNamedDollars(text, 'fees');
      await shot(page, `fees-${size.name}`);
      await expectClean(page, `fees ${size.width}`);
    });
  });

  it('shows the points balance and its ledger', async () => {
    const points = await customerApi<PointsPage>('/v1/points');
    expect(points.total).toBeGreaterThan(0);
    await signedIn(size, async (page) => {
      await page.goto('/user/points/history');
      const phone = size.width < 768;
      const ledger = page.getByRole(phone ? 'list' : 'table', { name: 'Points history' });
      await until(() => ledger.locator(phone ? 'li' : 'tbody tr').count()).toBeGreaterThan(0);
      await until(() => page.getByTestId('points-balance').textContent()).toBe(
        `${points.balance.toLocaleString('en-US')} points`,
      );
      // The total was checked above: there is a first entry, and the ledger shows it.
      expect(await ledger.textContent()).toContain(points.items[0]?.reason ?? '(no entry)');
      // What points are worth and how to use them, from the company's settings.
      const rules = page.getByRole('region', { name: 'How points work' });
      expect(await rules.textContent()).toContain('Each point is worth J$1.00 off an invoice');
      expect(await rules.textContent()).toContain('1 point for every J$100.00 you pay');
      expect(await page.getByTestId('points-worth').textContent()).toBe(
        `Worth J$${digits(points.balance * 100)} off an invoice`,
      );
      // References are human, and an invoice's links to it; no internal keys.
      const ledgerText = (await ledger.textContent()) ?? '';
      expect(ledgerText).not.toMatch(/invoice(-unpaid)?:[0-9a-f]{8}-|prealert:/);
      const earned = points.items.find((e) => e.invoice_id);
      if (earned?.reference_label && size.width >= 768) {
        const link = ledger.getByRole('link', { name: earned.reference_label }).first();
        expect(await link.getAttribute('href')).toBe(`/user/invoices/${earned.invoice_id}`);
      }
      // Dates say how long ago, with the exact time on hover.
      expect(await ledger.locator('time').first().getAttribute('title')).toMatch(
        /\w{3} \d{1,2}, \d{4}, \d{1,2}:\d{2} [AP]M/,
      );
      await shot(page, `points-${size.name}`, { fullPage: true });
      await expectClean(page, `points ${size.width}`);
      await inDarkTheme(page, `points-${size.name}`, () =>
        until(() => page.getByTestId('points-rules').count()).toBe(1),
      );
    });
  });
});
