// The package history (/user/packages/history) as the user sees it: its rows (a table at ≥ 768 px, cards below),
// its results summary and its filters; and the admin's receiving of a parcel, which makes a package.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO, sharedTokens, until } from './helpers';
import { apiReceive } from './intake';

export type Row = { tracking: string; status: string; added: number };

/** The rows of the history as the user sees them: table at ≥ 768 px, cards below. */
export async function historyRows(page: Page, cards: boolean): Promise<Row[]> {
  const results = cards
    ? page.getByRole('list', { name: 'Packages' }).locator(':scope > li')
    : page.getByRole('table', { name: 'Packages' }).locator('tbody tr');
  return results.evaluateAll(
    (els, asCards) =>
      els.map((el) => {
        const text = el.textContent ?? '';
        const added = asCards
          ? (/Added\s+([A-Z][a-z]{2} \d{1,2}, \d{4})/.exec(text)?.[1] ?? '')
          : ((el as HTMLTableRowElement).cells[4]?.textContent ?? '');
        return {
          tracking: el.querySelector('a')?.textContent?.trim() ?? '',
          status: el.querySelector('[data-status]')?.getAttribute('data-status') ?? '',
          added: Date.parse(added),
        };
      }),
    cards,
  );
}

export const summary = (page: Page) => page.getByTestId('results-summary');

/** Waits until the results show `text` in their summary and are not a placeholder of the previous view. */
export async function expectSummary(page: Page, text: string | RegExp) {
  await until(() => summary(page).textContent()).toMatch(text);
  await until(() => page.locator('[aria-busy="true"]').count()).toBe(0);
}

export async function chooseOption(page: Page, combobox: string, option: string) {
  await page.getByRole('combobox', { name: combobox, exact: true }).click();
  await page.getByRole('option', { name: option, exact: true }).click();
  await until(() => page.getByRole('combobox', { name: combobox, exact: true }).inputValue()).toBe(option);
}

/** The warehouse (the demo admin, same company) receives a parcel for a mailbox; returns the new package's id. */
export async function receiveParcel(trackingNumber: string, mailbox: string): Promise<string> {
  const admin = await sharedTokens(DEMO.admin);
  const received = await apiReceive(admin.access_token, {
    tracking_number: trackingNumber,
    mailbox_number: mailbox,
    weight: 2.5,
  });
  expect(received.status, received.message).toBe(201);
  return received.data.id;
}
