// Company settings (issue 16): the admin opens the screen from the keyboard (Ctrl+K), changes the bank account's name
// and the customer's unpaid invoice says the new name under "How to pay"; the screen at 1280 and 375 px in both
// themes, with axe; a clerk (staff, not admin) has no entry for it and is turned away at its address. The account
// name is restored in a `finally`: no other journey asserts it, and the payment section is put back as it was.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { InvoiceDetail, InvoiceSummary } from '../../src/contract/invoices';
import type { CompanySettings } from '../../src/contract/settings';
import { DESKTOP, PHONE, type Size, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot } from './support/checks';
import {
  apiCall,
  asCustomer,
  customerApi,
  DEMO,
  notification,
  sharedTokens,
  until,
  waitForPath,
  withSession,
} from './support/helpers';

const browser = setupBrowser();
const NEW_NAME = 'Island Express Trading Ltd';

const adminToken = async () => (await sharedTokens(DEMO.admin)).access_token;

async function settingsNow(): Promise<CompanySettings> {
  const reply = await apiCall<CompanySettings>(await adminToken(), '/v1/settings');
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
}

/** Opens the search panel (fetched once the page is idle: press the shortcut until it answers). */
async function openSearch(page: Page) {
  const search = page.getByRole('textbox', { name: /^Search the menu/ });
  for (let attempt = 0; attempt < 20 && !(await search.isVisible()); attempt++) {
    await page.keyboard.press('Control+K');
    await search.waitFor({ state: 'visible', timeout: 500 }).catch(() => {});
  }
  expect(await search.isVisible()).toBe(true);
  return search;
}

/** The links of the main navigation (behind the burger on a phone). */
async function navLinks(page: Page, size: Size): Promise<string[]> {
  if (size === PHONE) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    await until(() => nav.getByRole('link').count()).toBeGreaterThan(3);
    const names = await nav.getByRole('link').allInnerTexts();
    await page.keyboard.press('Escape');
    await until(() => page.getByRole('dialog').count()).toBe(0);
    return names.map((n) => n.trim());
  }
  const nav = page.locator('nav[aria-label="Main"]').first();
  await until(() => nav.getByRole('link').count()).toBeGreaterThan(3);
  return (await nav.getByRole('link').allInnerTexts()).map((n) => n.trim());
}

const heading = (page: Page) => page.getByRole('heading', { level: 1, name: 'Company settings' });

async function inTheme(page: Page, scheme: 'light' | 'dark') {
  await page.evaluate((s) => window.localStorage.setItem('mantine-color-scheme-value', s), scheme);
  await page.reload();
  await until(() => page.evaluate(() => document.documentElement.dataset.mantineColorScheme)).toBe(scheme);
  await until(() => heading(page).isVisible()).toBe(true);
  await until(() => page.getByRole('region', { name: 'History' }).isVisible()).toBe(true);
}

