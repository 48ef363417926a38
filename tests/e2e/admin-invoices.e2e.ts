// Staff invoices (issue 13): a fresh customer has two parcels received; staff bill them (through the API: the form is
// another screen's), find the invoice in the list by search (the filter in the URL), open its preview, send it from
// the drawer (the mail holds the PDF with the number and total), take a partial payment then the rest (partially
// paid → paid); the customer sees the payments and a zero balance; the print view hides the app's chrome and the
// actions; duplicate lands on the new draft's edit route, and the draft is deleted; another issued invoice is sent in
// bulk then cancelled with a reason. axe on each screen and drawer at 1280 px; at 375 px the list and preview
// render, pass axe and do not scroll sideways.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectValidPdf } from '../../src/server/test/pdf';
import { DESKTOP, findMail, mailAttachment, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, settled, shot } from './support/checks';
import { apiCall, apiLogin, DEMO, sharedTokens, until, waitForPath, withSession } from './support/helpers';
import { type Customer, opsCustomer, opsTracking, receiveFor } from './support/operations';

const browser = setupBrowser();

type Line = {
  type: string;
  description: string;
  quantity: number;
  unit_price_cents: number;
  package_id?: string | null;
};
type Invoice = {
  id: string;
  number: string | null;
  status: string;
  total_cents: number;
  balance_cents: number;
  payments: unknown[];
};

/** J$1,234.50, the way the server writes money on the PDF. */
const pdfMoney = (cents: number) =>
  `J$${Math.floor(cents / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, ',')}.${String(cents % 100).padStart(2, '0')}`;
/** 1234.50 as typed in a money field. */
const typed = (cents: number) => (cents / 100).toFixed(2);

async function admin() {
  return (await sharedTokens(DEMO.admin)).access_token;
}

/** Staff bill the customer: their two received parcels (the server's lines), issued at once. */
async function billPackages(c: Customer): Promise<Invoice> {
  await receiveFor(c.mailbox, opsTracking('INVA'), 3.2);
  await receiveFor(c.mailbox, opsTracking('INVB'), 6);
  const token = await admin();
  const unbilled = await apiCall<{ id: string; lines: Line[] }[]>(
    token,
    `/v1/admin/invoices/unbilled?customer_id=${c.id}`,
  );
  expect(unbilled.status, unbilled.message).toBe(200);
  expect(unbilled.data).toHaveLength(2);
  const lines = unbilled.data.flatMap((p) => p.lines);
  expect(lines.length).toBeGreaterThanOrEqual(2);
  return createIssued({ customer_id: c.id, lines, terms: 'Pay within 14 days', notes: 'Two parcels' });
}

/** POST /v1/invoices issuing at once (the create body's `then`). */
async function createIssued(body: object): Promise<Invoice> {
  const created = await apiCall<Invoice>(await admin(), '/v1/invoices', {
    // biome-ignore lint/suspicious/noThenProperty: a field of the create body (a plain JSON value), never awaited
    body: { ...body, then: 'issue' },
  });
  expect(created.status, created.message).toBe(201);
  return created.data;
}

async function issueOther(c: Customer, description: string, cents: number): Promise<Invoice> {
  return createIssued({
    customer_id: c.id,
    lines: [{ type: 'other', description, quantity: 1, unit_price_cents: cents }],
  });
}

async function searchList(page: Page, q: string) {
  await page.goto('/admin/invoice/list');
  await page.getByRole('heading', { name: 'Invoices', level: 1 }).waitFor();
  await page.getByRole('searchbox', { name: 'Search' }).fill(q);
  await waitForPath(page, '/admin/invoice/list', { q });
  await until(() => page.getByTestId('invoice-row').count()).toBe(1);
}

/** Waits until no toast is showing: one fading out is measured half-transparent by axe. */
async function quiet(page: Page) {
  await until(() => page.locator('.mantine-Notification-root').count(), { timeout: 15_000 }).toBe(0);
}

const paperStatus = (page: Page) => page.getByTestId('paper-status').textContent();

