// The account's people and requests as customer@demo.test (seeded with two authorized persons and four purchase
// requests): authorized persons added (after a refused email), edited and deleted; a purchase request sent (after a
// refused ftp:// link), listed as Requested and deleted. Each at desktop and phone widths, checked against the API,
// with axe on every screen and dialog and screenshots in test-results/e2e to be looked at.
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import type { AuthorizedPerson } from '../../src/contract/authorized-persons';
import type { Paginated } from '../../src/contract/envelope';
import type { PurchaseRequest } from '../../src/contract/purchase-requests';
import { DESKTOP, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot, truncatedBadges } from './support/checks';
import { asCustomer, customerApi, describedText, notification, until } from './support/helpers';
import { controlled, persistedRoots } from './support/offline';

const browser = setupBrowser();

/** Unique per run, so a rerun against a reused server (E2E_PORT) makes new names. */
const RUN = Date.now().toString(36).toUpperCase();

const textbox = (scope: Page | Locator, name: string | RegExp) =>
  scope.getByRole('textbox', { name, exact: typeof name === 'string' });

/** The card (list item) whose heading is `name`. */
const cardOf = (page: Page, list: string, name: string) =>
  page
    .getByRole('list', { name: list, exact: true })
    .locator(':scope > li')
    .filter({ has: page.getByRole('heading', { name, exact: true, level: 2 }) });

async function expectInvalid(page: Page, field: Locator, message: string) {
  await until(() => field.getAttribute('aria-invalid')).toBe('true');
  await until(() => describedText(page, field)).toContain(message);
}

// ---------------------------------------------------------------------------------------------------------------

