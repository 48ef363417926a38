// Rates (issue 29): the admin raises the air freight brackets at /admin/rates effective now, and the customer's fee
// page and cost estimator show the new numbers, equal to POST /v1/dutycalculator's; a raise effective tomorrow leaves
// today's estimate as it is. Both screens (/admin/rates, /admin/duties) hold at 375 px with no serious axe violation.
// Afterwards the rates in force are put back as they were (a new version with the same rates, effective now) and
// the scheduled change is deleted, so the other journeys' numbers hold.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { DutyCategory, DutyEstimate } from '../../src/contract/duty';
import { formatMoney } from '../../src/contract/format';
import type { RateSet, RatesOverview } from '../../src/contract/rates';
import { DESKTOP, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot } from './support/checks';
import {
  apiCall,
  asCustomer,
  customerApi,
  DEMO,
  notification,
  sharedTokens,
  until,
  withSession,
} from './support/helpers';

const browser = setupBrowser();
const adminToken = async () => (await sharedTokens(DEMO.admin)).access_token;

async function ratesNow(): Promise<RatesOverview> {
  const reply = await apiCall<RatesOverview>(await adminToken(), '/v1/admin/rates');
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
}

/** The customer's estimate of a 1 lb, US$50 parcel by air (under the de minimis: freight + handling only). */
async function estimateNow(categoryId: number): Promise<DutyEstimate> {
  const reply = await apiCall<DutyEstimate>(
    (await sharedTokens(DEMO.customer)).access_token,
    '/v1/dutycalculator',
    {
      body: { category_id: categoryId, value_usd: 50, weight_lb: 1, shipping_method: 'air' },
    },
  );
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
}

/** Sets a bracket row's charge in the "New rates" form. */
async function setCharge(page: Page, row: number, amount: string) {
  const field = page.getByRole('textbox', { name: `Air freight row ${row} charge` });
  await field.fill(amount);
  await field.press('Tab');
}