describe('staff invoices /admin/invoice', () => {
  it('finds, sends, takes payment on, prints, duplicates and cancels invoices (1280)', async () => {
    const started = Date.now();
    const found: string[] = [];
    const c = await opsCustomer('inv');
    const invoice = await billPackages(c);
    const other = await issueOther(c, 'Storage, 30 days', 150_000);
    const number = invoice.number as string;
    expect(number).toMatch(/\d/);

    await withSession(browser(), DESKTOP, await sharedTokens(DEMO.admin), async (page) => {
      // The list: stat cards and one row for the search, the filter in the URL.
      await searchList(page, number);
      await until(() => page.getByTestId('invoice-stats').textContent()).toContain('Customers invoiced');
      const row = page.getByTestId('invoice-row');
      expect(await row.textContent()).toContain(c.mailbox);
      expect(await row.textContent()).toContain(c.email);
      await settled(page);
      await audit(page, 'invoice list', found);
      await expectNoOverflow(page, 'invoice list');
      await shot(page, 'admin-invoice-list-desktop');
      // The row's actions menu.
      await page.getByRole('button', { name: `Actions for ${number}` }).click();
      await page.getByRole('menuitem', { name: 'Record payment' }).waitFor();
      await audit(page, 'invoice row menu', found);
      await page.keyboard.press('Escape');

      // The preview.
      await row.getByRole('link', { name: number }).click();
      await waitForPath(page, `/admin/invoice/preview/${invoice.id}`);
      await until(() => page.getByTestId('paper-total').textContent()).toBeTruthy();
      expect(await page.getByTestId('invoice-paper').textContent()).toContain(c.mailbox);
      await until(() => page.getByRole('heading', { name: 'History' }).isVisible()).toBe(true);
      await settled(page);
      await audit(page, 'invoice preview', found);
      await expectNoOverflow(page, 'invoice preview');
      await shot(page, 'admin-invoice-preview-desktop');

      // Send from the drawer: prefilled from the server, the PDF named.
      await page.getByRole('button', { name: 'Send', exact: true }).click();
      const send = page.getByRole('dialog', { name: 'Send invoice' });
      await until(() => send.getByRole('textbox', { name: 'To' }).inputValue()).toBe(c.email);
      const subject = await send.getByRole('textbox', { name: 'Subject' }).inputValue();
      expect(subject.length).toBeGreaterThan(0);
      expect(await send.getByTestId('send-attachment').textContent()).toContain('.pdf');
      await audit(page, 'send drawer', found);
      await shot(page, 'admin-invoice-send-desktop', { fullPage: false });
      await send.getByRole('button', { name: 'Send invoice', exact: true }).click();
      await until(() => send.count()).toBe(0);
      const mail = await findMail(c.email, subject);
      expect(mail.attachments?.[0]?.filename).toMatch(/\.pdf$/);
      const pdf = expectValidPdf(await mailAttachment(mail, 0)).text;
      expect(pdf).toContain(number);
      expect(pdf).toContain(pdfMoney(invoice.total_cents));
      expect(pdf).toContain(`${c.first} ${c.last}`);

      // A partial payment, then the rest (the form comes back with the new balance).
      await page.getByRole('button', { name: 'Add payment' }).click();
      const pay = page.getByRole('dialog', { name: 'Payments' });
      const amount = pay.getByRole('textbox', { name: /^Amount/ });
      await until(() => amount.inputValue()).toBe(typed(invoice.total_cents));
      await audit(page, 'payment drawer', found);
      const part = Math.floor(invoice.total_cents / 3);
      await amount.fill(typed(part));
      await pay.getByRole('combobox', { name: 'Method' }).click();
      await page.getByRole('option', { name: 'Cash', exact: true }).click();
      await pay.getByRole('textbox', { name: 'Reference' }).fill('RCPT-1');
      await pay.getByRole('button', { name: 'Record payment' }).click();
      await until(() => paperStatus(page)).toBe('Partially paid');
      await until(() => amount.inputValue()).toBe(typed(invoice.total_cents - part));
      await until(() => pay.getByTestId('payment-row').count()).toBe(1);
      await pay.getByRole('combobox', { name: 'Method' }).click();
      await page.getByRole('option', { name: 'Card', exact: true }).click();
      await pay.getByRole('button', { name: 'Record payment' }).click();
      await until(() => paperStatus(page)).toBe('Paid');
      await until(() => pay.getByTestId('payment-balance').textContent()).toBe('Paid');
      await until(() => pay.getByTestId('payment-row').count()).toBe(2);
      await settled(page);
      await quiet(page);
      await audit(page, 'payment drawer, paid', found);
      await pay.getByRole('button', { name: 'Close payments' }).click();
      await until(() => pay.count()).toBe(0);
      await until(() => page.getByTestId('paper-balance').textContent()).toBe('J$0.00');
      expect(await page.getByTestId('paper-due').textContent()).toBe('Paid — thank you.');

      // The customer, in a browser of their own, sees both payments and nothing left to pay.
      await withSession(browser(), DESKTOP, await apiLogin(c), async (customer) => {
        await customer.goto(`/user/invoices/${invoice.id}`);
        // The same invoice document as staff see (contract/invoices-paper.ts), read by its customer.
        await until(() => customer.getByTestId('paper-due').textContent()).toBe('Paid — thank you.');
        expect(await customer.getByTestId('paper-balance').textContent()).toBe('J$0.00');
        expect(await customer.getByTestId('paper-payment').count()).toBe(2);
        await audit(customer, 'customer invoice with payments', found);
      });

      // Print: only the invoice is on paper.
      await page.evaluate(() => {
        window.print = () => undefined;
      });
      await page.getByRole('button', { name: 'Print' }).click();
      await page.emulateMedia({ media: 'print' });
      expect(await page.locator('nav').first().isVisible()).toBe(false);
      expect(await page.locator('header').first().isVisible()).toBe(false);
      expect(await page.getByTestId('preview-actions').isVisible()).toBe(false);
      expect(await page.getByRole('heading', { name: 'History' }).isVisible()).toBe(false);
      expect(await page.getByTestId('invoice-paper').isVisible()).toBe(true);
      await shot(page, 'admin-invoice-print-desktop');
      await page.emulateMedia({ media: 'screen' });

      // Duplicate: a new draft, opened in the editor; then deleted from its preview.
      await page.getByRole('button', { name: 'Duplicate' }).click();
      await page.waitForURL(
        (u) => u.pathname.startsWith('/admin/invoice/edit/') && !u.pathname.endsWith(invoice.id),
      );
      const copyId = new URL(page.url()).pathname.split('/').pop() as string;
      const copy = await apiCall<Invoice>(await admin(), `/v1/invoices/${copyId}`);
      expect(copy.data.status).toBe('draft');
      await page.goto(`/admin/invoice/preview/${copyId}`);
      await page.getByRole('button', { name: 'Delete draft' }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete this draft?' });
      await confirm.waitFor();
      await quiet(page);
      await audit(page, 'delete draft dialog', found);
      await confirm.getByRole('button', { name: 'Delete' }).click();
      await waitForPath(page, '/admin/invoice/list');
      expect((await apiCall(await admin(), `/v1/invoices/${copyId}`)).status).toBe(404);

      // Bulk send the other invoice, then cancel it with a reason.
      const otherNumber = other.number as string;
      await searchList(page, otherNumber);
      await page.getByRole('checkbox', { name: `Select ${otherNumber}` }).check();
      await page.getByRole('button', { name: 'Send selected' }).click();
      await until(() => page.getByTestId('bulk-result').textContent()).toContain('1 queued to send');
      await findMail(c.email, otherNumber);
      await page.getByRole('button', { name: `Actions for ${otherNumber}` }).click();
      await page.getByRole('menuitem', { name: 'Cancel invoice' }).click();
      const cancel = page.getByRole('dialog', { name: `Cancel invoice ${otherNumber}` });
      await cancel.getByRole('textbox', { name: 'Reason' }).fill('Billed twice by mistake');
      await settled(page);
      await quiet(page);
      await audit(page, 'cancel dialog', found);
      await cancel.getByRole('button', { name: 'Cancel invoice' }).click();
      await until(() => cancel.count()).toBe(0);
      await until(() => page.getByTestId('invoice-row').getByText('Cancelled', { exact: true }).count()).toBe(
        1,
      );
      const cancelled = await apiCall<Invoice & { cancel_reason: string }>(
        await admin(),
        `/v1/invoices/${other.id}`,
      );
      expect(cancelled.data.cancel_reason).toBe('Billed twice by mistake');
    });

    expect(found).toEqual([]);
    console.info(`admin invoices journey: ${((Date.now() - started) / 1000).toFixed(1)} s`);
  });

  it('renders the list and the preview at 375 px', async () => {
    const found: string[] = [];
    const c = await opsCustomer('inv-phone');
    const invoice = await issueOther(c, 'Freight, 4 lb', 240_000);
    await withSession(browser(), PHONE, await sharedTokens(DEMO.admin), async (page) => {
      await page.goto(`/admin/invoice/list?q=${encodeURIComponent(invoice.number as string)}`);
      await until(() => page.getByTestId('invoice-card').count()).toBe(1);
      await settled(page);
      await audit(page, 'phone invoice list', found);
      await expectNoOverflow(page, 'phone invoice list');
      await shot(page, 'admin-invoice-list-phone');
      await page.goto(`/admin/invoice/preview/${invoice.id}`);
      await until(() => page.getByTestId('paper-total').isVisible()).toBe(true);
      await until(() => page.getByRole('heading', { name: 'History' }).isVisible()).toBe(true);
      await settled(page);
      await audit(page, 'phone invoice preview', found);
      await expectNoOverflow(page, 'phone invoice preview');
      await shot(page, 'admin-invoice-preview-phone');
    });
    expect(found).toEqual([]);
  });
});
