// Issue 29's journey: a forwarder sets itself up without a developer. The platform's operator creates Coral Courier
// on coral.localhost and invites its admin; the admin brands it, sets air freight and a duty category effective now,
// and invites a clerk; a customer signs up on Coral's host and sees Coral's brand and prices (the estimator's figures
// are POST /v1/dutycalculator's); the clerk receives a parcel for them and the admin's invoice for it is priced with
// Coral's rates; the demo company's prices are untouched; a raise effective tomorrow leaves today's estimate as it is.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DutyCategory, DutyEstimate } from '../../src/contract/duty';
import type { Fees } from '../../src/contract/fees';
import { formatMoney } from '../../src/contract/format';
import type { UnbilledPackage } from '../../src/contract/invoices';
import type { RatesOverview } from '../../src/contract/rates';
import { buildPalette, FILLED_SHADE } from '../../src/web/lib/palette';
import { DESKTOP, newPage, PHONE, setupBrowser } from './support/browser';
import { expectClean, shot } from './support/checks';
import { pngFile } from './support/files';
import {
  customerApi,
  DEMO,
  loginWithForm,
  notification,
  type Tokens,
  until,
  waitForPath,
} from './support/helpers';
import { apiOnHost, mailLinkOn, onHost } from './support/hosts';

const browser = setupBrowser();

const CORAL = 'coral.localhost';
const PLATFORM = { email: 'platform@demo.test', password: 'demo-platform-1' };
const RUN = Date.now().toString(36);
const COLOUR = '#c2410c';
/** Coral's first air bracket, set by its admin: J$1,234.00. */
const AIR_FIRST_CENTS = 123_400;
const PASSWORD = 'coral-Passphrase-42';
const customer = {
  email: `shopper-${RUN}@coral.test`,
  first: 'Kemar',
  last: 'Bailey',
};

async function loginOn(host: string, email: string, password = PASSWORD): Promise<Tokens> {
  const reply = await apiOnHost<Tokens>(host, '/v1/auth/login', { body: { email, password } });
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
}

/** A 1 lb, US$50 parcel by air in `categoryId`, as the customer's estimator prices it on `host`. */
async function estimate(host: string, token: string, categoryId: number): Promise<DutyEstimate> {
  const reply = await apiOnHost<DutyEstimate>(host, '/v1/dutycalculator', {
    token,
    body: { category_id: categoryId, value_usd: 50, weight_lb: 1, shipping_method: 'air' },
  });
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
}

/** Opens an invitation link in a page of Coral's host and accepts it: the person lands in the back office. */
async function acceptInvitation(page: Page, link: string, first: string) {
  await page.goto(link);
  await page.getByLabel('First name').fill(first);
  await page.getByLabel('Last name').fill('Coral');
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Accept invitation' }).click();
  await waitForPath(page, '/admin');
}

const amount = (cents: number) => formatMoney(cents, 'JMD').replace('J$', '');

