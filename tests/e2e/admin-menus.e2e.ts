// Menus (issue 13): an admin adds an item for customers to the customer menu, moves it with the keyboard buttons
// and by drag and drop, hides it from customers, then deletes it; a customer signed in in a second browser context
// sees their navigation follow each change without reloading (the navigation refetches when the window regains
// focus). At 1280 and 375 px, axe on each screen and dialog. The item is the journey's own and is deleted at the
// end (in `finally` too), so the customer menu other journeys look at is as it was.
import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, type Size, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, settled, shot } from './support/checks';
import { apiCall, apiLogin, DEMO, freshAccount, until, waitForPath, withSession } from './support/helpers';

const browser = setupBrowser();

const SIZES: [string, Size][] = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
];

type Item = { id: number; title: string; parent_id: number | null; roles: string[]; route: string };
type Menu = { id: number; code: string; title: string; items: Item[] };

async function adminToken() {
  return (await apiLogin(DEMO.admin)).access_token;
}

async function customerMenu(): Promise<Menu> {
  const reply = await apiCall<Menu[]>(await adminToken(), '/v1/menus');
  expect(reply.status).toBe(200);
  return reply.data.find((m) => m.code === 'customer') as Menu;
}

/** Deletes the journey's item if it is still there (a failed run must not leave it in everyone's menu). */
async function removeLeftover(title: string) {
  const item = (await customerMenu()).items.find((i) => i.title === title);
  if (item) await apiCall(await adminToken(), `/v1/menuitems/${item.id}`, { method: 'DELETE' });
}

/** The links of the customer's main navigation (behind the burger on a phone). */
async function navLinks(page: Page, size: Size): Promise<string[]> {
  if (size === PHONE) {
    await page.getByRole('button', { name: 'Open navigation' }).click();
    const nav = page.getByRole('dialog').getByRole('navigation', { name: 'Main' });
    await nav.waitFor();
    const names = await nav.getByRole('link').allInnerTexts();
    await page.keyboard.press('Escape');
    await until(() => page.getByRole('dialog').count()).toBe(0);
    return names.map((n) => n.trim());
  }
  const names = await page.locator('nav[aria-label="Main"]').first().getByRole('link').allInnerTexts();
  return names.map((n) => n.trim());
}

/**
 * The tab becomes visible again, as when the customer comes back to it: the navigation asks for the menus again.
 * (TanStack Query's focus manager listens for `visibilitychange` on the window.)
 */
async function refocus(page: Page) {
  await page.evaluate(() => window.dispatchEvent(new Event('visibilitychange')));
}

/**
 * Drags one row onto another with the HTML5 drag events a browser sends (dragstart, dragenter, dragover, drop,
 * dragend, one DataTransfer throughout). Playwright's mouse-driven dragTo did not deliver the drop to the page in
 * this headless Chromium, so the journey sends the same events itself; the editor's handlers are the ones users hit.
 */
async function dragBefore(page: Page, id: number, targetId: number) {
  await page.evaluate(
    ([from, to]) => {
      const row = (i: number) => document.querySelector(`li[data-item-id="${i}"] > [data-testid="menu-row"]`);
      const source = row(from);
      const target = row(to);
      if (!source || !target) throw new Error('rows not found');
      const dataTransfer = new DataTransfer();
      const fire = (el: Element, type: string) =>
        el.dispatchEvent(new DragEvent(type, { bubbles: true, cancelable: true, dataTransfer }));
      fire(source, 'dragstart');
      fire(target, 'dragenter');
      fire(target, 'dragover');
      fire(target, 'drop');
      fire(source, 'dragend');
    },
    [id, targetId] as const,
  );
}

const used: string[] = [];
afterAll(async () => {
  for (const title of used) await removeLeftover(title);
});