describe('rates', () => {
  it('the admin raises air freight effective now: fees and estimator follow; a raise for tomorrow does not', async () => {
    const before = await ratesNow();
    const original = before.current?.rates as RateSet;
    const first = original.freight.air.brackets[0];
    if (!first) throw new Error('no air bracket');
    const raisedCents = first.charge_cents + 10_000;
    const cats = await customerApi<DutyCategory[]>('/v1/dutycategories');
    const general = cats.find((c) => c.code === 'general');
    if (!general) throw new Error('no general category');
    const today = await estimateNow(general.id);
    try {
      await withSession(
        browser(),
        DESKTOP,
        await sharedTokens(DEMO.admin),
        async (page) => {
          await page.goto('/admin/rates');
          await until(() => page.getByRole('heading', { level: 1, name: 'Rates' }).isVisible()).toBe(true);
          const form = page.getByRole('form', { name: 'New rates' });
          await until(() => form.isVisible()).toBe(true);
          await setCharge(page, 1, String(raisedCents / 100));
          // The preview prices the sample under the draft, before anything is saved.
          const preview = page.getByRole('region', { name: 'Preview' });
          // A 1 lb sample falls in the row just changed.
          await preview.getByRole('textbox', { name: 'Sample weight (lb)' }).fill('1');
          await shot(page, 'admin-rates-new-desktop', { fullPage: true });
          await until(() => preview.textContent()).toContain(formatMoney(raisedCents, 'JMD'));
          await form.getByRole('button', { name: 'Save rates' }).click();
          await until(() => notification(page, 'Rates saved').count()).toBe(1);
          await until(
            async () => (await ratesNow()).current?.rates.freight.air.brackets[0]?.charge_cents,
          ).toBe(raisedCents);

          // Tomorrow: a further raise, scheduled, which today's estimate ignores.
          await setCharge(page, 1, String((raisedCents + 50_000) / 100));
          const tomorrow = new Date(Date.now() + 86_400_000);
          const date = `${tomorrow.getFullYear()}-${String(tomorrow.getMonth() + 1).padStart(2, '0')}-${String(tomorrow.getDate()).padStart(2, '0')}`;
          const day = page.getByRole('textbox', { name: /^Effective from/ });
          await day.fill(date);
          await day.press('Tab');
          await page.getByRole('textbox', { name: /^Time/ }).fill('08:00');
          await form.getByRole('button', { name: 'Save rates' }).click();
          await until(async () => (await ratesNow()).scheduled.length).toBe(1);
          const scheduled = page.getByRole('region', { name: 'Scheduled changes' });
          await until(() => scheduled.getByRole('button', { name: /^Delete the rates from/ }).count()).toBe(
            1,
          );
        },
        { stepTimeout: 15_000 },
      );

      const after = await estimateNow(general.id);
      expect(after.freight).toBe(raisedCents);
      expect(after.total).toBe(today.total + 10_000);

      await asCustomer(
        browser(),
        DESKTOP,
        async (page) => {
          // The fee page's first air bracket is the new charge.
          await page.goto('/user/fees');
          const freight = page.getByRole('region', { name: 'Freight table' });
          await until(() => freight.getByRole('row', { name: /^Up to 1 lb/ }).textContent()).toContain(
            formatMoney(raisedCents, 'JMD').replace('J$', ''),
          );
          // The estimator's figures are POST /v1/dutycalculator's.
          await page.goto('/user/packages/cost-estimator');
          const category = page.getByRole('combobox', { name: 'Category' });
          await until(() => category.isEnabled()).toBe(true);
          await category.click();
          await page.getByRole('option', { name: /^General goods/ }).click();
          await page.getByRole('textbox', { name: 'Goods value (US$)' }).fill('50');
          await page.getByRole('textbox', { name: 'Weight (lb)' }).fill('1');
          await page.getByRole('radio', { name: 'Air' }).check();
          await page.getByRole('button', { name: /estimate/i }).click();
          const line = (code: string) => page.locator(`tr[data-line="${code}"] td`).last();
          const amount = (cents: number) => formatMoney(cents, 'JMD').replace('J$', '');
          await until(() => line('freight').textContent(), { timeout: 15_000 }).toContain(
            amount(after.freight),
          );
          expect(await line('total').textContent()).toContain(amount(after.total));
          await shot(page, 'admin-rates-estimator-after', { fullPage: true });
        },
        { stepTimeout: 15_000 },
      );
    } finally {
      const token = await adminToken();
      for (const s of (await ratesNow()).scheduled) {
        await apiCall(token, `/v1/admin/rates/${s.id}`, { method: 'DELETE' });
      }
      const restored = await apiCall(token, '/v1/admin/rates', {
        body: {
          rates: original,
          effective_from: new Date().toISOString(),
          note: 'Restored after the rates journey',
        },
      });
      expect(restored.status, restored.message).toBe(201);
    }
    expect((await estimateNow(general.id)).total).toBe(today.total);
  });

  it('the admin adds a duty category effective now (the estimator offers it), then retires it (it is gone)', async () => {
    const code = `e2e_${Date.now().toString(36)}`;
    const offered = async () => (await customerApi<DutyCategory[]>('/v1/dutycategories')).map((c) => c.code);
    await withSession(
      browser(),
      DESKTOP,
      await sharedTokens(DEMO.admin),
      async (page) => {
        await page.goto('/admin/duties');
        await until(() => page.getByRole('heading', { level: 1, name: 'Duty categories' }).isVisible()).toBe(
          true,
        );
        await page.getByRole('button', { name: 'Add category' }).click();
        const dialog = page.getByRole('dialog');
        await dialog.getByRole('textbox', { name: /^Name/ }).fill('Camera drones');
        await dialog.getByRole('textbox', { name: /^Code/ }).fill(code);
        await dialog.getByRole('textbox', { name: /^Import duty/ }).fill('10');
        await dialog.getByRole('button', { name: 'Add category' }).click();
        await until(() => notification(page, 'Duty category saved').count()).toBe(1);
        await until(offered).toContain(code);
        const row = page.getByRole('row', { name: /^Camera drones/ });
        await until(() => row.textContent()).toContain('Active');
        expect(await row.textContent()).toContain('10\u00a0%');
        await row.getByRole('button', { name: 'Retire Camera drones' }).click();
        await until(() => notification(page, 'Category retired').count()).toBe(1);
        await until(() => row.textContent()).toContain('Retired');
      },
      { stepTimeout: 15_000 },
    );
    expect(await offered()).not.toContain(code);
  });

  it('/admin/rates and /admin/duties hold at 375 px with no serious axe violation', async () => {
    const found: string[] = [];
    await withSession(
      browser(),
      PHONE,
      await sharedTokens(DEMO.admin),
      async (page) => {
        await page.goto('/admin/rates');
        await until(() => page.getByRole('form', { name: 'New rates' }).isVisible()).toBe(true);
        await until(() => page.getByRole('table', { name: 'Preview of the sample parcel' }).isVisible()).toBe(
          true,
        );
        await shot(page, 'admin-rates-375', { fullPage: true });
        await audit(page, 'rates 375', found);
        await expectNoOverflow(page, 'rates 375');

        await page.goto('/admin/duties');
        await until(() => page.getByRole('heading', { level: 1, name: 'Duty categories' }).isVisible()).toBe(
          true,
        );
        await until(() => page.getByRole('button', { name: 'Edit General goods' }).isVisible()).toBe(true);
        await audit(page, 'duties 375', found);
        await expectNoOverflow(page, 'duties 375');
        await page.getByRole('button', { name: 'Add category' }).click();
        const dialog = page.getByRole('dialog');
        await until(() => dialog.getByRole('textbox', { name: /^Name/ }).isVisible()).toBe(true);
        await shot(page, 'admin-duties-add-375', { fullPage: false });
        await audit(page, 'duties add 375', found);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
      },
      { stepTimeout: 15_000 },
    );
    expect(found).toEqual([]);
  });
});
