// Pre-alerts and receipts (issue 4): the pre-alert form's validation, a pre-alert sent with files (upload progress),
// the server's refusal of a duplicate, cancelling; a pre-alert matched when the warehouse receives the parcel; receipts
// on a package (upload, view, download, delete). axe on every screen and dialog; screenshots in test-results/e2e.
// The demo customer sends the pre-alerts; the journeys that need the warehouse to receive a parcel use a fresh
// account of their own, so the demo customer's 40 packages stay as seeded.
import { readFile } from 'node:fs/promises';
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, settled, shot } from './support/checks';
import { type Payload, pdf, pdfFile, pngFile } from './support/files';
import {
  apiLogin,
  apiUrl,
  asCustomer,
  describedText,
  freshAccount,
  notification,
  until,
  waitForPath,
  whoAmI,
  withSession,
} from './support/helpers';
import { expectSummary, historyRows, receiveParcel } from './support/packages';
import {
  badgeState,
  createPrealert,
  fileInput,
  fillPrealert,
  openPrealertScreen,
  prealertCard,
  prealertField,
  prealertsOf,
  sendPrealert,
  trackingOf,
} from './support/prealert';

const browser = setupBrowser();

/** A tracking number of this run for the package journeys. */
const tracking = (tag: string) => trackingOf('E2E', tag);

/** A parcel from Amazon: a kitchen scale, with its invoice (a small PDF) unless other files are given. */
const basicPrealert = (t: string, files: Payload[] = [pdfFile(`${t.toLowerCase()}-invoice.pdf`)]) => ({
  tracking: t,
  seller: 'Amazon',
  description: 'Kitchen scale',
  weight: '2.5',
  value: '39.99',
  type: 'Box',
  files,
});

