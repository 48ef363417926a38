// Warehouse intake (issue 12): a clerk receives parcels on /admin/receive by typing as a handheld scanner does (one
// matching a pre-alert, one for a known mailbox, one unknown → Unassigned), the customer sees it arrive with the
// photo and a notification; a CSV of 20 rows with 3 bad ones imports 17 and offers the 3; a receipt made offline is
// sent once when back online. axe and no sideways scrolling at 1280 and 375 px; screenshots in test-results/e2e.
import { readFile } from 'node:fs/promises';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot } from './support/checks';
import { pngFile } from './support/files';
import {
  apiCall,
  apiLogin,
  DEMO,
  freshAccount,
  notification,
  sharedTokens,
  type Tokens,
  until,
  whoAmI,
  withSession,
} from './support/helpers';
import { controlled } from './support/offline';
import { createPrealert, trackingOf } from './support/prealert';

const browser = setupBrowser();
const tracking = (tag: string) => trackingOf('RCV', tag);

const field = (page: Page, name: string) => page.getByRole('textbox', { name, exact: true });
const focused = (page: Page) =>
  page.evaluate(
    () => (document.activeElement as HTMLInputElement | null)?.labels?.[0]?.textContent?.trim() ?? '',
  );

async function openReceive(page: Page) {
  await page.goto('/admin/receive');
  await until(() => field(page, 'Tracking number').isVisible(), { timeout: 20_000 }).toBe(true);
  await until(() => page.getByTestId('intake-count').textContent()).toMatch(/^\d+$/);
}

/** Types a tracking number and presses Enter, as a handheld scanner does: the weight field is next. */
async function scan(page: Page, t: string) {
  await until(() => focused(page)).toBe('Tracking number');
  await page.keyboard.type(t);
  await page.keyboard.press('Enter');
  await until(() => focused(page)).toBe('Weight (lb)');
}

type Lookup = { existing: { id: string } | null };
const lookupOf = async (token: string, t: string) =>
  (await apiCall<Lookup>(token, `/v1/admin/intake/lookup?tracking_number=${t}`)).data;

