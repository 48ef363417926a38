// The pickup counter (issue 13) as the demo admin at 1280 px: a fresh customer with an authorized person has a
// parcel ready for pickup on an issued invoice. The admin types the mailbox number and Enter (the URL keeps it),
// sees the parcel unpaid, takes payment in the payment drawer, sees it paid, releases it to the authorized person
// (a wrong ID number first: the server's refusal on the field), and the close-out lists the payment under its
// method. The customer, in a browser of their own, reads "Collected by …" on the package. At 375 px the same
// screens (the customer found by scanning the parcel's label) render without sideways scrolling; axe on every
// screen and the drawer.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, type Size, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, settled, shot } from './support/checks';
import {
  apiCall,
  apiLogin,
  apiUrl,
  DEMO,
  describedText,
  notification,
  sharedTokens,
  until,
  waitForPath,
  withSession,
} from './support/helpers';
import { type Customer, opsCustomer, opsTracking, receiveFor } from './support/operations';

const browser = setupBrowser();
const asAdmin = async (size: Size, journey: (page: Page) => Promise<void>) =>
  withSession(browser(), size, await sharedTokens(DEMO.admin), (page) => journey(page), {
    stepTimeout: 15_000,
  });

const PERSON = { name: 'Devon Clarke', idNumber: 'PA-55120987' };

type Identification = { id: number; code: string; name: string };
type Line = {
  type: string;
  description: string;
  quantity: number;
  unit_price_cents: number;
  package_id?: string | null;
};

/**
 * A fresh customer with an authorized person (a passport), one parcel received and set Ready for pickup by staff,
 * on an invoice issued for it: everything through the APIs, as the customer and the staff would.
 */
async function customerAtCounter(tag: string) {
  const customer: Customer = await opsCustomer(tag);
  const ids = (await (await fetch(apiUrl('/v1/identifications'))).json()) as { data: Identification[] };
  const passport = ids.data.find((i) => i.code === 'passport') as Identification;
  const person = await apiCall<{ id: string }>(customer.token, '/v1/authorizedpersons', {
    body: {
      full_name: PERSON.name,
      identification_id: passport.id,
      id_number: PERSON.idNumber,
      phone: '876-555-0142',
      relationship: 'Brother',
    },
  });
  expect(person.status, person.message).toBe(201);

  const tracking = opsTracking(`CTR${tag.slice(0, 3).toUpperCase()}`);
  const packageId = await receiveFor(customer.mailbox, tracking, 3.2);
  const admin = (await sharedTokens(DEMO.admin)).access_token;
  const ready = await apiCall(admin, '/v1/admin/packages/bulk', {
    body: { action: 'status', ids: [packageId], status: 'ready_for_pickup' },
  });
  expect(ready.status, ready.message).toBe(200);

  const unbilled = await apiCall<{ id: string; lines: Line[] }[]>(
    admin,
    `/v1/admin/invoices/unbilled?customer_id=${customer.id}`,
  );
  expect(unbilled.status, unbilled.message).toBe(200);
  const lines = unbilled.data.find((p) => p.id === packageId)?.lines ?? [];
  const invoice = await apiCall<{ id: string; number: string; total_cents: number; status: string }>(
    admin,
    '/v1/invoices',
    {
      body: {
        customer_id: customer.id,
        lines:
          lines.length > 0
            ? lines
            : [
                {
                  type: 'other',
                  description: 'Freight',
                  quantity: 1,
                  unit_price_cents: 2500,
                  package_id: packageId,
                },
              ],
        // biome-ignore lint/suspicious/noThenProperty: the create body's field (issue at once), plain JSON
        then: 'issue',
      },
    },
  );
  expect(invoice.status, invoice.message).toBe(201);
  expect(invoice.data.status).toBe('issued');
  return { customer, tracking, packageId, invoice: invoice.data, passport };
}

/** The parcel's row in the table (wide screens) or its card (phones). */
const parcelRow = (page: Page, tracking: string) =>
  page
    .getByRole('region', { name: 'Parcels at the branch' })
    .getByRole('row')
    .or(page.getByRole('list', { name: 'Parcels at the branch' }).getByRole('listitem'))
    .filter({ hasText: tracking });