describe('company settings', () => {
  it('the admin changes the bank account’s name from the keyboard; the customer’s unpaid invoice says it', async () => {
    const before = await settingsNow();
    const list = await customerApi<{ items: InvoiceSummary[] }>('/v1/invoices?pageSize=100');
    const unpaid = list.items.find((i) => ['issued', 'partially_paid', 'overdue'].includes(i.status));
    if (!unpaid?.number) throw new Error('the demo customer has an unpaid invoice');
    try {
      await withSession(
        browser(),
        DESKTOP,
        await sharedTokens(DEMO.admin),
        async (page) => {
          await page.goto('/admin');
          expect(await navLinks(page, DESKTOP)).toContain('Company settings');
          // Keyboard only: Ctrl+K, the screen's name, the first result.
          const search = await openSearch(page);
          await page.keyboard.type('Company settings');
          await until(() => page.getByRole('button', { name: /^Company settings/ }).count()).toBeGreaterThan(
            0,
          );
          await page.keyboard.press('ArrowDown');
          await page.keyboard.press('Enter');
          await waitForPath(page, '/admin/settings');
          await until(() => search.isVisible()).toBe(false);
          await until(() => heading(page).isVisible()).toBe(true);

          const payment = page.getByRole('form', { name: 'Payment' });
          const save = payment.getByRole('button', { name: 'Save payment' });
          const field = payment.getByLabel('Account name (optional)');
          await until(() => field.inputValue()).toBe(before.payment.bank_transfer.account_name);
          expect(await save.isDisabled(), 'nothing changed yet').toBe(true);
          await field.focus();
          await page.keyboard.press('ControlOrMeta+A');
          await page.keyboard.type(NEW_NAME);
          expect(await save.isDisabled()).toBe(false);
          expect(await page.getByTestId('settings-payment-preview').textContent()).toContain(
            `Bank transfer to ${NEW_NAME}`,
          );
          // Enter in a field sends its section.
          await page.keyboard.press('Enter');
          await until(() => notification(page, 'Payment saved').count()).toBe(1);
          await until(() => save.isDisabled()).toBe(true);
          // The history names the change, before → after.
          const history = page.getByRole('region', { name: 'History' });
          await until(() => history.textContent()).toContain(NEW_NAME);
          expect(await history.textContent()).toContain(
            `Account name: ${before.payment.bank_transfer.account_name}`,
          );
        },
        { stepTimeout: 15_000 },
      );

      const saved = await settingsNow();
      expect(saved.payment.bank_transfer.account_name).toBe(NEW_NAME);
      expect(saved.payment.bank_transfer.account_number).toBe(before.payment.bank_transfer.account_number);

      // The customer reads the new name on the unpaid invoice.
      const detail = await customerApi<InvoiceDetail>(`/v1/invoices/${unpaid.id}`);
      expect(detail.how_to_pay?.bank_transfer?.account_name).toBe(NEW_NAME);
      await asCustomer(
        browser(),
        PHONE,
        async (page) => {
          await page.goto(`/user/invoices/${unpaid.id}`);
          const pay = page.getByRole('region', { name: 'How to pay' });
          await until(() => pay.textContent()).toContain(NEW_NAME);
          expect(await pay.textContent()).toContain(`Reference${unpaid.number}`);
          await shot(page, 'settings-invoice-how-to-pay-phone', { fullPage: true });
        },
        { stepTimeout: 15_000 },
      );
    } finally {
      const restored = await apiCall<CompanySettings>(await adminToken(), '/v1/settings', {
        method: 'PUT',
        body: { payment: before.payment },
      });
      expect(restored.status, restored.message).toBe(200);
    }
    expect((await settingsNow()).payment).toEqual(before.payment);
  });

  it('holds at 1280 and 375 px in both themes, with no serious axe violation', async () => {
    const found: string[] = [];
    for (const size of [DESKTOP, PHONE]) {
      await withSession(
        browser(),
        size,
        await sharedTokens(DEMO.admin),
        async (page) => {
          await page.goto('/admin/settings');
          for (const scheme of ['light', 'dark'] as const) {
            await inTheme(page, scheme);
            // The time zone picker is searchable; the preview says what customers read.
            const zone = page
              .getByRole('form', { name: 'Time zone' })
              .getByRole('combobox', { name: /^Time zone/ });
            expect(await zone.inputValue()).toMatch(/^America\/Jamaica/);
            expect(await page.getByTestId('settings-points-preview').textContent()).toMatch(
              /^1 point per J\$/,
            );
            await shot(page, `admin-settings-${size.width}-${scheme}`, { fullPage: true });
            if (size === DESKTOP && scheme === 'light') {
              // The zone is picked by typing part of its name; nothing is saved here (every journey's dates use it).
              const timeZone = page.getByRole('form', { name: 'Time zone' });
              await zone.focus();
              await page.keyboard.press('ControlOrMeta+A');
              await page.keyboard.type('Toronto');
              const option = page.getByRole('option', { name: /^America\/Toronto \(UTC-0[45]:00\)$/ });
              await until(() => option.isVisible()).toBe(true);
              await shot(page, 'admin-settings-time-zone-search', { fullPage: false });
              await page.keyboard.press('ArrowDown');
              await page.keyboard.press('Enter');
              await until(() => zone.inputValue()).toMatch(/^America\/Toronto/);
              const saveZone = timeZone.getByRole('button', { name: 'Save time zone' });
              expect(await saveZone.isDisabled()).toBe(false);
              await timeZone.getByRole('button', { name: 'Undo' }).click();
              await until(() => zone.inputValue()).toMatch(/^America\/Jamaica/);
              expect(await saveZone.isDisabled()).toBe(true);
            }
            await audit(page, `company settings ${size.width} ${scheme}`, found);
            await expectNoOverflow(page, `company settings ${size.width} ${scheme}`);
          }
        },
        { stepTimeout: 15_000 },
      );
    }
    expect(found).toEqual([]);
  });

  it('a clerk (staff, not admin) has no entry for it and is turned away at its address', async () => {
    for (const size of [DESKTOP, PHONE]) {
      await withSession(
        browser(),
        size,
        await sharedTokens(DEMO.clerk),
        async (page) => {
          await page.goto('/admin');
          const links = await navLinks(page, size);
          expect(links).toContain('Packages');
          expect(links).not.toContain('Company settings');
          await page.goto('/admin/settings');
          await waitForPath(page, '/error/not-authorized');
          await until(() => page.getByRole('heading', { name: 'You are not authorized!' }).isVisible()).toBe(
            true,
          );
        },
        { stepTimeout: 15_000 },
      );
    }
    const reply = await apiCall((await sharedTokens(DEMO.clerk)).access_token, '/v1/settings');
    expect(reply.status).toBe(403);
  });
});