describe('receive /admin/receive', () => {
  it('a clerk receives three parcels by typing; the customer sees it arrive with the photo and a notification', async () => {
    const clerk = await sharedTokens(DEMO.clerk);
    const withPre = await freshAccount('intake-pre');
    const withPreTokens = await apiLogin(withPre);
    const withPreMe = await whoAmI(withPreTokens.access_token);
    const known = await freshAccount('intake-known');
    const knownMe = await whoAmI((await apiLogin(known)).access_token);
    const [t1, t2, t3] = [tracking('A'), tracking('B'), tracking('C')];
    await createPrealert(withPreTokens.access_token, {
      tracking: t1,
      description: 'Espresso machine',
      seller: 'Amazon',
    });
    const found: string[] = [];

    await withSession(browser(), DESKTOP, clerk, async (page) => {
      await openReceive(page);
      await audit(page, 'receive (empty)', found);

      // 1: the pre-alerted parcel. The lookup names the customer and the pre-alert, and fills the form from it.
      await scan(page, t1.toLowerCase());
      await until(() => page.getByTestId('intake-prealert').textContent(), { timeout: 10_000 }).toContain(
        'Espresso machine',
      );
      await until(() => field(page, 'Mailbox number').inputValue()).toBe(withPreMe.mailbox_number);
      expect(await field(page, 'Description').inputValue()).toBe('Espresso machine');
      await page.keyboard.type('4.2');
      // Enter walks on to the dimensions.
      await page.keyboard.press('Enter');
      expect(await focused(page)).toBe('Length (in)');
      await page.getByLabel('Photo').setInputFiles([pngFile('parcel-photo.png', 320, 240)]);
      await shot(page, 'intake-receive-filled-1280');
      await audit(page, 'receive (filled)', found);
      await field(page, 'Length (in)').focus();
      await page.keyboard.press('Control+Enter');
      await until(() => notification(page, `Received for ${withPre.first} ${withPre.last}`).isVisible()).toBe(
        true,
      );
      // Ready for the next scan at once: empty, and the tracking field has the focus.
      expect(await field(page, 'Tracking number').inputValue()).toBe('');
      expect(await focused(page)).toBe('Tracking number');

      // 2: a known mailbox, no pre-alert; saved with the button.
      await scan(page, t2);
      await page.keyboard.type('1.5');
      await field(page, 'Mailbox number').fill(knownMe.mailbox_number);
      await until(() => page.getByTestId('intake-lookup').textContent()).toContain(
        `${known.first} ${known.last}`,
      );
      await page.getByRole('button', { name: 'Save (Ctrl+Enter)' }).click();
      await until(() => notification(page, `Received for ${known.first} ${known.last}`).isVisible()).toBe(
        true,
      );

      // 3: nobody known: Unassigned, with what the label said kept.
      await scan(page, t3);
      await page.keyboard.type('0.8');
      await field(page, 'Mailbox number').fill('IEX-00000');
      await until(() => page.getByTestId('intake-lookup').textContent()).toContain('Unassigned');
      await page.keyboard.press('Control+Enter');
      await until(() => notification(page, 'Received as Unassigned').isVisible()).toBe(true);

      // The running list shows the three, each undoable; the duplicate is flagged before saving.
      const list = page.getByRole('list', { name: 'Last received' });
      for (const t of [t1, t2, t3])
        await until(() => list.getByText(t, { exact: true }).isVisible()).toBe(true);
      expect(await list.getByRole('button', { name: /^Undo / }).count()).toBeGreaterThanOrEqual(3);
      await scan(page, t1);
      await until(() =>
        page.getByText('This tracking number was received before', { exact: false }).isVisible(),
      ).toBe(true);
      await page.keyboard.type('1');
      await page.keyboard.press('Control+Enter');
      await until(() => page.getByTestId('intake-duplicate').isVisible()).toBe(true);
      // Whose parcel it is and where it stands, so the clerk can tell a double scan from a second parcel.
      expect(await page.getByTestId('intake-duplicate').textContent()).toContain(
        `Received before: ${t1} for ${withPre.first} ${withPre.last} (${withPreMe.mailbox_number}), Received at US warehouse.`,
      );
      await shot(page, 'intake-receive-duplicate-1280');
      await audit(page, 'receive (duplicate)', found);
      await expectNoOverflow(page, 'receive 1280');
    });

    const first = await lookupOf(clerk.access_token, t1);
    const pkgId = first.existing?.id ?? '';
    expect(pkgId).not.toBe('');
    // The customer, in a browser of their own: the bell, and the package received with the warehouse's photo.
    await withSession(browser(), DESKTOP, withPreTokens, async (page) => {
      await page.goto(`/user/packages/${pkgId}`);
      await until(() => page.getByRole('heading', { name: t1 }).isVisible(), { timeout: 20_000 }).toBe(true);
      await until(() => page.getByText('Received at US warehouse').first().isVisible()).toBe(true);
      // The photo is the warehouse's: shown apart from the customer's receipts, with nothing to delete.
      const photos = page.getByRole('list', { name: 'Warehouse photos' });
      await until(() => photos.getByText('parcel-photo.png').isVisible()).toBe(true);
      expect(await page.getByRole('button', { name: 'Delete parcel-photo.png' }).count()).toBe(0);
      await until(() => page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).isVisible()).toBe(
        true,
      );
      await page.getByRole('button', { name: /^Notifications, \d+ unread$/ }).click();
      await until(() => page.getByText(`${t1}: Received at US warehouse`).first().isVisible()).toBe(true);
      await shot(page, 'intake-customer-sees-it-1280');
    });
    expect(found, found.join('\n')).toEqual([]);
  }, 180_000);

  it('at 375 px: big targets, no sideways scrolling, receive and undo', async () => {
    const clerk = await sharedTokens(DEMO.clerk);
    const t = tracking('P');
    const found: string[] = [];
    await withSession(browser(), PHONE, clerk, async (page) => {
      await openReceive(page);
      await scan(page, t);
      await page.keyboard.type('2');
      const save = page.getByRole('button', { name: 'Save (Ctrl+Enter)' });
      expect((await save.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(44);
      await save.click();
      await until(() => notification(page, 'Received as Unassigned').isVisible()).toBe(true);
      await shot(page, 'intake-receive-375');
      await audit(page, 'receive 375', found);
      await expectNoOverflow(page, 'receive 375');
      const undo = page.getByRole('button', { name: `Undo ${t}` });
      expect((await undo.boundingBox())?.height ?? 0).toBeGreaterThanOrEqual(40);
      await undo.click();
      await until(() => notification(page, 'Receipt undone').isVisible()).toBe(true);
      await until(() =>
        page.getByRole('list', { name: 'Last received' }).getByText(t, { exact: true }).count(),
      ).toBe(0);
    });
    expect((await lookupOf(clerk.access_token, t)).existing).toBeNull();
    expect(found, found.join('\n')).toEqual([]);
  }, 120_000);
});

describe('import /admin/import', () => {
  it('a CSV of 20 rows with 3 bad rows imports 17 and offers the 3 as a download', async () => {
    const clerk = await sharedTokens(DEMO.clerk);
    // A customer of this journey's own: the demo customer's 40 packages are counted by other journeys.
    const me = await whoAmI((await apiLogin(await freshAccount('csv'))).access_token);
    const rows = Array.from({ length: 20 }, (_, i) => {
      const t = tracking(`CSV${i}`);
      if (i === 4) return `${t},${me.mailbox_number},,Amazon,,Bad weight,1,20,heavy`;
      if (i === 9) return `,${me.mailbox_number},,Amazon,,No tracking,1,20,1`;
      if (i === 14) return `${t},${me.mailbox_number},,Amazon,,Bad date,1,20,1,yesterday-ish`;
      return `${t},${i % 2 ? me.mailbox_number : 'IEX-00000'},,Shein,UPS,Row ${i},1,15.50,1.${i}`;
    });
    const csv = [
      'Tracking #,Suite,Email,Shipper,Carrier,Contents,Pcs,Value,Weight (lbs),Date Received',
      ...rows,
    ].join('\n');
    const found: string[] = [];
    for (const size of [DESKTOP, PHONE]) {
      await withSession(browser(), size, clerk, async (page) => {
        await page.goto('/admin/import');
        await page
          .getByLabel('CSV file')
          .setInputFiles([{ name: 'receipts.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) }]);
        const summary = page.getByTestId('import-summary');
        if (size === PHONE) {
          // Already imported at 1280: every row is valid-but-received or bad; nothing is imported twice.
          await until(() => summary.textContent(), { timeout: 20_000 }).toBe('0 valid / 20 invalid');
          await audit(page, 'import 375', found);
          await expectNoOverflow(page, 'import 375');
          await shot(page, 'intake-import-375');
          return;
        }
        await until(() => summary.textContent(), { timeout: 20_000 }).toBe('17 valid / 3 invalid');
        await until(() => page.getByRole('combobox', { name: 'Tracking number' }).inputValue()).toBe(
          'Tracking #',
        );
        expect(await page.getByRole('combobox', { name: 'Weight (lb)' }).inputValue()).toBe('Weight (lbs)');
        const download = page.waitForEvent('download');
        await page.getByRole('link', { name: 'Download the invalid rows' }).click();
        const file = await readFile((await (await download).path()) ?? '', 'utf8');
        const lines = file.trim().split(/\r?\n/);
        expect(lines).toHaveLength(4);
        expect(lines[0]).toContain('Problem');
        expect(file).toContain('Bad weight');
        expect(file).toContain('No tracking');
        expect(file).toContain('Bad date');
        await shot(page, 'intake-import-preview-1280');
        await audit(page, 'import preview', found);
        await page.getByRole('button', { name: 'Import 17 rows' }).click();
        await until(() => page.getByTestId('import-result').textContent(), { timeout: 20_000 }).toContain(
          'Imported 17',
        );
        await until(() => summary.textContent()).toBe('0 valid / 20 invalid');
        await audit(page, 'import done', found);
      });
    }
    expect((await lookupOf(clerk.access_token, tracking('CSV0'))).existing).not.toBeNull();
    expect((await lookupOf(clerk.access_token, tracking('CSV4'))).existing).toBeNull();
    expect(found, found.join('\n')).toEqual([]);
  }, 180_000);
});

describe('offline', () => {
  it('a receipt made offline is queued and sent once when back online; the clerk keeps scanning', async () => {
    const clerk: Tokens = await sharedTokens(DEMO.clerk);
    const t = tracking('OFF');
    await withSession(browser(), DESKTOP, clerk, async (page, context) => {
      const posts: number[] = [];
      page.on('response', (r) => {
        if (r.request().method() === 'POST' && new URL(r.url()).pathname === '/v1/admin/packages/receive') {
          posts.push(r.status());
        }
      });
      await openReceive(page);
      await controlled(page);
      await context.setOffline(true);
      await scan(page, t);
      await page.keyboard.type('3.3');
      await page.keyboard.press('Control+Enter');
      await until(() => notification(page, 'Saved on this device').isVisible()).toBe(true);
      // The form is ready for the next parcel; the queue says what waits.
      expect(await field(page, 'Tracking number').inputValue()).toBe('');
      await until(() => page.getByText('1 waiting to send').isVisible()).toBe(true);
      expect(posts).toEqual([]);
      await context.setOffline(false);
      await until(() => posts, { timeout: 30_000 }).toEqual([201]);
      await until(() => page.getByText('1 waiting to send').count()).toBe(0);
      await until(
        () => page.getByRole('list', { name: 'Last received' }).getByText(t, { exact: true }).isVisible(),
        {
          timeout: 20_000,
        },
      ).toBe(true);
      // A little later still nothing more went out.
      await new Promise((r) => setTimeout(r, 1500));
      expect(posts).toEqual([201]);
    });
    expect((await lookupOf(clerk.access_token, t)).existing).not.toBeNull();
  }, 120_000);
});
