// The offline outbox (issue 5, part B) in Chromium against the built PWA and the real server, through the fault proxy
// of support/proxy.ts, which records every pre-alert upload reaching the server. "Exactly once" is checked twice: the
// attempts the proxy saw, and the pre-alerts the API lists.
// Here: a pre-alert queued offline on a device that never loaded the pre-alert list, kept when its tab closes,
// uploaded once with progress; sent by the worker (Background Sync) with no tab open; two tabs flushing one queue
// (Web Locks).
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { twoFiles } from './support/files';
import { apiLogin, DEMO, until } from './support/helpers';
import { controlled, textNow } from './support/offline';
import { outbox, setupOutbox, throttleUploads, tracking } from './support/outbox';
import {
  expectOnePrealertWithFiles,
  fillPrealert,
  formReady,
  openPrealertScreen,
  prealertCard,
} from './support/prealert';

const { proxy, inPortal, fireBackgroundSync, firstVisit, queueOffline, outcomes, expectSentOnce } =
  setupOutbox();

describe('a pre-alert sent offline', () => {
  it('is queued on a device that never loaded the pre-alert list, survives the tab, and uploads once with progress', async () => {
    const tokens = await apiLogin(DEMO.customer);
    const { context, page: first } = await firstVisit(tokens);
    try {
      const t = tracking('Q');
      // About 1.1 MB each: at 200 kB/s the upload takes seconds, long enough to watch it.
      const files = twoFiles(t, 1_100_000);
      await queueOffline(context, first, t, files);
      await screenshot(first, 'outbox-queued-offline-1280', { fullPage: false });
      await outbox.open(first);
      const item = (page: Page) => outbox.item(page, `Pre-alert ${t}`);
      await until(() => textNow(item(first).getByTestId('outbox-status'))).toBe('Waiting for network');

      // The tab is closed; a new one (still offline) finds the item kept on the device.
      await first.close();
      const page = await context.newPage();
      await openPrealertScreen(page);
      await until(() => outbox.unsentCount(page), { timeout: 15_000 }).toBe(1);
      await outbox.open(page);
      await until(() => textNow(item(page).getByTestId('outbox-status'))).toBe('Waiting for network');

      // Back online with a slow uplink: it uploads by itself, and the drawer shows how far.
      await throttleUploads(context, page, 200_000);
      await context.setOffline(false);
      const seen = new Set<string>();
      let shot = false;
      const deadline = Date.now() + 90_000;
      while (Date.now() < deadline && (await item(page).count()) > 0) {
        const status = await textNow(item(page).getByTestId('outbox-status'));
        if (status) seen.add(status);
        const pct = Number(/^Uploading (\d+) %$/.exec(status ?? '')?.[1] ?? Number.NaN);
        if (!shot && pct > 20 && pct < 80) {
          shot = true;
          await screenshot(page, 'outbox-uploading-1280', { fullPage: false });
        }
        await new Promise((r) => setTimeout(r, 50));
      }
      const percents = [...seen]
        .map((s) => Number(/^Uploading (\d+) %$/.exec(s)?.[1] ?? Number.NaN))
        .filter((n) => n > 0 && n < 100);
      expect(percents.length, `statuses seen: ${[...seen].join(' | ')}`).toBeGreaterThanOrEqual(1);
      await until(() => item(page).count()).toBe(0);
      await until(() => outbox.drawer(page).getByText('Everything is sent').isVisible()).toBe(true);
      await page.getByRole('button', { name: 'Close outbox' }).click();
      await until(() => outbox.unsentCount(page)).toBe(0);

      // Listed, and on the server once (one upload, by the page), with both files as they were.
      await until(() => prealertCard(page, t).count(), { timeout: 15_000 }).toBe(1);
      expect(outcomes(t)).toEqual([['passed', 201, false]]);
      await expectOnePrealertWithFiles(tokens.access_token, t, files);
    } finally {
      await context.close();
    }
  }, 240_000);

  it('with every tab closed, is uploaded once by the worker when Background Sync wakes it', async () => {
    const tokens = await apiLogin(DEMO.customer);
    const { context, page: first } = await firstVisit(tokens);
    try {
      const t = tracking('W');
      const files = twoFiles(t, 200_000);
      await queueOffline(context, first, t, files);
      await first.close();
      await context.setOffline(false);

      // No tab of the portal is open (a blank tab is no client of the worker): woken by Background Sync, the worker
      // finds no page to ask, and sends the item itself.
      const blank = await context.newPage();
      await fireBackgroundSync(context, blank);
      await until(() => proxy.attemptsOf(t).length, { timeout: 30_000 }).toBe(1);
      expect(context.pages().map((p) => p.url())).toEqual(['about:blank']);
      await blank.close();

      // The next visit finds it sent: nothing queued, listed once, with its files.
      const page = await context.newPage();
      await openPrealertScreen(page);
      await expectSentOnce(page, tokens, t, files);
    } finally {
      await context.close();
    }
  }, 180_000);
});

describe('two tabs', () => {
  it('each queued item is uploaded exactly once when both tabs come back online', async () => {
    const tokens = await apiLogin(DEMO.customer);
    await inPortal(tokens, async (context) => {
      const pages = [await context.newPage(), await context.newPage()] as const;
      for (const page of pages) {
        await page.goto('/user/packages/pre-alert');
        await formReady(page);
        await controlled(page);
      }
      await context.setOffline(true);
      const items = [
        { t: tracking('TAB1'), files: twoFiles(tracking('TAB1'), 300_000) },
        { t: tracking('TAB2'), files: twoFiles(tracking('TAB2'), 300_000) },
      ];
      for (const [i, page] of pages.entries()) {
        const item = items[i] as (typeof items)[number];
        await page.bringToFront();
        await fillPrealert(page, { tracking: item.t, files: item.files });
        await outbox.submit(page);
      }
      // Both tabs see both items (the tabs tell each other when the queue changes).
      for (const page of pages) await until(() => outbox.unsentCount(page)).toBe(2);

      // The network returns for both tabs at once, with slow uplinks: both try to flush while an upload runs.
      for (const page of pages) await throttleUploads(context, page, 300_000);
      await context.setOffline(false);
      for (const page of pages) {
        await until(() => outbox.unsentCount(page), { timeout: 60_000 }).toBe(0);
      }
      for (const { t, files } of items) {
        expect(outcomes(t), t).toEqual([['passed', 201, false]]);
        await expectOnePrealertWithFiles(tokens.access_token, t, files);
      }
    });
  }, 180_000);
});
