// The pickup pass (issue 30): a customer with a parcel ready for pickup opens their pass once online at 375 px, goes
// offline (airplane mode) and reloads: the QR code and the code still show, from the saved data. The clerk types
// the code at /admin/counter (as a handheld scanner would: the code and Enter) and lands on that customer with the
// parcel selected, and releases it; back online the pass says Collected. The share link of the authorized person's
// pass shows that one pass. Axe on the pass screens.
import { describe, expect, it } from 'vitest';
import { newPage, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, settled, shot } from './support/checks';
import {
  apiCall,
  apiLogin,
  apiUrl,
  applyTokens,
  DEMO,
  notification,
  sharedTokens,
  until,
  waitForPath,
  withSession,
} from './support/helpers';
import { controlled, persistedQueryKeys } from './support/offline';
import { opsCustomer, opsTracking, receiveFor } from './support/operations';

const browser = setupBrowser();

type Identification = { id: number; code: string; name: string };

/** A fresh customer with an authorized person and one parcel set Ready for pickup, through the APIs. */
async function customerWithParcelReady() {
  const customer = await opsCustomer('pass');
  const ids = (await (await fetch(apiUrl('/v1/identifications'))).json()) as { data: Identification[] };
  const passport = ids.data.find((i) => i.code === 'passport') as Identification;
  const person = await apiCall(customer.token, '/v1/authorizedpersons', {
    body: {
      full_name: 'Andre Pass',
      identification_id: passport.id,
      id_number: 'PA-66120987',
      phone: '876-555-0199',
      relationship: 'Cousin',
    },
  });
  expect(person.status, person.message).toBe(201);
  const tracking = opsTracking('PASS');
  const packageId = await receiveFor(customer.mailbox, tracking, 2);
  const admin = (await sharedTokens(DEMO.admin)).access_token;
  const ready = await apiCall(admin, '/v1/admin/packages/bulk', {
    body: { action: 'status', ids: [packageId], status: 'ready_for_pickup' },
  });
  expect(ready.status, ready.message).toBe(200);
  return { customer, tracking, passport, packageId };
}

