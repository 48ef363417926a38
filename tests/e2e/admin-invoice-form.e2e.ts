// Invoice add and edit (issue 13): an admin bills two unbilled received packages of the demo customer. The customs
// lines the server adds equal what the estimator returns for the same declared value, weight and category, and the
// totals panel is the server's sum of the lines. A free line is added, moved (button and Alt+↑) and removed; the
// draft is saved (the preview URL), then edited: the dirty-form guard holds a navigation, the due date changes and
// "Issue and send" mails the invoice with its PDF (its text has the number and the total). At 375 px the same two
// screens render, pass axe and do not scroll sideways. (Billing adds no package: the demo customer keeps 40.)
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectValidPdf } from '../../src/server/test/pdf';
import { DESKTOP, findMail, mailAttachment, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, settled, shot } from './support/checks';
import { apiCall, apiLogin, DEMO, describedText, until, withSession } from './support/helpers';

const browser = setupBrowser();

type Line = {
  type: string;
  description: string;
  quantity: number;
  unit_price_cents: number;
  package_id?: string | null;
};
type Unbilled = {
  id: string;
  tracking_number: string;
  status: string;
  weight_lb: number | null;
  declared_value_usd_cents: number | null;
  category: string | null;
  lines: Line[];
  warnings: string[];
};
type Estimate = Record<'freight' | 'duty' | 'scf' | 'envl' | 'gct' | 'stamp' | 'caf', number> & {
  de_minimis_applied: boolean;
};
type Invoice = {
  id: string;
  number: string | null;
  status: string;
  due_at: string | null;
  sent_at: string | null;
  total_cents: number;
  lines: (Line & { line_total_cents: number })[];
};

/** The server's money format (what the PDF prints): J$1,234.50. */
const jmd = (cents: number) =>
  `J$${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents % 100).padStart(2, '0')}`;

const cents = async (page: Page, testId: string) =>
  Number(await page.getByTestId(testId).getAttribute('data-cents'));

/** The totals panel has the server's answer for the form as it is now. */
const totalsReady = (page: Page) =>
  until(() => page.getByTestId('totals-state').getAttribute('data-state'), { timeout: 15_000 }).toBe('ready');

const lineRows = (page: Page) => page.locator('ol[aria-label="Invoice lines"] > li');

async function lineTotals(page: Page): Promise<number[]> {
  const values = await lineRows(page)
    .getByTestId('line-total')
    .evaluateAll((els) => els.map((e) => e.getAttribute('data-cents') ?? ''));
  return values.map(Number);
}

let invoiceId = '';