describe('authorized persons /user/authorizeduser', () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`adds (after a refused email), edits and deletes a person (${size.width} px)`, async () => {
      await asCustomer(browser(), size, async (page) => {
        const found: string[] = [];
        const name = `Shanice Reid ${RUN}${size.width}`;
        await page.goto('/user/authorizeduser');
        await until(() => page.getByRole('heading', { name: 'Authorized persons', level: 1 }).isVisible(), {
          timeout: 15_000,
        }).toBe(true);
        expect(await page.title()).toMatch(/^Authorized persons/);

        // The seeded people, as the API has them.
        const before = await customerApi<AuthorizedPerson[]>('/v1/authorizedpersons');
        await until(() => cardOf(page, 'Authorized persons', 'Marlon Campbell').count()).toBe(1);
        expect(
          await page.getByRole('list', { name: 'Authorized persons' }).locator(':scope > li').count(),
        ).toBe(before.length);
        const tanya = cardOf(page, 'Authorized persons', 'Tanya Richards');
        expect(await tanya.locator('[data-active]').textContent()).toBe('Inactive');
        expect(await truncatedBadges(page)).toEqual([]);
        await expectNoOverflow(page, `authorized persons at ${size.width} px`);
        await audit(page, `authorized persons ${size.width}`, found);
        await shot(page, `authorized-persons-${size.width}`);

        // Add: the form opens in a dialog, its first field focused.
        await page.getByRole('button', { name: 'Add authorized person' }).click();
        const dialog = page.getByRole('dialog', { name: 'Add authorized person' });
        await until(() => dialog.isVisible()).toBe(true);
        await until(() => textbox(dialog, 'Full name').evaluate((el) => el === document.activeElement)).toBe(
          true,
        );
        await textbox(dialog, 'Full name').fill(name);
        await dialog.getByRole('combobox', { name: 'ID type' }).click();
        await page.getByRole('option', { name: 'Passport', exact: true }).click();
        await until(() => dialog.getByRole('combobox', { name: 'ID type' }).inputValue()).toBe('Passport');
        await textbox(dialog, 'ID number').fill('P 5561 204');
        await textbox(dialog, 'Phone').fill('876-555-0142');
        await textbox(dialog, 'Email (optional)').fill('shanice@');
        await textbox(dialog, /^Relationship/).fill('Cousin');
        await expectNoOverflow(page, `add dialog at ${size.width} px`);
        await audit(page, `add dialog ${size.width}`, found);
        await shot(page, `authorized-person-add-${size.width}`, { fullPage: false });

        // A bad email is refused on its field, and nothing is sent.
        await dialog.getByRole('button', { name: 'Add person' }).click();
        const email = textbox(dialog, 'Email (optional)');
        await expectInvalid(page, email, 'Enter a valid email address');
        await until(() => email.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(await dialog.isVisible()).toBe(true);
        expect((await customerApi<AuthorizedPerson[]>('/v1/authorizedpersons')).length).toBe(before.length);
        await audit(page, `add dialog with an error ${size.width}`, found);
        await shot(page, `authorized-person-add-error-${size.width}`, { fullPage: false });

        await email.fill('shanice.reid@example.test');
        await dialog.getByRole('button', { name: 'Add person' }).click();
        await until(() => notification(page, 'Authorized person added').isVisible(), {
          timeout: 15_000,
        }).toBe(true);
        await until(() => dialog.isVisible()).toBe(false);
        const card = cardOf(page, 'Authorized persons', name);
        await until(() => card.count()).toBe(1);
        expect(await card.locator('[data-active]').textContent()).toBe('Active');
        expect(await card.textContent()).toContain('Passport');
        const added = (await customerApi<AuthorizedPerson[]>('/v1/authorizedpersons')).find(
          (p) => p.full_name === name,
        );
        expect(added).toMatchObject({
          id_number: 'P 5561 204',
          phone: '876-555-0142',
          email: 'shanice.reid@example.test',
          relationship: 'Cousin',
          is_active: true,
          identification: { name: 'Passport' },
        });
        await expectNoOverflow(page, `authorized persons with a new one at ${size.width} px`);

        // Edit: the same form, prefilled; the person becomes an inactive friend without an email.
        await card.getByRole('button', { name: `Edit ${name}` }).click();
        const edit = page.getByRole('dialog', { name: `Edit ${name}` });
        await until(() => edit.isVisible()).toBe(true);
        expect(await textbox(edit, 'Full name').inputValue()).toBe(name);
        expect(await edit.getByRole('combobox', { name: 'ID type' }).inputValue()).toBe('Passport');
        expect(await textbox(edit, 'Email (optional)').inputValue()).toBe('shanice.reid@example.test');
        await textbox(edit, /^Relationship/).fill('Friend');
        await textbox(edit, 'Email (optional)').fill('');
        await edit.getByRole('switch', { name: /^Active/ }).click();
        await until(() => edit.getByRole('switch', { name: /^Active/ }).isChecked()).toBe(false);
        await audit(page, `edit dialog ${size.width}`, found);
        await edit.getByRole('button', { name: 'Save changes' }).click();
        await until(() => notification(page, 'Changes saved').isVisible(), { timeout: 15_000 }).toBe(true);
        await until(() => edit.isVisible()).toBe(false);
        await until(() => card.locator('[data-active]').textContent()).toBe('Inactive');
        expect(await card.textContent()).toContain('Friend');
        const edited = (await customerApi<AuthorizedPerson[]>('/v1/authorizedpersons')).find(
          (p) => p.id === added?.id,
        );
        expect(edited).toMatchObject({ relationship: 'Friend', email: null, is_active: false });
        await shot(page, `authorized-persons-edited-${size.width}`);

        // Delete, after a confirmation ("Keep" first changes nothing).
        await card.getByRole('button', { name: `Delete ${name}` }).click();
        const confirm = page.getByRole('dialog', { name: 'Delete this authorized person?' });
        await until(() => confirm.isVisible()).toBe(true);
        expect(await confirm.textContent()).toContain(name);
        await audit(page, `delete dialog ${size.width}`, found);
        await shot(page, `authorized-person-delete-${size.width}`, { fullPage: false });
        await confirm.getByRole('button', { name: 'Keep' }).click();
        await until(() => confirm.isVisible()).toBe(false);
        expect(await card.count()).toBe(1);
        await card.getByRole('button', { name: `Delete ${name}` }).click();
        await until(() => confirm.isVisible()).toBe(true);
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await until(() => notification(page, 'Authorized person deleted').isVisible(), {
          timeout: 15_000,
        }).toBe(true);
        await until(() => card.count()).toBe(0);
        const after = await customerApi<AuthorizedPerson[]>('/v1/authorizedpersons');
        expect(after.map((p) => p.id)).toEqual(before.map((p) => p.id));

        expect(found, found.join('\n')).toEqual([]);
      });
    });
  }
});

