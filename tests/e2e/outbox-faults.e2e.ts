// The offline outbox (issue 5, part B) in Chromium against the built PWA and the real server, through the fault proxy
// of support/proxy.ts, which records every pre-alert upload reaching the server. "Exactly once" is checked twice: the
// attempts the proxy saw, and the pre-alerts the API lists.
// Here: the faults the proxy injects (connection reset mid-upload, reply lost after the server committed, 503s),
// "Sync now", a reload mid-upload, and a refusal edited and resent.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { type Payload, twoFiles } from './support/files';
import { apiLogin, DEMO, describedText, notification, pathOf, until } from './support/helpers';
import { controlled, textNow } from './support/offline';
import { outbox, setupOutbox, throttleUploads, tracking } from './support/outbox';
import {
  createPrealert,
  expectOnePrealertWithFiles,
  fillPrealert,
  formReady,
  openPrealertScreen,
  prealertCard,
  prealertField,
  prealertsOf,
} from './support/prealert';
import { type Fault, UNAVAILABLE } from './support/proxy';

const { proxy, portalContext, inPortal, outcomes } = setupOutbox();

describe('faults between the browser and the server', () => {
  /**
   * Sends a pre-alert online while the proxy applies `faults` to its first attempts, and waits until the outbox has
   * sent it. Returns the attempts the proxy saw.
   */
  async function sendThrough(page: Page, t: string, files: Payload[], faults: Fault[]) {
    proxy.inject(...faults);
    await fillPrealert(page, { tracking: t, files });
    await outbox.submit(page);
    // The outbox sends it by itself (at once, or after its short first back-off).
    await until(() => prealertCard(page, t).count(), { timeout: 45_000 }).toBe(1);
    await until(() => outbox.unsentCount(page)).toBe(0);
    expect(proxy.pendingFaults()).toBe(0);
    const attempts = proxy.attemptsOf(t);
    // Every attempt of one submission carries the same Idempotency-Key.
    expect(new Set(attempts.map((a) => a.key)).size, JSON.stringify(attempts)).toBe(1);
    return outcomes(t);
  }

  it('a reset mid-upload, a reply lost after the server committed, and two 503s: each ends as one pre-alert with its files intact', async () => {
    const tokens = await apiLogin(DEMO.customer);
    await inPortal(tokens, async (context) => {
      const page = await context.newPage();
      await openPrealertScreen(page);

      // (a) The connection is reset after 100 kB of the first upload (about 400 kB): nothing reached the server.
      const a = tracking('RESET');
      const aFiles = twoFiles(a, 200_000);
      expect(await sendThrough(page, a, aFiles, [{ kind: 'reset', afterBytes: 100_000 }])).toEqual([
        ['reset', null, false],
        ['passed', 201, false],
      ]);
      await expectOnePrealertWithFiles(tokens.access_token, a, aFiles);

      // (b) The server created it, but its reply never reached the browser: the retry gets the stored reply.
      const b = tracking('LOST');
      const bFiles = twoFiles(b, 150_000);
      expect(await sendThrough(page, b, bFiles, [{ kind: 'drop-reply' }])).toEqual([
        ['drop-reply', 201, false],
        ['passed', 201, true],
      ]);
      await expectOnePrealertWithFiles(tokens.access_token, b, bFiles);

      // (c) 503 twice (the first attempt, then the outbox's first retry); the third gets through.
      const c = tracking('BUSY');
      const cFiles = twoFiles(c, 100_000);
      expect(await sendThrough(page, c, cFiles, [UNAVAILABLE, UNAVAILABLE])).toEqual([
        ['reply', 503, false],
        ['reply', 503, false],
        ['passed', 201, false],
      ]);
      await expectOnePrealertWithFiles(tokens.access_token, c, cFiles);
    });
  }, 240_000);

  it('"Sync now" retries at once instead of waiting out the back-off', async () => {
    const tokens = await apiLogin(DEMO.customer);
    const context = await portalContext(tokens);
    try {
      const page = await context.newPage();
      await openPrealertScreen(page);
      const t = tracking('SYNC');
      const files = twoFiles(t, 60_000);
      proxy.always(UNAVAILABLE);
      await fillPrealert(page, { tracking: t, files });
      await outbox.submit(page);
      await outbox.open(page);
      const item = outbox.item(page, `Pre-alert ${t}`);
      // The back-off grows with each failure (random, up to 2 s × 2^(n−1)); wait until the next try is ≥ 20 s away.
      const nextAttemptAt = () =>
        page.evaluate(
          () =>
            new Promise<number>((done) => {
              const open = indexedDB.open('portal-outbox');
              open.onsuccess = () => {
                const all = open.result.transaction('records').objectStore('records').getAll();
                all.onsuccess = () => {
                  open.result.close();
                  const [rec] = all.result as { state: string; nextAttemptAt: number }[];
                  done(rec?.state === 'retrying' ? rec.nextAttemptAt - Date.now() : 0);
                };
              };
            }),
        );
      await until(nextAttemptAt, { timeout: 200_000 }).toBeGreaterThan(20_000);
      expect(await textNow(item.getByTestId('outbox-status'))).toMatch(/^Will retry at /);
      const failures = proxy.attemptsOf(t).length;
      expect(failures).toBeGreaterThanOrEqual(3);
      expect(await textNow(item)).toContain(`${failures - 1} attempts`);

      // The server is back; "Sync now" sends it now, long before its next try was due.
      proxy.always(null);
      const clicked = Date.now();
      await outbox.drawer(page).getByRole('button', { name: 'Sync now' }).click();
      await until(() => item.count(), { timeout: 15_000 }).toBe(0);
      expect(Date.now() - clicked).toBeLessThan(15_000);
      const attempts = proxy.attemptsOf(t);
      expect(attempts.map((a) => [a.outcome, a.status])).toEqual([
        ...Array(failures).fill(['reply', 503]),
        ['passed', 201],
      ]);
      expect(new Set(attempts.map((a) => a.key)).size).toBe(1);
      await expectOnePrealertWithFiles(tokens.access_token, t, files);
    } finally {
      proxy.always(null);
      await context.close();
    }
  }, 300_000);

  it('a tab reloaded in the middle of an upload sends the item again after the reload, once', async () => {
    const tokens = await apiLogin(DEMO.customer);
    await inPortal(tokens, async (context) => {
      const page = await context.newPage();
      await openPrealertScreen(page);
      await controlled(page);
      const t = tracking('RELOAD');
      const files = twoFiles(t, 400_000);
      await context.setOffline(true);
      await fillPrealert(page, { tracking: t, files });
      await outbox.submit(page);
      await throttleUploads(context, page, 100_000);
      await context.setOffline(false);
      await outbox.open(page);
      const item = outbox.item(page, `Pre-alert ${t}`);
      await until(() => outbox.uploadingPercent(item), { timeout: 30_000 }).toBeGreaterThan(5);

      // The user reloads the tab: the upload is cut off; the item is still on the device and goes out again.
      await page.reload();
      await formReady(page);
      await until(() => prealertCard(page, t).count(), { timeout: 60_000 }).toBe(1);
      await until(() => outbox.unsentCount(page)).toBe(0);
      expect(outcomes(t)).toEqual([
        ['aborted', null, false],
        ['passed', 201, false],
      ]);
      expect(new Set(proxy.attemptsOf(t).map((a) => a.key)).size).toBe(1);
      await expectOnePrealertWithFiles(tokens.access_token, t, files);
    });
  }, 180_000);
});