describe('admin invoice form /admin/invoice/add, /admin/invoice/edit/$id', () => {
  it('bills two packages at the estimator’s figures, saves a draft, then issues and sends it (desktop)', async () => {
    const found: string[] = [];
    const tokens = await apiLogin(DEMO.admin);
    const token = tokens.access_token;
    const users = await apiCall<{
      items: { id: string; email: string; name: string; mailbox_number: string }[];
    }>(token, `/v1/users?q=${encodeURIComponent(DEMO.customer.email)}&role=customer`);
    const customer = users.data.items.find((u) => u.email === DEMO.customer.email);
    if (!customer) throw new Error('demo customer not found');

    // Two received, weighed and valued packages whose customs are charged (above the de minimis).
    const unbilled = await apiCall<Unbilled[]>(
      token,
      `/v1/admin/invoices/unbilled?customer_id=${customer.id}`,
    );
    expect(unbilled.status).toBe(200);
    const chosen = unbilled.data
      .filter(
        (p) =>
          p.status === 'received_us' &&
          p.warnings.length === 0 &&
          p.category !== null &&
          p.lines.some((l) => l.type === 'duty'),
      )
      .slice(0, 2);
    expect(chosen).toHaveLength(2);
    const categories = await apiCall<{ id: number; code: string }[]>(token, '/v1/dutycategories');
    const estimates = new Map<string, Estimate>();
    for (const p of chosen) {
      const category = categories.data.find((c) => c.code === p.category);
      const reply = await apiCall<Estimate>(token, '/v1/dutycalculator', {
        body: {
          category_id: category?.id,
          value_usd: (p.declared_value_usd_cents ?? 0) / 100,
          weight_lb: p.weight_lb,
          shipping_method: 'air',
        },
      });
      expect(reply.status, reply.message).toBe(200);
      estimates.set(p.id, reply.data);
    }

    await withSession(browser(), DESKTOP, tokens, async (page) => {
      await page.goto('/admin/invoice/add');
      await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();

      // Saved empty: the contract's messages next to their fields, the focus on the first.
      await page.getByRole('button', { name: 'Save draft' }).click();
      await until(() => describedText(page, page.getByRole('combobox', { name: 'Customer' }))).toContain(
        'Choose the customer',
      );
      await until(() => page.getByTestId('lines-error').textContent()).toBe('Add at least one line');
      expect(await page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');

      // The customer, found by mailbox number.
      await page.getByRole('combobox', { name: 'Customer' }).fill(customer.mailbox_number);
      await page
        .getByRole('option', { name: `${customer.mailbox_number} · ${customer.name} · ${customer.email}` })
        .click();
      const packages = page.getByRole('list', { name: 'Unbilled packages' });
      await packages.waitFor();
      await totalsReady(page);
      await settled(page);
      await audit(page, 'desktop add', found);
      await expectNoOverflow(page, 'desktop add');

      // Add from packages: each ticked package adds its server-computed lines, with its package.
      for (const p of chosen)
        await packages.locator(`li[data-package-id="${p.id}"]`).getByRole('checkbox').check();
      const count = chosen.reduce((n, p) => n + p.lines.length, 0);
      await until(() => lineRows(page).count()).toBe(count);
      await totalsReady(page);

      // The customs lines are the estimator's figures for the same value, weight and category; freight too.
      for (const p of chosen) {
        const e = estimates.get(p.id) as Estimate;
        expect(e.de_minimis_applied).toBe(false);
        const rows = page.locator(`ol[aria-label="Invoice lines"] > li[data-package-id="${p.id}"]`);
        const seen = await rows.evaluateAll((els) =>
          els.map((el) => ({
            type: el.getAttribute('data-line-type'),
            cents: Number(el.querySelector('[data-testid="line-total"]')?.getAttribute('data-cents')),
          })),
        );
        expect(seen.filter((l) => l.type === 'duty' || l.type === 'customs').map((l) => l.cents)).toEqual(
          [e.duty, e.scf, e.envl, e.gct, e.stamp, e.caf].filter((c) => c > 0),
        );
        expect(seen.find((l) => l.type === 'shipping')?.cents).toBe(e.freight);
      }

      // The totals panel is the sum of the lines (the server's figures, none computed on the page).
      const totalsMatchLines = async () => {
        const sum = (await lineTotals(page)).reduce((a, b) => a + b, 0);
        expect(await cents(page, 'total-subtotal')).toBe(sum);
        expect(await cents(page, 'total')).toBe(
          sum - (await cents(page, 'total-discount')) + (await cents(page, 'total-tax')),
        );
        return sum;
      };
      const billed = await totalsMatchLines();
      await shot(page, 'admin-invoice-add-desktop');

      // A free line: added at the end with the focus in its description, priced by the server.
      await page.getByRole('button', { name: 'Add a line' }).click();
      await until(() => lineRows(page).count()).toBe(count + 1);
      const free = lineRows(page).nth(count);
      await until(() => free.evaluate((el) => el.contains(document.activeElement))).toBe(true);
      await page.keyboard.type('Repacking');
      await free.getByLabel('Quantity').fill('2');
      await free.getByLabel(/Unit price/).fill('450.50');
      await totalsReady(page);
      expect(await free.getByTestId('line-total').getAttribute('data-cents')).toBe('90100');
      expect(await totalsMatchLines()).toBe(billed + 90_100);

      // Reorder: up with its button, then up again with Alt+↑ from its description (the focus stays there).
      await page.getByRole('button', { name: `Move line ${count + 1} up` }).click();
      await until(() =>
        lineRows(page)
          .nth(count - 1)
          .getByLabel('Description')
          .inputValue(),
      ).toBe('Repacking');
      const description = lineRows(page)
        .nth(count - 1)
        .getByLabel('Description');
      await description.focus();
      await page.keyboard.press('Alt+ArrowUp');
      await until(() =>
        lineRows(page)
          .nth(count - 2)
          .getByLabel('Description')
          .inputValue(),
      ).toBe('Repacking');
      await until(() =>
        page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? ''),
      ).toBe('Repacking');
      await totalsReady(page);
      expect(await totalsMatchLines()).toBe(billed + 90_100);

      // Remove it: the invoice is the two packages again.
      await page.getByRole('button', { name: `Remove line ${count - 1}` }).click();
      await until(() => lineRows(page).count()).toBe(count);
      await totalsReady(page);
      expect(await totalsMatchLines()).toBe(billed);
      const total = await cents(page, 'total');
      const onScreen = await lineRows(page)
        .getByLabel('Description')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));

      // Save draft: on to the invoice's preview.
      await page.getByRole('button', { name: 'Save draft' }).click();
      await page.waitForURL(/\/admin\/invoice\/preview\/[0-9a-f-]{36}$/);
      invoiceId = new URL(page.url()).pathname.split('/').pop() ?? '';
      const draft = await apiCall<Invoice>(token, `/v1/invoices/${invoiceId}`);
      expect(draft.data.status).toBe('draft');
      expect(draft.data.total_cents).toBe(total);
      expect(new Set(draft.data.lines.map((l) => l.package_id))).toEqual(new Set(chosen.map((p) => p.id)));
      expect(draft.data.lines.map((l) => l.description)).toEqual(onScreen);

      // Edit: the guard holds a navigation away from unsaved changes; staying keeps them.
      await page.goto(`/admin/invoice/edit/${invoiceId}`);
      await page.getByRole('heading', { name: 'Edit invoice (draft)', level: 1 }).waitFor();
      await until(() => lineRows(page).count()).toBe(count);
      await totalsReady(page);
      await audit(page, 'desktop edit', found);
      await page.getByLabel('Notes').fill('Fragile: handle with care');
      await page.locator('nav[aria-label="Main"]').first().getByRole('link').first().click();
      const confirm = page.getByRole('dialog', { name: 'Leave without saving?' });
      await confirm.waitFor();
      await settled(page);
      await audit(page, 'desktop leave dialog', found);
      await confirm.getByRole('button', { name: 'Stay on the invoice', exact: true }).click();
      await until(() => confirm.count()).toBe(0);
      expect(new URL(page.url()).pathname).toBe(`/admin/invoice/edit/${invoiceId}`);
      expect(await page.getByLabel('Notes').inputValue()).toBe('Fragile: handle with care');

      // A later due date, then Issue and send.
      const due = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
      const dueField = page.getByRole('textbox', { name: 'Due date' });
      await dueField.fill(due);
      await dueField.press('Tab');
      await shot(page, 'admin-invoice-edit-desktop');
      await page.getByRole('button', { name: 'Issue and send' }).click();
      await page.waitForURL(`**/admin/invoice/preview/${invoiceId}`);
      const issued = await apiCall<Invoice>(token, `/v1/invoices/${invoiceId}`);
      expect(issued.data.status).toBe('issued');
      expect(issued.data.due_at).toBe(due);
      expect(issued.data.total_cents).toBe(total);
      // "Sent" once the queued mail went out, not before.
      await until(
        async () => (await apiCall<Invoice>(token, `/v1/invoices/${invoiceId}`)).data.sent_at,
      ).not.toBeNull();
      const number = issued.data.number ?? '';
      expect(number).toMatch(/^INV-/);

      // The mail in the local mailbox has the PDF, whose text has the number and the total.
      const mail = await findMail(DEMO.customer.email, `Invoice ${number} from`);
      expect(mail.attachments?.[0]?.contentType).toBe('application/pdf');
      const { text } = expectValidPdf(await mailAttachment(mail, 0));
      expect(text).toContain(number);
      expect(text).toContain(jmd(total));

      // An issued invoice changes only as a revision, with why.
      await page.goto(`/admin/invoice/edit/${invoiceId}`);
      await page.getByRole('heading', { name: `Edit invoice ${number}`, level: 1 }).waitFor();
      await totalsReady(page);
      await page.getByLabel('Notes').fill('Fragile: handle with care. Collect at the counter.');
      await page.getByRole('button', { name: 'Save revision' }).click();
      const why = page.getByRole('textbox', { name: 'Why it changes' });
      await until(() => describedText(page, why)).toContain('Say why the issued invoice changes');
      await why.fill('Pickup instructions added');
      await page.getByRole('button', { name: 'Save revision' }).click();
      await page.waitForURL(`**/admin/invoice/preview/${invoiceId}`);
      const revised = await apiCall<Invoice & { revision: number; notes: string }>(
        token,
        `/v1/invoices/${invoiceId}`,
      );
      expect(revised.data.revision).toBe(1);
      expect(revised.data.notes).toBe('Fragile: handle with care. Collect at the counter.');
      expect(revised.data.total_cents).toBe(total);
    });
    expect(found).toEqual([]);
  });

  it('renders the add and edit screens at 375 px: axe clean, no sideways scrolling', async () => {
    expect(invoiceId, 'the desktop journey saved an invoice').not.toBe('');
    const found: string[] = [];
    await withSession(browser(), PHONE, await apiLogin(DEMO.admin), async (page) => {
      await page.goto('/admin/invoice/add');
      await page.getByRole('heading', { name: 'New invoice', level: 1 }).waitFor();
      await totalsReady(page);
      await page.getByRole('button', { name: 'Add a line' }).click();
      await until(() => lineRows(page).count()).toBe(1);
      await settled(page);
      await audit(page, 'phone add', found);
      await expectNoOverflow(page, 'phone add');
      await shot(page, 'admin-invoice-add-phone');
      // Nothing typed stays behind (the leave guard would hold the next page load).
      await page.getByRole('button', { name: 'Remove line 1' }).click();
      await until(() => lineRows(page).count()).toBe(0);

      // The issued invoice: the revision form.
      await page.goto(`/admin/invoice/edit/${invoiceId}`);
      await page.getByRole('heading', { name: /^Edit invoice INV-/, level: 1 }).waitFor();
      await page.getByRole('textbox', { name: 'Why it changes' }).waitFor();
      await totalsReady(page);
      await settled(page);
      await audit(page, 'phone edit', found);
      await expectNoOverflow(page, 'phone edit');
      await shot(page, 'admin-invoice-edit-phone');
    });
    expect(found).toEqual([]);
  });
});