const billing = (page: Page, tracking: string) =>
  parcelRow(page, tracking).locator('[data-billing]').getAttribute('data-billing');

describe('admin pickup counter /admin/counter', () => {
  it('1280 px: look up by mailbox, take payment, release to an authorized person; close-out and the customer see it', async () => {
    const { customer, tracking, packageId, invoice, passport } = await customerAtCounter('counter-desk');
    const found: string[] = [];

    await asAdmin(DESKTOP, async (page) => {
      await page.goto('/admin/counter');
      await page.getByRole('heading', { name: 'Pickup counter', level: 1 }).waitFor();
      // The lookup field has the focus on arrival: a scanner types straight into it.
      const lookup = page.getByRole('textbox', { name: 'Mailbox, tracking number or pass code' });
      await until(() => lookup.evaluate((el) => el === document.activeElement)).toBe(true);
      await audit(page, 'counter (empty)', found);
      await page.keyboard.type(customer.mailbox);
      await page.keyboard.press('Enter');
      await waitForPath(page, '/admin/counter', { mailbox: customer.mailbox });

      await page.getByRole('heading', { name: `${customer.first} ${customer.last}`, level: 2 }).waitFor();
      await until(() => parcelRow(page, tracking).count()).toBe(1);
      expect(await billing(page, tracking)).toBe('unpaid');
      await expect.poll(() => parcelRow(page, tracking).textContent()).toContain('Unpaid');
      const invoiceRow = page
        .getByRole('region', { name: 'Open invoices' })
        .getByRole('row')
        .filter({ hasText: invoice.number });
      await until(() => invoiceRow.count()).toBe(1);
      const balance = await page.getByTestId('balance-due').textContent();
      expect(balance).toMatch(/\d/);
      expect(await page.getByText(PERSON.idNumber).count()).toBe(1);
      // An unpaid parcel selected: the release asks why it leaves without payment.
      await page.getByRole('textbox', { name: 'Override reason' }).waitFor();
      await settled(page);
      await audit(page, 'counter with a customer', found);
      await expectNoOverflow(page, 'counter 1280');
      await shot(page, 'admin-counter-1280');

      // Take payment: the invoices' payment drawer, on the full balance, by card.
      await invoiceRow.getByRole('button', { name: `Take payment on ${invoice.number}` }).click();
      const drawer = page.getByRole('dialog', { name: 'Payments' });
      await drawer.getByRole('form', { name: 'Record a payment' }).waitFor();
      await drawer.getByRole('combobox', { name: 'Method' }).click();
      await page.getByRole('option', { name: 'Card', exact: true }).click();
      await drawer.getByRole('textbox', { name: 'Reference' }).fill('SLIP-4471');
      await settled(page);
      await audit(page, 'payment drawer', found);
      await drawer.getByRole('button', { name: 'Record payment' }).click();
      await until(() => drawer.getByTestId('payment-balance').textContent()).toBe('Paid');
      await drawer.getByRole('button', { name: 'Close payments' }).click();
      await until(() => drawer.count()).toBe(0);

      // Paid: the parcel says so, nothing is owed, and the override reason is gone.
      await until(() => billing(page, tracking)).toBe('paid');
      await until(() => page.getByTestId('balance-due').textContent()).toMatch(/(?<![\d,.])0\.00$/);
      expect(await page.getByText('Nothing owed: no open invoices.').count()).toBe(1);
      await until(() => page.getByRole('textbox', { name: 'Override reason' }).count()).toBe(0);

      // Release to the authorized person: their ID type comes preset; a wrong number is refused by the server.
      await page.getByRole('radio', { name: new RegExp(`^${PERSON.name}`) }).check();
      await until(() => page.getByRole('combobox', { name: 'ID type' }).inputValue()).toBe(passport.name);
      const idNumber = page.getByRole('textbox', { name: 'ID number' });
      await idNumber.fill('PA-00000000');
      await page.getByRole('button', { name: 'Release 1 parcel' }).click();
      await until(() => describedText(page, idNumber)).toContain(
        `Does not match the ID number on record for ${PERSON.name}`,
      );
      expect(await idNumber.getAttribute('aria-invalid')).toBe('true');
      await audit(page, 'release refused', found);
      await idNumber.fill(PERSON.idNumber);
      await page.getByRole('button', { name: 'Release 1 parcel' }).click();
      await until(() => notification(page, `1 parcel released to ${PERSON.name}`).count()).toBe(1);
      // Handed over: no longer waiting; the lookup field is ready for the next customer.
      await until(() => parcelRow(page, tracking).count()).toBe(0);
      await page.getByText('Nothing waiting for this customer at the branch.').waitFor();
      await until(() => lookup.evaluate((el) => el === document.activeElement)).toBe(true);

      // The close-out of today: the payment under Card, the release.
      await page.getByRole('tab', { name: 'Close-out' }).click();
      await waitForPath(page, '/admin/counter', { tab: 'closeout' });
      const report = page.getByTestId('closeout');
      await report.waitFor();
      const card = report
        .getByRole('region', { name: 'Payments by method' })
        .locator('tr[data-method="card"]');
      await until(async () => Number((await card.locator('td').nth(1).textContent()) ?? 0)).toBeGreaterThan(
        0,
      );
      const payments = report.getByRole('region', { name: 'Payments', exact: true });
      const payment = payments.getByRole('row').filter({ hasText: invoice.number });
      await until(() => payment.count()).toBe(1);
      expect(await payment.textContent()).toContain('Card · SLIP-4471');
      const released = report.getByRole('region', { name: 'Parcels released' }).getByRole('row');
      await until(() => released.filter({ hasText: tracking }).count()).toBe(1);
      expect(await released.filter({ hasText: tracking }).textContent()).toContain(
        `${PERSON.name} (Passport)`,
      );
      await settled(page);
      await audit(page, 'close-out', found);
      await expectNoOverflow(page, 'close-out 1280');
      await shot(page, 'admin-counter-closeout-1280');
    });

    // The customer, in a browser of their own, reads who collected the parcel.
    await withSession(browser(), DESKTOP, await apiLogin(customer), async (page) => {
      await page.goto(`/user/packages/${packageId}`);
      await until(() => page.getByText(`Collected by ${PERSON.name}`).count(), {
        timeout: 15_000,
      }).toBeGreaterThan(0);
      expect(await page.content()).not.toContain(PERSON.idNumber);
    });
    expect(found).toEqual([]);
  });

  it('375 px: the counter with a customer and the close-out render without sideways scrolling, axe clean', async () => {
    const { customer, tracking } = await customerAtCounter('counter-phone');
    const found: string[] = [];
    await asAdmin(PHONE, async (page) => {
      // A scanned label finds its customer too (the URL keeps the tracking number).
      await page.goto('/admin/counter');
      const lookup = page.getByRole('textbox', { name: 'Mailbox, tracking number or pass code' });
      await until(() => lookup.evaluate((el) => el === document.activeElement)).toBe(true);
      await page.keyboard.type(tracking);
      await page.keyboard.press('Enter');
      await waitForPath(page, '/admin/counter', { tracking });
      await until(() => parcelRow(page, tracking).count()).toBe(1);
      expect(await page.getByTestId('counter-mailbox').textContent()).toBe(customer.mailbox);
      await page.getByRole('button', { name: 'Release 1 parcel' }).waitFor();
      await settled(page);
      await audit(page, 'counter 375', found);
      await expectNoOverflow(page, 'counter 375');
      await shot(page, 'admin-counter-375');
      await page.getByRole('tab', { name: 'Close-out' }).click();
      await page.getByTestId('closeout').waitFor();
      await settled(page);
      await audit(page, 'close-out 375', found);
      await expectNoOverflow(page, 'close-out 375');
      await shot(page, 'admin-counter-closeout-375');
    });
    expect(found).toEqual([]);
  });
});