describe('a forwarder sets itself up', () => {
  it('Coral Courier: created, branded, priced and staffed by its people; a customer estimates, is billed at its rates', async () => {
    const demoFees = await customerApi<Fees>('/v1/fees');
    const demoGeneral = (await customerApi<DutyCategory[]>('/v1/dutycategories')).find(
      (c) => c.code === 'general',
    );
    if (!demoGeneral) throw new Error('no general category on the demo company');
    const demoEstimate = await estimate(
      'localhost',
      (await loginOn('localhost', DEMO.customer.email, DEMO.customer.password)).access_token,
      demoGeneral.id,
    );
    const adminEmail = `owner-${RUN}@coral.test`;
    const clerkEmail = `clerk-${RUN}@coral.test`;
    const tracking = `CRL${RUN.toUpperCase()}1`;

    const operator = await newPage(browser(), DESKTOP);
    const admin = await newPage(browser(), { host: CORAL, ...DESKTOP });
    const clerk = await newPage(browser(), { host: CORAL, ...DESKTOP });
    const shopper = await newPage(browser(), { host: CORAL, ...DESKTOP });
    const pages = [operator, admin, clerk, shopper];
    for (const p of pages) p.page.setDefaultTimeout(20_000);
    try {
      // The platform's operator creates the company and invites its first admin.
      const op = operator.page;
      await op.goto('/login');
      await loginWithForm(op, PLATFORM);
      await waitForPath(op, '/admin');
      await op.goto('/platform/companies/new');
      await op.getByLabel('Company name').fill('Coral Courier');
      await op.getByLabel('Short name').fill('Coral');
      await op.getByLabel('Host names').fill(CORAL);
      await op.getByLabel('Mailbox prefix').fill('CRL');
      await op.getByLabel('Brand colour').fill('#ff7f50');
      await op.keyboard.press('Escape');
      await op.getByLabel('Support e-mail').fill('help@coral.test');
      await op.getByLabel('Support phone').fill('876-555-0300');
      await op.getByLabel('Address line 1').fill('2100 NW 42nd Avenue');
      await op.getByLabel('City').fill('Miami');
      await op.getByLabel('State').fill('FL');
      await op.getByLabel('ZIP code').fill('33142');
      await op.getByRole('button', { name: 'Create company' }).click();
      await until(() => op.getByRole('heading', { name: 'Coral Courier', level: 1 }).isVisible()).toBe(true);
      await op.getByRole('textbox', { name: 'E-mail' }).fill(adminEmail);
      await op.getByRole('button', { name: 'Send invitation' }).click();

      // The invitation, in the local mailbox of Coral's host; its admin sets a password and lands in /admin.
      const a = admin.page;
      await acceptInvitation(
        a,
        await mailLinkOn(CORAL, adminEmail, 'You are invited to join Coral Courier'),
        'Ama',
      );

      // Branding: a darker coral (white text stays readable on it) and a logo.
      await a.goto('/admin/settings/branding');
      await until(() => a.getByRole('heading', { name: 'Branding', level: 1 }).isVisible()).toBe(true);
      await a.getByLabel('Logo file').setInputFiles([pngFile('coral-logo.png', 256, 256)]);
      await until(() => notification(a, 'Logo saved').count()).toBe(1);
      const colour = a.getByRole('textbox', { name: 'Brand colour' });
      await colour.fill(COLOUR);
      await a.keyboard.press('Escape');
      await a.getByRole('button', { name: 'Save branding' }).click();
      await until(() => notification(a, 'Branding saved').count()).toBe(1);

      // Rates: the first air bracket at J$1,234.00, effective now (the form's default).
      await a.goto('/admin/rates');
      const form = a.getByRole('form', { name: 'New rates' });
      await until(() => form.isVisible()).toBe(true);
      const charge = a.getByRole('textbox', { name: 'Air freight row 1 charge' });
      await charge.fill(String(AIR_FIRST_CENTS / 100));
      await charge.press('Tab');
      await form.getByRole('button', { name: 'Save rates' }).click();
      await until(() => notification(a, 'Rates saved').count()).toBe(1);

      // A duty category of Coral's own, effective now.
      await a.goto('/admin/duties');
      await a.getByRole('button', { name: 'Add category' }).click();
      const dialog = a.getByRole('dialog');
      await dialog.getByRole('textbox', { name: /^Name/ }).fill('Drones');
      await dialog.getByRole('textbox', { name: /^Code/ }).fill('drones');
      await dialog.getByRole('textbox', { name: /^Import duty/ }).fill('20');
      await dialog.getByRole('textbox', { name: /^GCT/ }).fill('15');
      await dialog.getByRole('button', { name: 'Add category' }).click();
      await until(() => a.getByRole('button', { name: 'Edit Drones' }).isVisible()).toBe(true);

      // A clerk, invited from Staff.
      await a.goto('/admin/staff');
      await a.getByRole('button', { name: 'Invite staff' }).click();
      await a.getByRole('dialog').getByRole('textbox', { name: 'E-mail' }).fill(clerkEmail);
      await a.getByRole('dialog').getByRole('button', { name: 'Send invitation' }).click();
      await until(() => notification(a, `Invitation sent to ${clerkEmail}`).count()).toBe(1);
      await acceptInvitation(
        clerk.page,
        await mailLinkOn(CORAL, clerkEmail, 'You are invited to join Coral Courier'),
        'Omari',
      );

      // A customer signs up on Coral's host and sees Coral: name, colour, logo and install manifest.
      const signup = shopper.page;
      await signup.goto('/signup');
      await signup.getByRole('textbox', { name: 'First name' }).fill(customer.first);
      await signup.getByRole('textbox', { name: 'Last name' }).fill(customer.last);
      await signup.getByRole('textbox', { name: 'Email' }).fill(customer.email);
      await signup.getByRole('textbox', { name: 'Phone' }).fill('876-555-0199');
      await signup.getByLabel('Password', { exact: true }).fill(PASSWORD);
      await signup.getByRole('combobox', { name: 'Parish' }).click();
      await signup.getByRole('option', { name: 'St. Andrew' }).click();
      await signup.getByRole('textbox', { name: 'Address' }).fill('3 Coral Way, Kingston 10');
      await signup.getByRole('button', { name: 'Create account' }).click();
      // Signed in once the form's answer lands (the mail may arrive first under load: opening it sooner would leave
      // the page before the sign-in did).
      await waitForPath(signup, '/verification');
      await signup.goto(await mailLinkOn(CORAL, customer.email, 'Confirm your email'));
      await until(() => signup.getByRole('heading', { name: 'Email verified' }).isVisible()).toBe(true);
      // Still signed in after verifying: the page leads on to the dashboard, not to the login.
      await until(() => signup.getByRole('link', { name: 'Go to your dashboard' }).isVisible()).toBe(true);
      // They come back later and sign in: a new visit, from the login form.
      const visit = await newPage(browser(), { host: CORAL, ...DESKTOP });
      pages.push(visit);
      const s = visit.page;
      s.setDefaultTimeout(20_000);
      await s.goto('/login');
      await loginWithForm(s, { email: customer.email, password: PASSWORD });
      await waitForPath(s, '/user');
      await until(() => s.title()).toContain('Coral Courier');
      // The page's theme-color is the shade the theme fills buttons with (darkened where white text needs it).
      expect(await s.locator('meta[name="theme-color"]').getAttribute('content')).toBe(
        buildPalette(COLOUR)[FILLED_SHADE],
      );
      await until(() => s.locator('img[src^="/brand/logo/"]').first().isVisible()).toBe(true);
      await shot(s, 'self-setup-coral-dashboard');
      const manifest = JSON.parse((await onHost(CORAL, '/manifest.webmanifest')).body) as {
        name: string;
        theme_color: string;
        icons: { src: string; sizes: string }[];
      };
      expect(manifest.name).toBe('Coral Courier');
      expect(manifest.theme_color).toBe(COLOUR);
      expect(manifest.icons.map((i) => i.sizes)).toEqual(expect.arrayContaining(['192x192', '512x512']));
      for (const icon of manifest.icons) expect((await onHost(CORAL, icon.src)).status, icon.src).toBe(200);

      // Coral's prices: the API's estimate, the estimator's screen and the fees page agree.
      const shopperToken = (await loginOn(CORAL, customer.email)).access_token;
      const cats = (await apiOnHost<DutyCategory[]>(CORAL, '/v1/dutycategories', { token: shopperToken }))
        .data;
      const drones = cats.find((c) => c.name === 'Drones');
      if (!drones) throw new Error(`no Drones among ${cats.map((c) => c.name).join(', ')}`);
      const today = await estimate(CORAL, shopperToken, drones.id);
      expect(today.freight).toBe(AIR_FIRST_CENTS);
      await s.goto('/user/packages/cost-estimator');
      const category = s.getByRole('combobox', { name: 'Category' });
      await until(() => category.isEnabled()).toBe(true);
      await category.click();
      await s.getByRole('option', { name: /^Drones/ }).click();
      await s.getByRole('textbox', { name: 'Goods value (US$)' }).fill('50');
      await s.getByRole('textbox', { name: 'Weight (lb)' }).fill('1');
      await s.getByRole('radio', { name: 'Air' }).check();
      await s.getByRole('button', { name: /estimate/i }).click();
      const line = (code: string) => s.locator(`tr[data-line="${code}"] td`).last();
      await until(() => line('freight').textContent()).toContain(amount(today.freight));
      expect(await line('total').textContent()).toContain(amount(today.total));
      const rates = (
        await apiOnHost<RatesOverview>(CORAL, '/v1/admin/rates', {
          token: (await loginOn(CORAL, adminEmail)).access_token,
        })
      ).data;
      const firstBracket = rates.current?.rates.freight.air.brackets[0];
      await s.goto('/user/fees');
      const freight = s.getByRole('region', { name: 'Freight table' });
      await until(() =>
        freight.getByRole('row', { name: new RegExp(`^Up to ${firstBracket?.max_lb} lb`) }).textContent(),
      ).toContain(amount(AIR_FIRST_CENTS));

      // The clerk receives a parcel for the customer.
      const me = await apiOnHost<{ id: string; mailbox_number: string }>(CORAL, '/v1/auth/me', {
        token: shopperToken,
      });
      expect(me.data.mailbox_number).toMatch(/^CRL/);
      const c = clerk.page;
      await c.goto('/admin/receive');
      const field = (name: string) => c.getByRole('textbox', { name, exact: true });
      await until(() => field('Tracking number').isVisible()).toBe(true);
      await field('Tracking number').fill(tracking);
      await field('Weight (lb)').fill('1');
      await field('Mailbox number').fill(me.data.mailbox_number);
      await until(() => c.getByTestId('intake-lookup').textContent()).toContain(
        `${customer.first} ${customer.last}`,
      );
      await c.getByRole('button', { name: 'Save (Ctrl+Enter)' }).click();
      await until(() => notification(c, `Received for ${customer.first} ${customer.last}`).count()).toBe(1);

      // The admin's invoice for it: the charges come from Coral's rates.
      const adminToken = (await loginOn(CORAL, adminEmail)).access_token;
      const unbilled = await apiOnHost<UnbilledPackage[]>(
        CORAL,
        `/v1/admin/invoices/unbilled?customer_id=${me.data.id}`,
        { token: adminToken },
      );
      const parcel = unbilled.data.find((p) => p.tracking_number === tracking);
      if (!parcel) throw new Error(`${tracking} is not among the unbilled parcels`);
      const freightLine = parcel.lines.find((l) => l.type === 'shipping');
      expect(freightLine?.unit_price_cents).toBe(AIR_FIRST_CENTS);
      const invoice = await apiOnHost<{
        total_cents: number;
        lines: { type: string; line_total_cents: number }[];
      }>(CORAL, '/v1/invoices', {
        token: adminToken,
        // biome-ignore lint/suspicious/noThenProperty: the create body's field (issue at once), a plain JSON value
        body: { customer_id: me.data.id, lines: parcel.lines, then: 'issue' },
      });
      expect(invoice.status, invoice.message).toBe(201);
      expect(invoice.data.lines.find((l) => l.type === 'shipping')?.line_total_cents).toBe(AIR_FIRST_CENTS);

      // The demo company's prices are untouched.
      expect(await customerApi<Fees>('/v1/fees')).toEqual(demoFees);
      const demoToken = (await loginOn('localhost', DEMO.customer.email, DEMO.customer.password))
        .access_token;
      expect(await estimate('localhost', demoToken, demoGeneral.id)).toEqual(demoEstimate);

      // A raise effective tomorrow leaves today's estimate as it is, and is listed as scheduled.
      const current = rates.current?.rates;
      if (!current) throw new Error('no rates in force on Coral');
      const raised = structuredClone(current);
      const first = raised.freight.air.brackets[0];
      if (first) first.charge_cents = AIR_FIRST_CENTS + 50_000;
      const tomorrow = await apiOnHost(CORAL, '/v1/admin/rates', {
        token: adminToken,
        body: {
          rates: raised,
          effective_from: new Date(Date.now() + 86_400_000).toISOString(),
          note: 'Tomorrow',
        },
      });
      expect(tomorrow.status, tomorrow.message).toBe(201);
      expect(await estimate(CORAL, shopperToken, drones.id)).toEqual(today);
      const after = (await apiOnHost<RatesOverview>(CORAL, '/v1/admin/rates', { token: adminToken })).data;
      expect(after.scheduled.map((v) => v.rates.freight.air.brackets[0]?.charge_cents)).toEqual([
        AIR_FIRST_CENTS + 50_000,
      ]);
    } finally {
      for (const p of pages) await p.context.close();
    }
  }, 180_000); // nine screens by four people: longer than one journey's default minute on a loaded machine

  it("Coral's customer screens hold at 375 px in its colours, with no serious axe violation", async () => {
    const { context, page } = await newPage(browser(), { host: CORAL, ...PHONE });
    try {
      await page.goto('/login');
      await loginWithForm(page, { email: customer.email, password: PASSWORD });
      await waitForPath(page, '/user');
      await until(() => page.title()).toContain('Coral Courier');
      await expectClean(page, 'coral dashboard 375');
      await page.goto('/user/fees');
      await until(() => page.getByRole('region', { name: 'Freight table' }).isVisible()).toBe(true);
      await expectClean(page, 'coral fees 375');
      await page.goto('/user/packages/cost-estimator');
      await until(() => page.getByRole('combobox', { name: 'Category' }).isEnabled()).toBe(true);
      await expectClean(page, 'coral estimator 375');
      await shot(page, 'self-setup-coral-estimator-375');
    } finally {
      await context.close();
    }
  });
});