describe('purchase requests /user/packages/purchase-request', () => {
  for (const size of [DESKTOP, PHONE]) {
    it(`sends one (after a refused ftp:// link), sees it Requested, deletes it (${size.width} px)`, async () => {
      await asCustomer(browser(), size, async (page) => {
        const found: string[] = [];
        const item = `E2E gadget ${RUN}${size.width}`;
        const link = `https://www.example.com/products/e2e-${RUN.toLowerCase()}-${size.width}?colour=blue`;
        await page.goto('/user/packages/purchase-request');
        await until(() => page.getByRole('heading', { name: 'Purchase requests', level: 1 }).isVisible(), {
          timeout: 15_000,
        }).toBe(true);
        expect(await page.title()).toMatch(/^Purchase requests/);

        // The seeded requests: only the one still "requested" can be deleted; the others say why not.
        const before = await customerApi<Paginated<PurchaseRequest>>('/v1/purchaserequests/?pageSize=100');
        const list = page.getByRole('list', { name: 'Purchase requests', exact: true });
        await until(() => list.locator(':scope > li').count()).toBe(Math.min(before.total, 10));
        for (const r of before.items.slice(0, 10)) {
          const card = cardOf(page, 'Purchase requests', r.item_name);
          expect(await card.locator('[data-status]').getAttribute('data-status'), r.item_name).toBe(r.status);
          const deletable = await card
            .getByRole('button', { name: `Delete request for ${r.item_name}` })
            .count();
          expect(deletable, r.item_name).toBe(r.status === 'requested' ? 1 : 0);
          expect(await card.getByTestId('no-delete-reason').count(), r.item_name).toBe(
            r.status === 'requested' ? 0 : 1,
          );
        }
        // The seed quotes one of the customer's requests: its card shows the quote.
        const quoted = before.items.slice(0, 10).filter((r) => r.status === 'quoted');
        expect(quoted.length, 'a seeded quoted request').toBeGreaterThan(0);
        for (const r of quoted) {
          expect(await cardOf(page, 'Purchase requests', r.item_name).textContent()).toMatch(
            /Quote: (J|US)\$[\d,]+\.\d{2}(?! ?[A-Z]{3}).*Valid until/,
          );
        }
        expect(await truncatedBadges(page)).toEqual([]);
        await expectNoOverflow(page, `purchase requests at ${size.width} px`);
        await audit(page, `purchase requests ${size.width}`, found);
        await shot(page, `purchase-requests-${size.width}`);

        // New request: an ftp:// link is refused on its field, nothing is sent.
        await page.getByRole('button', { name: 'New purchase request' }).click();
        const dialog = page.getByRole('dialog', { name: 'New purchase request' });
        await until(() => dialog.isVisible()).toBe(true);
        const url = textbox(dialog, 'Product link');
        await until(() => url.evaluate((el) => el === document.activeElement)).toBe(true);
        await url.fill('ftp://files.example.com/gadget.zip');
        await textbox(dialog, 'Item name').fill(item);
        await textbox(dialog, 'Quantity').fill('2');
        await textbox(dialog, 'Price estimate (USD, optional)').fill('25.5');
        await textbox(dialog, 'Options (optional)').fill('Blue, 128 GB');
        await textbox(dialog, 'Notes (optional)').fill('Gift wrap if possible.');
        await expectNoOverflow(page, `new request dialog at ${size.width} px`);
        await audit(page, `new request dialog ${size.width}`, found);
        await shot(page, `purchase-request-new-${size.width}`, { fullPage: false });
        await dialog.getByRole('button', { name: 'Send request' }).click();
        await expectInvalid(page, url, 'Only http and https links are accepted');
        await until(() => url.evaluate((el) => el === document.activeElement)).toBe(true);
        expect(
          (await customerApi<Paginated<PurchaseRequest>>('/v1/purchaserequests/?pageSize=1')).total,
        ).toBe(before.total);
        await audit(page, `new request dialog with an error ${size.width}`, found);
        await shot(page, `purchase-request-new-error-${size.width}`, { fullPage: false });

        await url.fill(link);
        await dialog.getByRole('button', { name: 'Send request' }).click();
        await until(() => notification(page, 'Purchase request sent').isVisible(), { timeout: 15_000 }).toBe(
          true,
        );
        await until(() => dialog.isVisible()).toBe(false);
        const card = cardOf(page, 'Purchase requests', item);
        await until(() => card.count()).toBe(1);
        expect(await card.locator('[data-status]').getAttribute('data-status')).toBe('requested');
        expect(await card.locator('[data-status]').textContent()).toBe('Requested');
        // Newest first.
        expect(await list.locator(':scope > li').first().getByRole('heading').textContent()).toBe(item);
        const product = card.getByRole('link', { name: /example\.com\/products\/e2e-/ });
        expect(await product.getAttribute('href')).toBe(link);
        expect(await product.getAttribute('target')).toBe('_blank');
        expect(await product.getAttribute('rel')).toBe('noopener noreferrer');
        expect(await card.textContent()).toContain('US$25.50');
        const sent = (
          await customerApi<Paginated<PurchaseRequest>>('/v1/purchaserequests/?pageSize=100')
        ).items.find((r) => r.item_name === item);
        expect(sent).toMatchObject({
          product_url: link,
          store: 'example.com',
          quantity: 2,
          options: 'Blue, 128 GB',
          estimated_price_cents: 2550,
          notes: 'Gift wrap if possible.',
          status: 'requested',
        });
        await expectNoOverflow(page, `purchase requests with a new one at ${size.width} px`);
        await shot(page, `purchase-requests-sent-${size.width}`);

        // Delete it, after a confirmation.
        await card.getByRole('button', { name: `Delete request for ${item}` }).click();
        const confirm = page.getByRole('dialog', { name: 'Delete this purchase request?' });
        await until(() => confirm.isVisible()).toBe(true);
        expect(await confirm.textContent()).toContain(item);
        await audit(page, `delete request dialog ${size.width}`, found);
        await confirm.getByRole('button', { name: 'Delete', exact: true }).click();
        await until(() => notification(page, 'Purchase request deleted').isVisible(), {
          timeout: 15_000,
        }).toBe(true);
        await until(() => card.count()).toBe(0);
        const after = await customerApi<Paginated<PurchaseRequest>>('/v1/purchaserequests/?pageSize=100');
        expect(after.items.map((r) => r.id)).toEqual(before.items.map((r) => r.id));

        expect(found, found.join('\n')).toEqual([]);
      });
    });
  }
});