describe('pickup pass', () => {
  it('opens offline at 375 px, is found at the counter by its code and released, then says collected', async () => {
    const { customer, tracking, passport, packageId } = await customerWithParcelReady();
    const found: string[] = [];
    const { context, page } = await newPage(browser(), PHONE);
    page.setDefaultTimeout(15_000);
    try {
      await applyTokens(context, await apiLogin(customer));
      // From the parcel's page, one tap to the pass the counter scans.
      await page.goto(`/user/packages/${packageId}`);
      await page.getByRole('link', { name: 'Show your pickup pass' }).click();
      await waitForPath(page, '/user/pickup-pass');
      await page.getByRole('heading', { name: 'Pickup pass', level: 1 }).waitFor();
      const own = page.getByRole('region', { name: 'Your pass' });
      const code = (await own.getByTestId('pass-code').textContent()) ?? '';
      expect(code).toMatch(/^[2-9A-Z]{4}-[2-9A-Z]{4}$/);
      expect(await own.getByRole('img', { name: `QR code of pickup pass ${code}` }).count()).toBe(1);
      expect(await own.textContent()).toContain(tracking);
      const forPerson = page.getByRole('region', { name: 'For Andre Pass' });
      expect(await forPerson.getByTestId('pass-code').textContent()).not.toBe(code);
      await page.getByRole('button', { name: 'Share pass with Andre Pass' }).waitFor();
      await controlled(page);
      await until(() => persistedQueryKeys(page), { timeout: 10_000 }).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\["pickup-pass"\]/)]),
      );
      await audit(page, 'pass online', found);
      await expectNoOverflow(page, 'pass 375');

      // Airplane mode, then the page reloaded: the pass from the saved data.
      await context.setOffline(true);
      await page.reload();
      await until(() => own.getByTestId('pass-code').textContent()).toBe(code);
      await until(() =>
        own.getByTestId('pass-qr').evaluate((img: HTMLImageElement) => img.naturalWidth),
      ).toBeGreaterThan(0);
      await settled(page);
      await audit(page, 'pass offline', found);
      await expectNoOverflow(page, 'pass offline 375');
      await shot(page, 'pickup-pass-offline-375');

      // The clerk types the code (lower case, as read aloud) and Enter: the customer, the parcel selected.
      await withSession(browser(), PHONE, await sharedTokens(DEMO.admin), async (desk) => {
        await desk.goto('/admin/counter');
        const lookup = desk.getByRole('textbox', { name: 'Mailbox, tracking number or pass code' });
        await until(() => lookup.evaluate((el) => el === document.activeElement)).toBe(true);
        await desk.keyboard.type(code.toLowerCase());
        await desk.keyboard.press('Enter');
        await waitForPath(desk, '/admin/counter', { pass: code.toLowerCase() });
        await desk.getByTestId('counter-pass').waitFor();
        expect(await desk.getByTestId('counter-mailbox').textContent()).toBe(customer.mailbox);
        await desk.getByRole('checkbox', { name: `Select ${tracking}` }).waitFor();
        expect(await desk.getByRole('checkbox', { name: `Select ${tracking}` }).isChecked()).toBe(true);
        await settled(desk);
        await audit(desk, 'counter with a pass', found);
        await expectNoOverflow(desk, 'counter pass 375');
        await shot(desk, 'pickup-pass-counter-375');
        await desk.getByRole('combobox', { name: 'ID type' }).click();
        await desk.getByRole('option', { name: passport.name, exact: true }).click();
        await desk.getByRole('textbox', { name: 'ID number' }).fill('PA-1234567');
        await desk.getByRole('textbox', { name: 'Override reason' }).fill('Paid in cash at the desk');
        await desk.getByRole('button', { name: 'Release 1 parcel' }).click();
        await until(() =>
          notification(desk, `1 parcel released to ${customer.first} ${customer.last}`).count(),
        ).toBe(1);
        // The customer stays at the desk (by mailbox); the pass, used up, no longer finds anyone.
        await waitForPath(desk, '/admin/counter', { mailbox: customer.mailbox });
        await desk.getByText('Nothing waiting for this customer at the branch.').waitFor();
        await lookup.fill(code);
        await desk.keyboard.press('Enter');
        await desk.getByRole('alert').filter({ hasText: 'Pass already used' }).waitFor();
      });

      // Back online: the pass says Collected and shows no code.
      await context.setOffline(false);
      await page.reload();
      await until(() => own.getByTestId('pass-collected').count(), { timeout: 15_000 }).toBe(1);
      expect(await own.getByTestId('pass-code').count()).toBe(0);
      await settled(page);
      await audit(page, 'pass collected', found);
      await shot(page, 'pickup-pass-collected-375');
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  }, 120_000);

  it('the share link shows that one pass at 375 px, axe clean', async () => {
    const { customer } = await customerWithParcelReady();
    const mine = await apiCall<{ pass: { code: string }; shared: { code: string; share_url: string }[] }>(
      customer.token,
      '/v1/pickup-pass',
    );
    expect(mine.status, mine.message).toBe(200);
    const link = mine.data.shared[0];
    if (!link) throw new Error('no pass for the authorized person');
    const found: string[] = [];
    const { context, page } = await newPage(browser(), PHONE);
    page.setDefaultTimeout(15_000);
    try {
      await page.goto(new URL(link.share_url).pathname);
      const pass = page.getByRole('region', { name: 'Pickup pass for Andre Pass' });
      await until(() => pass.getByTestId('pass-code').textContent()).toBe(link.code);
      const text = (await page.textContent('body')) ?? '';
      // Nothing else of the account: not the customer's own code, mailbox or e-mail.
      for (const secret of [mine.data.pass.code, customer.mailbox, customer.email])
        expect(text).not.toContain(secret);
      await settled(page);
      await audit(page, 'shared pass', found);
      await expectNoOverflow(page, 'shared pass 375');
      await shot(page, 'pickup-pass-shared-375');
    } finally {
      await context.close();
    }
    expect(found).toEqual([]);
  }, 60_000);
});