describe('a pre-alert the server refuses', () => {
  it('needs attention with the server’s message; edited and resent from the form with its files, it is sent once', async () => {
    const tokens = await apiLogin(DEMO.customer);
    await inPortal(tokens, async (context) => {
      const page = await context.newPage();
      await openPrealertScreen(page);
      await controlled(page);

      // Queued offline; meanwhile the same tracking number is pre-alerted from another device.
      const t = tracking('DUP');
      const files = twoFiles(t, 120_000);
      await context.setOffline(true);
      await fillPrealert(page, { tracking: t, files });
      await outbox.submit(page);
      await createPrealert(tokens.access_token, { tracking: t });

      // Back online: the server refuses it (409, on the tracking number); it stays, needing attention.
      await context.setOffline(false);
      await outbox.open(page);
      const item = outbox.item(page, `Pre-alert ${t}`);
      await until(() => textNow(item.getByTestId('outbox-status')), { timeout: 30_000 }).toBe(
        `Needs attention: You already pre-alerted ${t}`,
      );
      expect(await item.getAttribute('data-state')).toBe('attention');
      expect(await outbox.unsentCount(page)).toBe(1);
      expect(proxy.attemptsOf(t).map((a) => [a.outcome, a.status])).toEqual([['passed', 409]]);
      await screenshot(page, 'outbox-needs-attention-1280', { fullPage: false });

      // Edit and resend: the form holds what was queued, files included, with the server's message on its field.
      await item.getByRole('button', { name: 'Edit and resend' }).click();
      await until(() => outbox.drawer(page).isVisible()).toBe(false);
      await until(() => new URL(page.url()).searchParams.get('outbox')).toMatch(/^[\w-]+$/);
      const tn = prealertField(page, 'Tracking number');
      await until(() => tn.inputValue()).toBe(t);
      expect(await prealertField(page, 'Seller or store').inputValue()).toBe('Amazon');
      expect(await prealertField(page, 'Description').inputValue()).toBe('Books and a lamp');
      expect(await page.getByRole('combobox', { name: 'Package type' }).inputValue()).toBe('Box');
      const chosen = page.getByRole('list', { name: 'Chosen files (2)' });
      await until(() => chosen.isVisible()).toBe(true);
      for (const f of files) expect(await chosen.getByText(f.name, { exact: true }).isVisible()).toBe(true);
      expect(await page.getByText('Editing a pre-alert from your outbox').isVisible()).toBe(true);
      await until(() => tn.getAttribute('aria-invalid')).toBe('true');
      expect(await describedText(page, tn)).toContain('You already pre-alerted this tracking number');
      await screenshot(page, 'outbox-edit-and-resend-1280', { fullPage: false });

      // Fixed (another tracking number: the parcel had two) and sent again.
      const fixed = tracking('DUPFIX');
      await tn.fill(fixed);
      await page.getByRole('button', { name: 'Send pre-alert' }).click();
      await until(() => notification(page, 'Sent back to the outbox').isVisible(), { timeout: 20_000 }).toBe(
        true,
      );
      await until(() => pathOf(page)).toBe('/user/packages/pre-alert');
      await until(() => prealertCard(page, fixed).count(), { timeout: 30_000 }).toBe(1);
      await until(() => outbox.unsentCount(page)).toBe(0);
      expect(outcomes(fixed)).toEqual([['passed', 201, false]]);
      await expectOnePrealertWithFiles(tokens.access_token, fixed, files);
      // The refused one was not sent again: only the other device's pre-alert has that number.
      expect(proxy.attemptsOf(t)).toHaveLength(1);
      expect((await prealertsOf(tokens.access_token, t)).map((p) => p.files.map((f) => f.name))).toEqual([
        ['phone.pdf'],
      ]);
    });
  }, 180_000);
});