describe('pre-alert /user/packages/pre-alert', () => {
  it('refuses an empty form on its fields, a 12 MB file and a 6th file, before anything is sent', async () => {
    await asCustomer(browser(), DESKTOP, async (page) => {
      const sent: string[] = [];
      page.on('request', (r) => {
        if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/peralert') sent.push(r.url());
      });
      await openPrealertScreen(page);
      await page.getByRole('button', { name: 'Send pre-alert' }).click();

      const tracking = prealertField(page, 'Tracking number');
      await until(() => tracking.getAttribute('aria-invalid')).toBe('true');
      // Each message is on its field (visible, and what a screen reader reads with it).
      const expected: [Locator, string][] = [
        [tracking, 'A tracking number has at least 5 characters'],
        [prealertField(page, 'Seller or store'), 'Enter the seller or store'],
        [prealertField(page, 'Description'), 'Describe the contents'],
        [prealertField(page, 'Weight (lb)'), 'Enter the weight in pounds'],
        [prealertField(page, 'Declared value (US$)'), 'Enter the value in US dollars'],
        [page.getByRole('combobox', { name: 'Package type' }), 'Choose the package type'],
      ];
      for (const [field, message] of expected) {
        expect(await field.getAttribute('aria-invalid'), message).toBe('true');
        expect(await describedText(page, field)).toContain(message);
        expect(await page.getByText(message, { exact: true }).isVisible(), message).toBe(true);
      }
      await until(() => page.getByText('Attach the invoice or receipt (PDF or photo)').isVisible()).toBe(
        true,
      );
      // Focus lands on the first field to fix.
      await until(() => tracking.evaluate((el) => el === document.activeElement)).toBe(true);
      const found: string[] = [];
      await audit(page, 'pre-alert with errors', found);
      await shot(page, 'packages-prealert-errors-1280');

      // Fixing a field clears its message.
      await tracking.fill('E2E-FIXED-1');
      await tracking.blur();
      await until(() => tracking.getAttribute('aria-invalid')).not.toBe('true');

      // A file over 10 MB is refused at once, with its name in the message.
      const input = fileInput(page, 'Invoice or receipt files');
      await input.setInputFiles([
        { name: 'huge-invoice.pdf', mimeType: 'application/pdf', buffer: pdf('huge', 12 * 1024 * 1024) },
      ]);
      await until(() => page.getByText('huge-invoice.pdf is larger than 10 MB').isVisible()).toBe(true);
      expect(await page.getByRole('list', { name: /^Chosen files/ }).count()).toBe(0);

      // Five files are the most; a sixth is refused and the five stay.
      await input.setInputFiles([1, 2, 3, 4, 5].map((n) => pdfFile(`receipt-${n}.pdf`)));
      await until(() => page.getByRole('list', { name: 'Chosen files (5)' }).isVisible()).toBe(true);
      expect(await page.getByText('huge-invoice.pdf is larger than 10 MB').count()).toBe(0);
      await input.setInputFiles([pngFile('receipt-6.png')]);
      await until(() => page.getByText('Attach at most 5 files').isVisible()).toBe(true);
      expect(await page.getByRole('list', { name: 'Chosen files (5)' }).getByRole('listitem').count()).toBe(
        5,
      );
      expect(await page.getByText('receipt-6.png').count()).toBe(0);
      // Removing one makes room again.
      await page.getByRole('button', { name: 'Remove receipt-3.pdf' }).click();
      await until(() => page.getByRole('list', { name: 'Chosen files (4)' }).isVisible()).toBe(true);
      await input.setInputFiles([pngFile('receipt-6.png')]);
      await until(() =>
        page.getByRole('list', { name: 'Chosen files (5)' }).getByText('receipt-6.png').isVisible(),
      ).toBe(true);
      await shot(page, 'packages-prealert-files-1280');

      expect(sent, 'nothing may be uploaded while the form is invalid').toEqual([]);
      expect(found, found.join('\n')).toEqual([]);
    });
  });

  it('sends a pre-alert with a PDF and a PNG, showing the upload progress, then lists it as Pending', async () => {
    await asCustomer(browser(), DESKTOP, async (page, context) => {
      await openPrealertScreen(page);
      const t = tracking('P');
      // About 1.1 MB each: at 200 kB/s the upload takes seconds, long enough to watch the bar move.
      const files = [pdfFile('amazon-invoice.pdf', 1_100_000), pngFile('order-photo.png', 600, 620, true)];
      expect(files[1]?.buffer.length).toBeGreaterThan(1_000_000);
      await fillPrealert(page, {
        tracking: t,
        seller: 'Amazon',
        description: 'Kitchen scale and books',
        weight: '3.75',
        value: '84.5',
        type: 'Box',
        files,
      });
      await prealertField(page, 'Length (in)').fill('14');
      await prealertField(page, 'Width (in)').fill('10');
      await prealertField(page, 'Height (in)').fill('6');

      const cdp = await context.newCDPSession(page);
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 20,
        downloadThroughput: 5e6,
        uploadThroughput: 200_000,
      });
      await page.getByRole('button', { name: 'Send pre-alert' }).click();

      // Watch the bar: it moves through several values, and the number beside it says the same.
      const seen = new Set<number>();
      const mismatched: string[] = [];
      let captured = false;
      const done = notification(page, 'Pre-alert sent');
      const deadline = Date.now() + 60_000;
      while (Date.now() < deadline && !(await done.isVisible())) {
        const now = await page.evaluate(() => {
          const bar = document.querySelector('[role="progressbar"][aria-label="Upload progress"]');
          const text = document.querySelector('[data-testid="upload-percent"]')?.textContent ?? null;
          return bar ? { value: bar.getAttribute('aria-valuenow'), text } : null;
        });
        if (now?.value) {
          const v = Number(now.value);
          seen.add(v);
          if (now.text !== `${v}%`) mismatched.push(`${v} vs ${now.text}`);
          if (!captured && v > 20 && v < 80) {
            captured = true;
            await shot(page, 'packages-prealert-uploading-1280', { fullPage: false });
          }
        }
        await new Promise((r) => setTimeout(r, 40));
      }
      await cdp.send('Network.emulateNetworkConditions', {
        offline: false,
        latency: 0,
        downloadThroughput: -1,
        uploadThroughput: -1,
      });
      const between = [...seen].filter((v) => v >= 1 && v <= 99).sort((a, b) => a - b);
      expect(between.length, `values seen: ${[...seen].join(', ')}`).toBeGreaterThanOrEqual(2);
      // The text can lag the bar by one render; it never shows another upload's number.
      expect(mismatched.length, mismatched.join('; ')).toBeLessThanOrEqual(2);

      await until(() => done.isVisible()).toBe(true);
      // The form starts over: empty fields, no files, no progress bar.
      await until(() => prealertField(page, 'Tracking number').inputValue()).toBe('');
      expect(await prealertField(page, 'Description').inputValue()).toBe('');
      expect(await page.getByRole('combobox', { name: 'Package type' }).inputValue()).toBe('');
      expect(await page.getByRole('list', { name: /^Chosen files/ }).count()).toBe(0);
      expect(await page.getByRole('progressbar', { name: 'Upload progress' }).count()).toBe(0);

      // Listed first, Pending, with both files.
      const card = prealertCard(page, t);
      await until(() => card.count()).toBe(1);
      expect(await badgeState(card)).toBe('pending');
      expect(await card.locator('[data-state]').first().textContent()).toBe('Pending');
      const list = page.getByRole('list', { name: 'Your pre-alerts' });
      await until(() => list.locator(':scope > li').first().getByText(t, { exact: true }).isVisible()).toBe(
        true,
      );
      const listed = card.getByRole('list', { name: `Files of pre-alert ${t}` });
      expect(await listed.getByRole('listitem').count()).toBe(2);
      for (const name of ['amazon-invoice.pdf', 'order-photo.png']) {
        expect(
          await listed.getByRole('button', { name: `View ${name}`, exact: true }).isVisible(),
          name,
        ).toBe(true);
        expect(
          await listed.getByRole('button', { name: `Download ${name}`, exact: true }).isVisible(),
          name,
        ).toBe(true);
      }
      expect(await card.getByRole('button', { name: `Cancel pre-alert ${t}`, exact: true }).isVisible()).toBe(
        true,
      );
    });
  }, 120_000);

  it('is matched when the warehouse receives the parcel: locked, and shown on the package with its history', async () => {
    // A customer of its own, whose parcel is pre-alerted (a PDF and a PNG) and then received by the warehouse
    // (staff, same company) with the customer's mailbox number.
    const customer = await freshAccount('matched');
    const tokens = await apiLogin(customer);
    const { mailbox_number: mailbox } = await whoAmI(tokens.access_token);
    const t = tracking('M');
    const sent = [pdfFile('amazon-invoice.pdf'), pngFile('order-photo.png', 320, 200)];
    await createPrealert(tokens.access_token, {
      tracking: t,
      seller: 'Amazon',
      description: 'Kitchen scale and books',
      files: sent,
    });
    const packageId = await receiveParcel(t, mailbox);

    await withSession(browser(), DESKTOP, tokens, async (page) => {
      await openPrealertScreen(page);
      const card = prealertCard(page, t);
      await until(() => badgeState(card)).toBe('matched');
      expect(await card.locator('[data-state]').first().textContent()).toBe('Matched');
      expect(await card.getByRole('button', { name: /^Cancel pre-alert/ }).count()).toBe(0);

      // In the history, and its page shows the pre-alert and where it has been.
      await page.goto(`/user/packages/history?q=${t}`);
      await expectSummary(page, 'Showing 1–1 of 1 package');
      const rows = await historyRows(page, false);
      expect(rows.map((r) => [r.tracking, r.status])).toEqual([[t, 'received_us']]);
      await page.getByRole('link', { name: t, exact: true }).click();
      await waitForPath(page, `/user/packages/${packageId}`);
      await until(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(t);

      const linked = page.locator('section', { has: page.getByRole('heading', { name: 'Your pre-alert' }) });
      expect(await linked.getByText('Matched', { exact: true }).isVisible()).toBe(true);
      expect(await linked.getByText('Kitchen scale and books', { exact: true }).isVisible()).toBe(true);
      const files = page.getByRole('list', { name: 'Pre-alert files' });
      expect(
        await files
          .getByRole('button', { name: /^View / })
          .evaluateAll((b) => b.map((x) => x.getAttribute('aria-label')).sort()),
      ).toEqual(sent.map((f) => `View ${f.name}`).sort());

      const history = page.locator('section', { has: page.getByRole('heading', { name: 'Status history' }) });
      const steps = await history.locator('.mantine-Timeline-itemTitle').allInnerTexts();
      expect(steps.map((s) => s.replace(/\s+/g, ' ').trim())).toEqual([
        'Pre-alerted',
        'Received at US warehouse Current',
      ]);

      // The PDF of the pre-alert opens in the preview.
      await files.getByRole('button', { name: 'View amazon-invoice.pdf', exact: true }).click();
      const preview = page.getByRole('dialog', { name: 'amazon-invoice.pdf' });
      await until(() => preview.isVisible()).toBe(true);
      await until(() => preview.locator('iframe[title="amazon-invoice.pdf"]').count(), {
        timeout: 15_000,
      }).toBe(1);
      await preview.getByRole('button', { name: 'Close' }).click();
      await until(() => preview.isVisible()).toBe(false);
    });
  }, 90_000);

  // Issue 16: a compact list with a search and a state filter, both kept in the URL. A fresh customer's own
  // pre-alerts, so the numbers are known: a teapot (pending) and two books (one cancelled).
  it('finds a pre-alert by its words and its state, in the URL, at 375 and 1280 px', async () => {
    const customer = await freshAccount('prealert-find');
    const tokens = await apiLogin(customer);
    const teapot = tracking('FT');
    const books = [tracking('FB1'), tracking('FB2')];
    await createPrealert(tokens.access_token, {
      tracking: teapot,
      description: 'Blue teapot',
      seller: 'Teashop',
    });
    for (const b of books)
      await createPrealert(tokens.access_token, { tracking: b, description: 'Two novels' });
    const [toCancel] = await prealertsOf(tokens.access_token, books[0] ?? '');
    const cancelled = await fetch(apiUrl(`/v1/peralert/${toCancel?.id}/cancel`), {
      method: 'POST',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(cancelled.status).toBe(200);

    for (const size of [PHONE, DESKTOP]) {
      await withSession(browser(), size, tokens, async (page) => {
        await openPrealertScreen(page);
        const list = page.getByRole('list', { name: 'Your pre-alerts' });
        await until(() => list.locator(':scope > li').count()).toBe(3);
        expect(await page.getByTestId('prealerts-summary').textContent()).toBe('3 in all');

        // Words: the description finds the teapot alone, and the URL keeps them.
        await page.getByRole('searchbox', { name: 'Search' }).fill('teapot');
        await until(() => list.locator(':scope > li').count()).toBe(1);
        expect(await prealertCard(page, teapot).count()).toBe(1);
        await until(() => new URL(page.url()).searchParams.get('q')).toBe('teapot');
        expect(await page.getByTestId('prealerts-summary').textContent()).toBe('1 match');

        // A state with the words: no pending novels are cancelled… and clearing brings everything back.
        await page.getByRole('searchbox', { name: 'Search' }).fill('novels');
        await until(() => list.locator(':scope > li').count()).toBe(2);
        await page.getByRole('combobox', { name: 'State' }).click();
        await page.getByRole('option', { name: 'Cancelled' }).click();
        await until(() => list.locator(':scope > li').count()).toBe(1);
        expect(await badgeState(prealertCard(page, books[0] ?? ''))).toBe('cancelled');
        expect(new URL(page.url()).searchParams.get('status')).toBe('cancelled');

        // A reload (or a shared link) opens the same view.
        await page.reload();
        await until(() => list.locator(':scope > li').count()).toBe(1);
        expect(await page.getByRole('searchbox', { name: 'Search' }).inputValue()).toBe('novels');
        const found: string[] = [];
        await audit(page, `pre-alert search ${size.width}`, found);
        await expectNoOverflow(page, `pre-alert search ${size.width}`);
        await shot(page, `packages-prealert-find-${size.width}`);
        expect(found, found.join('\n')).toEqual([]);

        await page.getByRole('combobox', { name: 'State' }).click();
        await page.getByRole('option', { name: 'Matched' }).click();
        await until(() => page.getByText('No pre-alerts match.').isVisible()).toBe(true);
        await page.getByRole('button', { name: 'Clear filters' }).click();
        await until(() => list.locator(':scope > li').count()).toBe(3);
        expect(new URL(page.url()).search).toBe('');
      });
    }
  }, 120_000);

  it('cancels a pending pre-alert after confirming', async () => {
    await asCustomer(browser(), DESKTOP, async (page) => {
      await openPrealertScreen(page);
      const t = tracking('C');
      await sendPrealert(page, basicPrealert(t));
      const card = prealertCard(page, t);
      expect(await badgeState(card)).toBe('pending');

      await page.getByRole('button', { name: `Cancel pre-alert ${t}`, exact: true }).click();
      const dialog = page.getByRole('dialog', { name: 'Cancel this pre-alert?' });
      await until(() => dialog.isVisible()).toBe(true);
      expect(await dialog.textContent()).toContain(t);
      const found: string[] = [];
      await audit(page, 'cancel pre-alert dialog', found);
      await shot(page, 'packages-prealert-cancel-1280', { fullPage: false });
      // "Keep it" changes nothing.
      await dialog.getByRole('button', { name: 'Keep it' }).click();
      await until(() => dialog.isVisible()).toBe(false);
      expect(await badgeState(card)).toBe('pending');

      await page.getByRole('button', { name: `Cancel pre-alert ${t}`, exact: true }).click();
      await until(() => dialog.isVisible()).toBe(true);
      await dialog.getByRole('button', { name: 'Cancel pre-alert', exact: true }).click();
      await until(() => notification(page, 'Pre-alert cancelled').isVisible()).toBe(true);
      await until(() => dialog.isVisible()).toBe(false);
      await until(() => badgeState(card)).toBe('cancelled');
      expect(await card.locator('[data-state]').first().textContent()).toBe('Cancelled');
      expect(await page.getByRole('button', { name: `Cancel pre-alert ${t}`, exact: true }).count()).toBe(0);
      expect(found, found.join('\n')).toEqual([]);
    });
  }, 90_000);

  it("shows the server's refusal of a second pre-alert of the same tracking number, on the form and the field", async () => {
    await asCustomer(browser(), PHONE, async (page) => {
      await openPrealertScreen(page);
      const t = tracking('D');
      await sendPrealert(page, basicPrealert(t));
      // Dismiss the success toast (its close button has a name) so it cannot be mistaken for the next answer.
      await notification(page, 'Pre-alert sent').getByRole('button', { name: 'Close notification' }).click();
      await until(() => notification(page, 'Pre-alert sent').count()).toBe(0);
      await fillPrealert(page, basicPrealert(t, [pngFile('second-try.png')]));
      await page.getByRole('button', { name: 'Send pre-alert' }).click();

      const failed = page.getByRole('alert').filter({ hasText: 'The pre-alert was not sent' });
      await until(() => failed.isVisible(), { timeout: 20_000 }).toBe(true);
      expect(await failed.textContent()).toContain(`You already pre-alerted ${t}`);
      const field = prealertField(page, 'Tracking number');
      await until(() => field.getAttribute('aria-invalid')).toBe('true');
      expect(await describedText(page, field)).toContain('You already pre-alerted this tracking number');
      // What was typed stays, to be corrected.
      expect(await field.inputValue()).toBe(t);
      expect(await page.getByRole('list', { name: 'Chosen files (1)' }).isVisible()).toBe(true);
      expect(await page.getByRole('progressbar', { name: 'Upload progress' }).count()).toBe(0);
      await expectNoOverflow(page, 'pre-alert refused at 375 px');
      await settled(page);
      await shot(page, 'packages-prealert-refused-375', { fullPage: false });
      // Only one pre-alert of that number in the list.
      expect(await prealertCard(page, t).count()).toBe(1);
    });
  }, 90_000);
});

describe('package detail /user/packages/{id}', () => {
  it('uploads a receipt, previews and downloads it, and deletes it after confirming', async () => {
    // A package of its own: the warehouse receives a parcel for a fresh customer.
    const customer = await freshAccount('receipts');
    const tokens = await apiLogin(customer);
    const t = tracking('R');
    const id = await receiveParcel(t, (await whoAmI(tokens.access_token)).mailbox_number);
    await withSession(browser(), DESKTOP, tokens, async (page) => {
      await page.goto(`/user/packages/${id}`);
      await until(() => page.getByRole('heading', { name: 'Receipts' }).isVisible(), {
        timeout: 15_000,
      }).toBe(true);
      await until(() => fileInput(page, 'Receipt files').count()).toBe(1);
      const name = `receipt-${t.toLowerCase()}.png`;
      const file = pngFile(name, 320, 200);
      await fileInput(page, 'Receipt files').setInputFiles([file]);
      await until(() =>
        page.getByRole('list', { name: 'Chosen files (1)' }).getByText(name).isVisible(),
      ).toBe(true);
      await page.getByRole('button', { name: 'Upload receipts' }).click();
      await until(() => notification(page, 'Receipt uploaded').isVisible(), { timeout: 20_000 }).toBe(true);
      const receipts = page.getByRole('list', { name: 'Receipts' });
      await until(() => receipts.getByText(name, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByRole('list', { name: /^Chosen files/ }).count()).toBe(0);

      // View: the image itself, with ways to open it elsewhere.
      await receipts.getByRole('button', { name: `View ${name}`, exact: true }).click();
      const preview = page.getByRole('dialog', { name });
      await until(() => preview.isVisible()).toBe(true);
      const image = preview.getByRole('img', { name });
      await until(() => image.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBe(320);
      expect(await preview.getByRole('link', { name: 'Open in a new tab' }).isVisible()).toBe(true);
      expect(await preview.getByRole('button', { name: 'Download' }).isVisible()).toBe(true);
      const found: string[] = [];
      await audit(page, 'receipt preview', found);
      await shot(page, 'packages-receipt-preview-1280', { fullPage: false });
      await preview.getByRole('button', { name: 'Close' }).click();
      await until(() => preview.isVisible()).toBe(false);

      // Download: the file under its own name, byte for byte.
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        receipts.getByRole('button', { name: `Download ${name}`, exact: true }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(name);
      const saved = await download.path();
      expect(Buffer.compare(await readFile(saved), file.buffer)).toBe(0);

      // Delete, confirmed in a dialog.
      await receipts.getByRole('button', { name: `Delete ${name}`, exact: true }).click();
      const confirm = page.getByRole('dialog', { name: 'Delete receipt?' });
      await until(() => confirm.isVisible()).toBe(true);
      expect(await confirm.textContent()).toContain(name);
      await audit(page, 'delete receipt dialog', found);
      await shot(page, 'packages-receipt-delete-1280', { fullPage: false });
      await confirm.getByRole('button', { name: 'Delete receipt' }).click();
      await until(() => notification(page, 'Receipt deleted').isVisible()).toBe(true);
      await until(() => confirm.isVisible()).toBe(false);
      await until(() => page.getByText(name, { exact: true }).count()).toBe(0);
      expect(found, found.join('\n')).toEqual([]);
    });
  }, 90_000);
});