// ---------------------------------------------------------------------------------------------------------------

describe('offline', () => {
  it('shows both screens from the cache offline, with the banner, and no changes offered', async () => {
    await asCustomer(browser(), PHONE, async (page, context) => {
      await page.goto('/user/authorizeduser');
      await until(() => cardOf(page, 'Authorized persons', 'Marlon Campbell').count(), {
        timeout: 15_000,
      }).toBe(1);
      await controlled(page);
      // The cache reaches IndexedDB about a second after the data (the service worker, registered once the page
      // is idle, can take control sooner): see this screen's there before loading the next one.
      await until(() => persistedRoots(page), { timeout: 10_000 }).toEqual(
        expect.arrayContaining(['authorized-persons', 'identifications']),
      );
      await page.goto('/user/packages/purchase-request');
      await until(() => page.getByRole('list', { name: 'Purchase requests', exact: true }).isVisible(), {
        timeout: 15_000,
      }).toBe(true);
      await until(() => persistedRoots(page), { timeout: 10_000 }).toEqual(
        expect.arrayContaining(['authorized-persons', 'purchase-requests', 'identifications']),
      );

      await context.setOffline(true);
      await page.reload();
      const banner = page.getByTestId('offline-banner');
      await until(() => banner.isVisible(), { timeout: 15_000 }).toBe(true);
      expect(await banner.textContent()).toMatch(/^Offline — data from \S/);
      await until(() => page.getByRole('list', { name: 'Purchase requests', exact: true }).isVisible()).toBe(
        true,
      );
      expect(await page.getByRole('button', { name: 'New purchase request' }).isDisabled()).toBe(true);
      expect(
        await page.getByText("You're offline: sending and deleting requests need a connection.").isVisible(),
      ).toBe(true);
      const requested = page.getByRole('button', { name: /^Delete request for / }).first();
      expect(await requested.isDisabled()).toBe(true);
      await expectNoOverflow(page, 'purchase requests offline at 375 px');
      await shot(page, 'purchase-requests-offline-375');

      // A full navigation offline: the worker answers with the app, the data comes from IndexedDB.
      await page.goto('/user/authorizeduser');
      await until(() => cardOf(page, 'Authorized persons', 'Marlon Campbell').count(), {
        timeout: 15_000,
      }).toBe(1);
      await until(() => banner.textContent()).toMatch(/^Offline — data from \S/);
      expect(await page.getByRole('button', { name: 'Add authorized person' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Edit Marlon Campbell' }).isDisabled()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete Marlon Campbell' }).isDisabled()).toBe(true);
      await shot(page, 'authorized-persons-offline-375');
      await context.setOffline(false);
    });
  });
});