describe('admin menus /admin/menu', () => {
  it.each(SIZES)('adds, reorders, hides and deletes a customer menu item (%s)', async (label, size) => {
    const title = `Fees due ${label}`;
    used.push(title);
    const account = await freshAccount(`menus-${label}`);
    const found: string[] = [];
    const before = await customerMenu();
    const first = before.items.find((i) => i.parent_id === null) as Item;

    await withSession(browser(), size, await apiLogin(account), async (customer) => {
      await customer.goto('/user');
      await until(() => navLinks(customer, size)).toContain(first.title);
      expect(await navLinks(customer, size)).not.toContain(title);

      await withSession(browser(), size, await apiLogin(DEMO.admin), async (page) => {
        // The list of menus, with their counts.
        await page.goto('/admin/menu');
        await page.getByRole('heading', { name: 'Menus', level: 1 }).waitFor();
        const link = page.getByRole('link', { name: before.title, exact: true });
        await until(() => link.isVisible()).toBe(true);
        await settled(page);
        await audit(page, `${label} menus`, found);
        await expectNoOverflow(page, `${label} menus`);
        await shot(page, `admin-menus-${label}`);
        await link.click();
        await waitForPath(page, `/admin/menu/${before.id}`);
        await until(() => page.getByTestId('menu-row').count()).toBe(before.items.length);
        await settled(page);
        await audit(page, `${label} menu editor`, found);
        await expectNoOverflow(page, `${label} menu editor`);

        // Add: a new entry to an existing customer page with a filter of its own, an icon from the picker.
        await page.getByRole('button', { name: 'Add item' }).click();
        const dialog = page.getByRole('dialog', { name: /New item/ });
        await dialog.waitFor();
        await dialog.getByRole('textbox', { name: 'Title' }).fill(title);
        await dialog.getByLabel('Page', { exact: true }).fill('/user/fees');
        await page.getByRole('option', { name: '/user/fees', exact: true }).click();
        await dialog.getByRole('textbox', { name: 'Filter (optional)' }).fill(`from=${label}`);
        await dialog.getByRole('textbox', { name: 'Search icons' }).fill('money');
        await dialog.getByRole('button', { name: 'report-money', exact: true }).click();
        await until(() =>
          dialog.getByRole('button', { name: 'report-money', exact: true }).getAttribute('aria-pressed'),
        ).toBe('true');
        await settled(page);
        await audit(page, `${label} add item dialog`, found);
        await dialog.getByRole('button', { name: 'Add item' }).click();
        await until(() => dialog.count()).toBe(0);
        const row = page.locator('li[data-item-id]').filter({ hasText: title });
        await until(() => row.count()).toBe(1);
        const id = Number(await row.getAttribute('data-item-id'));
        const topIds = async () =>
          (await customerMenu()).items.filter((i) => i.parent_id === null).map((i) => i.id);
        await until(async () => (await topIds()).at(-1)).toBe(id);

        // The customer sees it when they come back to the tab, without a reload.
        await refocus(customer);
        await until(() => navLinks(customer, size)).toContain(title);

        // Keyboard: move up once with the button (Enter), the focus stays on it.
        const up = page.getByRole('button', { name: `Move up: ${title}` });
        await up.focus();
        await page.keyboard.press('Enter');
        await until(async () => (await topIds()).at(-2)).toBe(id);
        await until(() => page.evaluate(() => document.activeElement?.getAttribute('aria-label') ?? '')).toBe(
          `Move up: ${title}`,
        );

        // Drag and drop: onto the first item, which puts it before that one, at the top.
        await dragBefore(page, id, first.id);
        await until(async () => (await topIds())[0]).toBe(id);
        await until(async () =>
          (await page.getByTestId('menu-row').first().textContent())?.includes(title),
        ).toBe(true);
        await refocus(customer);
        await until(async () => (await navLinks(customer, size))[0]).toBe(title);
        await shot(page, `admin-menu-editor-${label}`);

        // Hide it from customers: edit, untick Customers, save.
        await page.getByRole('button', { name: `Edit ${title}` }).click();
        const edit = page.getByRole('dialog', { name: /Edit/ });
        await edit.waitFor();
        await edit.getByRole('checkbox', { name: 'Customers' }).uncheck();
        await edit.getByRole('button', { name: 'Save item' }).click();
        await until(() => edit.count()).toBe(0);
        await until(async () => (await customerMenu()).items.find((i) => i.id === id)?.roles).toEqual([
          'staff',
          'admin',
        ]);
        await until(() => row.getByText('staff, admin').count()).toBe(1);
        await refocus(customer);
        await until(() => navLinks(customer, size)).not.toContain(title);

        // The history shows each change.
        for (const action of ['Item added', 'Reordered', 'Item edited']) {
          await until(() => page.getByText(action, { exact: true }).count()).toBeGreaterThan(0);
        }

        // Delete, with a confirmation; the menu is as it was (the others' relative order untouched).
        await page.getByRole('button', { name: `Delete ${title}` }).click();
        const confirm = page.getByRole('dialog', { name: 'Delete this menu item?' });
        await confirm.waitFor();
        await settled(page);
        await audit(page, `${label} delete dialog`, found);
        await confirm.getByRole('button', { name: 'Delete' }).click();
        await until(() => row.count()).toBe(0);
        const after = await customerMenu();
        expect(after.items.map((i) => [i.id, i.parent_id, i.title, i.route])).toEqual(
          before.items.map((i) => [i.id, i.parent_id, i.title, i.route]),
        );
      });
    }).finally(() => removeLeftover(title));
    expect(found).toEqual([]);
  });
});
