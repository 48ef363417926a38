// Online payments (issue 30) with the built-in test provider: a customer pays an issued invoice by card and comes
// back to Paid, a receipt mail and more points, and the staff invoice lists the online payment; a declined card
// leaves the invoice unpaid with the reason; a replayed or tampered return URL changes nothing; a customer who closed
// the provider's tab still ends Paid once the attempt is re-checked. Screens at 375 and 1280 px, axe on each.
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail } from '../../src/contract/invoices';
import type { CheckoutResult, PaymentAttempt } from '../../src/contract/payments';
import { artifacts, DESKTOP, findMail, PHONE, setupBrowser } from './support/browser';
import { expectClean, shot } from './support/checks';
import {
  type Account,
  apiCall,
  apiLogin,
  DEMO,
  freshAccount,
  sharedTokens,
  type Tokens,
  until,
  waitForPath,
  whoAmI,
  withSession,
} from './support/helpers';

const browser = setupBrowser();
const APPROVES = '4242 4242 4242 4242';
const DECLINES = '4000 0000 0000 0002';
const STEP = { stepTimeout: 15_000 };

let customer: Account & { first: string };
let tokens: Tokens;
let customerId: string;
const admin = async () => (await sharedTokens(DEMO.admin)).access_token;

/** "1,234.56" from cents, as the screens write it after "J$". */
const digits = (cents: number) =>
  (cents / 100).toLocaleString('en-US', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

async function setProvider(provider: 'none' | 'test') {
  const reply = await apiCall(await admin(), '/v1/settings/payments', { method: 'PUT', body: { provider } });
  expect(reply.status, reply.message).toBe(200);
}

/** An issued invoice of the journey's customer, with one line of this amount. */
async function issue(description: string, cents: number): Promise<InvoiceDetail & { number: string }> {
  const created = await apiCall<InvoiceDetail>(await admin(), '/v1/invoices', {
    body: {
      customer_id: customerId,
      lines: [{ type: 'other', description, quantity: 1, unit_price_cents: cents }],
      // biome-ignore lint/suspicious/noThenProperty: a field of the create body (a plain JSON value), never awaited
      then: 'issue',
    },
  });
  expect(created.status, created.message).toBe(201);
  return created.data as InvoiceDetail & { number: string };
}

const invoiceNow = async (id: string) => {
  const reply = await apiCall<InvoiceDetail>(tokens.access_token, `/v1/invoices/${id}`);
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
};
const pointsNow = async () =>
  (await apiCall<{ balance: number }>(tokens.access_token, '/v1/points')).data.balance;
const livePayments = (inv: InvoiceDetail) => inv.payments.filter((p) => p.reversed_at === null);

/** From the invoice's page to the provider's card form (a double click: one checkout); answers the attempt. */
async function payFromInvoice(page: Page, inv: InvoiceDetail, shotName?: string): Promise<PaymentAttempt> {
  await page.goto(`/user/invoices/${inv.id}`);
  const button = page.getByRole('button', { name: `Pay J$${digits(inv.balance_cents)} now` });
  await button.waitFor();
  if (shotName) await shot(page, shotName);
  let checkouts = 0;
  page.on('request', (r) => {
    if (r.url().endsWith('/v1/payments/checkout') && r.method() === 'POST') checkouts += 1;
  });
  await button.dblclick();
  await page.waitForURL((u) => u.pathname.startsWith('/v1/payments/test/'));
  expect(checkouts, 'checkouts started by a double click').toBe(1);
  const id = new URL(page.url()).pathname.split('/').pop() ?? '';
  const reply = await apiCall<PaymentAttempt>(tokens.access_token, `/v1/payments/attempts/${id}`);
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
}

/** Types a card on the test provider's page and pays; answers the signed return URL the browser was sent to. */
async function payWithCard(page: Page, card: string, cents: number): Promise<string> {
  await page.getByLabel('Card number').fill(card);
  const [back] = await Promise.all([
    page.waitForRequest((r) => r.url().includes('/v1/payments/return/test')),
    page.getByRole('button', { name: `Pay J$${digits(cents)}` }).click(),
  ]);
  return back.url();
}

let approvedReturn = '';

beforeAll(async () => {
  customer = await freshAccount('pay');
  tokens = await apiLogin(customer);
  customerId = (await whoAmI(tokens.access_token)).id;
  await setProvider('test');
});

afterAll(async () => {
  // The demo company goes back to no online payments, as the other journeys know it.
  await setProvider('none');
});

describe('online payments with the test provider', () => {
  it('pays an invoice by card: Paid, a receipt mail, more points, and the staff invoice lists it', async () => {
    const inv = await issue('Freight, e2e online payment', 1_234_56);
    const pointsBefore = await pointsNow();
    let attempt: PaymentAttempt | undefined;
    await withSession(
      browser(),
      PHONE,
      tokens,
      async (page) => {
        await page.goto(`/user/invoices/${inv.id}`);
        await page.getByRole('button', { name: `Pay J$${digits(inv.balance_cents)} now` }).waitFor();
        await shot(page, 'payments-invoice-pay-375');
        await expectClean(page, 'invoice with Pay button 375');
        attempt = await payFromInvoice(page, inv);
        expect(attempt.amount_cents).toBe(inv.balance_cents);
        await shot(page, 'payments-test-provider-375');
        approvedReturn = await payWithCard(page, APPROVES, inv.balance_cents);
        await waitForPath(page, `/user/invoices/payment/${attempt.id}`);
        await until(() => page.getByTestId('payment-paid').textContent(), { timeout: 15_000 }).toBe(
          `Paid: J$${digits(inv.balance_cents)} on invoice ${inv.number}`,
        );
        await shot(page, 'payments-return-paid-375');
        await expectClean(page, 'payment paid 375');
        await page.getByRole('link', { name: `View invoice ${inv.number}` }).click();
        await waitForPath(page, `/user/invoices/${inv.id}`);
        // The invoice's own badge says Paid (the page was refreshed when the payment landed).
        await page.locator('main h1 + [data-status="paid"]').waitFor();
        expect(await page.getByRole('button', { name: /^Pay J\$/ }).count()).toBe(0);
      },
      STEP,
    );
    const paid = await invoiceNow(inv.id);
    expect(paid.status).toBe('paid');
    expect(livePayments(paid).map((p) => p.method)).toEqual(['online']);
    const mail = await findMail(customer.email, 'Payment received');
    expect(mail.text).toContain(inv.number);
    expect(mail.text).toContain(digits(inv.balance_cents));
    const pointsAfter = await pointsNow();
    expect(pointsAfter, 'points earned by paying').toBeGreaterThan(pointsBefore);
    console.log(
      `[payments] paid ${inv.number}: points ${pointsBefore} → ${pointsAfter}, receipt "${mail.subject}"`,
    );

    // Staff see the online payment on the invoice, with the provider's reference.
    const reference = livePayments(paid)[0]?.reference ?? '';
    expect(reference, 'the provider reference is kept').not.toBe('');
    await withSession(
      browser(),
      DESKTOP,
      await sharedTokens(DEMO.admin),
      async (page) => {
        await page.goto(`/admin/invoice/preview/${inv.id}`);
        await until(() => page.locator('main').textContent(), { timeout: 15_000 }).toContain(reference);
        expect(await page.locator('main').textContent()).toMatch(/Online/);
        await shot(page, 'payments-staff-invoice-1280');
      },
      STEP,
    );
  }, 90_000);

  it('a declined card leaves the invoice unpaid and says why', async () => {
    const inv = await issue('Freight, e2e declined card', 55_000);
    await withSession(
      browser(),
      DESKTOP,
      tokens,
      async (page) => {
        const attempt = await payFromInvoice(page, inv, 'payments-invoice-pay-1280');
        await payWithCard(page, DECLINES, inv.balance_cents);
        await waitForPath(page, `/user/invoices/payment/${attempt.id}`);
        await page.getByRole('heading', { name: 'Payment declined' }).waitFor();
        expect((await page.getByTestId('payment-reason').textContent())?.trim()).not.toBe('');
        await page.getByRole('button', { name: 'Try again' }).waitFor();
        await shot(page, 'payments-return-declined-1280');
        await expectClean(page, 'payment declined 1280');
      },
      STEP,
    );
    const after = await invoiceNow(inv.id);
    expect(after.status).toBe('issued');
    expect(after.balance_cents).toBe(inv.balance_cents);
    expect(livePayments(after)).toEqual([]);
  }, 60_000);

  it('a replayed or tampered return URL changes nothing', async () => {
    expect(approvedReturn, 'the approved payment ran first').toContain('sig=');
    const open = await issue('Freight, e2e tampered result', 70_000);
    const started = await apiCall<CheckoutResult>(tokens.access_token, '/v1/payments/checkout', {
      body: { invoice_ids: [open.id] },
    });
    expect(started.status, started.message).toBe(201);
    const pending = started.data.attempt;
    const original = new URL(approvedReturn);
    const paidId = original.searchParams.get('attempt') ?? '';
    const paidInvoice = (
      await apiCall<PaymentAttempt>(tokens.access_token, `/v1/payments/attempts/${paidId}`)
    ).data.invoices[0]?.id as string;
    const variants: [string, Record<string, string>][] = [
      ['replayed as it was', {}],
      ['another attempt', { attempt: pending.id, amount: digits(open.balance_cents).replace(/,/g, '') }],
      ['another amount', { amount: '1.00' }],
      ['another currency', { currency: 'USD' }],
      ['a bad signature', { attempt: pending.id, sig: 'f'.repeat(64) }],
    ];
    await withSession(
      browser(),
      DESKTOP,
      tokens,
      async (page) => {
        for (const [label, change] of variants) {
          const url = new URL(original);
          for (const [k, v] of Object.entries(change)) url.searchParams.set(k, v);
          await page.goto(url.pathname + url.search);
          await page.waitForURL((u) => u.pathname.startsWith('/user/'));
          await page.locator('main').waitFor();
          const attemptNow = (
            await apiCall<PaymentAttempt>(tokens.access_token, `/v1/payments/attempts/${pending.id}`)
          ).data;
          expect(attemptNow.status, label).toBe('pending');
          expect(livePayments(await invoiceNow(open.id)), label).toEqual([]);
          expect(livePayments(await invoiceNow(paidInvoice)), label).toHaveLength(1);
        }
      },
      STEP,
    );
    console.log(`[payments] ${variants.length} replayed or tampered returns: 0 payments recorded`);
  }, 60_000);

  it('closing the tab before coming back still ends Paid once the attempt is re-checked', async () => {
    const inv = await issue('Freight, e2e closed tab', 42_000);
    await withSession(
      browser(),
      PHONE,
      tokens,
      async (page) => {
        const attempt = await payFromInvoice(page, inv);
        await page.getByRole('button', { name: 'Approve and close the tab' }).click();
        await page.getByRole('heading', { name: 'Payment approved' }).waitFor();
        // The customer never came back: nothing recorded yet.
        expect((await invoiceNow(inv.id)).status).toBe('issued');
        // Later, the attempt is asked about (its page re-checks a pending attempt with the provider).
        await page.goto(`/user/invoices/payment/${attempt.id}`);
        await until(() => page.getByTestId('payment-paid').textContent(), { timeout: 15_000 }).toContain(
          inv.number,
        );
      },
      STEP,
    );
    const after = await invoiceNow(inv.id);
    expect(after.status).toBe('paid');
    expect(livePayments(after)).toHaveLength(1);
  }, 60_000);

  it('the admin sets online payments up in Company settings; offline the Pay button says why', async () => {
    await withSession(
      browser(),
      PHONE,
      await sharedTokens(DEMO.admin),
      async (page) => {
        await page.goto('/admin/settings');
        const section = page.getByRole('form', { name: 'Online payments' });
        await section.getByRole('radio', { name: 'Test provider (no real money)' }).waitFor();
        expect(await section.getByRole('radio', { name: 'Test provider (no real money)' }).isChecked()).toBe(
          true,
        );
        await section.getByRole('radio', { name: 'WiPay' }).check();
        await section.getByRole('textbox', { name: 'Account number' }).waitFor();
        expect(await section.getByLabel('API key').getAttribute('type')).toBe('password');
        await section.screenshot({ path: `${artifacts}/payments-settings-375.png` });
        await expectClean(page, 'online payment settings 375');
        // Nothing saved: Undo puts the test provider back.
        await section.getByRole('button', { name: 'Undo' }).click();
        expect(await section.getByRole('radio', { name: 'Test provider (no real money)' }).isChecked()).toBe(
          true,
        );
      },
      STEP,
    );
    const inv = await issue('Freight, e2e offline', 10_000);
    await withSession(
      browser(),
      PHONE,
      tokens,
      async (page, context) => {
        await page.goto(`/user/invoices/${inv.id}`);
        const button = page.getByRole('button', { name: `Pay J$${digits(inv.balance_cents)} now` });
        await button.waitFor();
        await context.setOffline(true);
        await until(() => button.isDisabled()).toBe(true);
        await page.getByText("Paying needs a connection: you're offline").waitFor();
        await shot(page, 'payments-offline-375');
        await context.setOffline(false);
        // The list offers one payment for every unpaid invoice (the declined one, the tampered one's, this one).
        await page.goto('/user/invoices');
        await page.getByRole('button', { name: /^Pay all \(\d+ invoices\)$/ }).waitFor();
        await shot(page, 'payments-invoices-pay-all-375');
        await expectClean(page, 'invoices with Pay all 375');
      },
      STEP,
    );
  }, 60_000);
});
