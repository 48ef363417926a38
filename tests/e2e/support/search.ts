// The Ctrl+K search panel, as the journeys open it.
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Opens the search panel (fetched once the page is idle: press the shortcut until it answers). */
export async function openSearch(page: Page) {
  const search = page.getByRole('textbox', { name: /^Search the menu/ });
  // A panel still closing (its exit transition clears the query) is not an open one.
  await search.waitFor({ state: 'hidden' });
  for (let attempt = 0; attempt < 20 && !(await search.isVisible()); attempt++) {
    await page.keyboard.press('Control+K');
    await search.waitFor({ state: 'visible', timeout: 500 }).catch(() => {});
  }
  expect(await search.isVisible()).toBe(true);
  return search;
}
