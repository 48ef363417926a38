// Set-up and checks of the language journeys.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { apiCall, DEMO, sharedTokens, until } from './helpers';
import { opsCustomer, opsTracking, receiveFor } from './operations';

type Line = {
  type: string;
  description: string;
  quantity: number;
  unit_price_cents: number;
  package_id?: string;
};

/**
 * A fresh customer with `parcels` parcels received (the first one's tracking number kept) and one issued invoice;
 * their saved language is `locale` (as if they had chosen it on another device).
 */
export async function invoicedCustomer(tag: string, parcels = 2, locale = 'en') {
  const customer = await opsCustomer(tag);
  const saved = await apiCall(customer.token, '/v1/profile', { method: 'PUT', body: { locale } });
  expect(saved.status, saved.message).toBe(200);
  const tracking = opsTracking(tag.slice(0, 3).toUpperCase());
  const firstId = await receiveFor(customer.mailbox, tracking, 3.2);
  const receive = async (n: number) => {
    for (let i = 0; i < n; i += 1)
      await receiveFor(customer.mailbox, opsTracking(`${tag.slice(0, 2)}X`), 1.5);
  };
  await receive(parcels - 1);
  const admin = (await sharedTokens(DEMO.admin)).access_token;
  const unbilled = await apiCall<{ id: string; lines: Line[] }[]>(
    admin,
    `/v1/admin/invoices/unbilled?customer_id=${customer.id}`,
  );
  const lines = unbilled.data.find((p) => p.id === firstId)?.lines ?? [];
  const invoice = await apiCall<{ id: string; number: string }>(admin, '/v1/invoices', {
    body: {
      customer_id: customer.id,
      lines: lines.length
        ? lines
        : [
            {
              type: 'other',
              description: 'Freight',
              quantity: 1,
              unit_price_cents: 2500,
              package_id: firstId,
            },
          ],
      // biome-ignore lint/suspicious/noThenProperty: the create body's field (issue at once), plain JSON
      then: 'issue',
    },
  });
  expect(invoice.status, invoice.message).toBe(201);
  return { ...customer, tracking, invoice: invoice.data, receive };
}

/** Picks a language in the user menu (its "Language" section lists each by its own name), as a person does. */
export async function chooseLanguage(page: Page, name: string) {
  await page.getByRole('button', { name: /^User menu/ }).click();
  await page.getByRole('menuitem', { name, exact: true }).click();
  await until(() => page.locator('html').getAttribute('lang')).not.toBe('en');
}

/**
 * Text cut off by its box: an element whose own text is wider than it, where the overflow is hidden (an ellipsis
 * on purpose is reported too: the pseudo-locale's longer words must fit where English did).
 */
export function clippedText(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const found: string[] = [];
    for (const el of Array.from(document.querySelectorAll<HTMLElement>('body *'))) {
      const own = Array.from(el.childNodes).some(
        (n) => n.nodeType === Node.TEXT_NODE && n.textContent?.trim(),
      );
      if (!own || el.closest('[aria-hidden="true"], .mantine-visually-hidden, script, style')) continue;
      const style = getComputedStyle(el);
      if (style.visibility === 'hidden' || style.display === 'none') continue;
      // Visually hidden on purpose (a label for screen readers only): a 1-pixel, clipped box.
      if (el.clientWidth <= 2 || style.clip !== 'auto' || style.clipPath !== 'none') continue;
      const hides = ['hidden', 'clip'].includes(style.overflowX) || style.textOverflow === 'ellipsis';
      if (hides && el.scrollWidth > el.clientWidth + 1 && el.clientWidth > 0) {
        found.push(`${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 60)}"`);
      }
    }
    return found;
  });
}
