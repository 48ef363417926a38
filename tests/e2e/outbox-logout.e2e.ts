// The offline outbox (issue 5, part B) in Chromium against the built PWA and the real server, through the fault proxy
// of support/proxy.ts, which records every pre-alert upload reaching the server. "Exactly once" is checked twice: the
// attempts the proxy saw, and the pre-alerts the API lists.
// Here: what IndexedDB keeps after logout, with nothing queued, with an unsent item discarded, and with one kept.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot } from './support/browser';
import { twoFiles } from './support/files';
import {
  apiLogin,
  DEMO,
  expectDashboard,
  loginWithForm,
  pathOf,
  type Tokens,
  until,
  whoAmI,
} from './support/helpers';
import { type Dump, dumpIndexedDb, persistedQueryKeys } from './support/offline';
import { outbox, setupOutbox, tracking } from './support/outbox';
import { openPrealertScreen, prealertsOf } from './support/prealert';

const { proxy, inPortal, fireBackgroundSync, firstVisit, queueOffline, expectSentOnce } = setupOutbox();

describe('logout', () => {
  /** The user's identifying data, to look for in what IndexedDB keeps. */
  async function identity(tokens: Tokens) {
    const me = await whoAmI(tokens.access_token);
    return [me.id, me.email, me.name, me.mailbox_number];
  }

  /** Every entry of every store, except the outbox's own (allowed when the user kept them). */
  function entriesOutsideOutbox(dump: Dump) {
    return Object.entries(dump).flatMap(([db, stores]) =>
      db === 'portal-outbox' || db === 'portal-outbox-files'
        ? []
        : Object.entries(stores).flatMap(([store, entries]) => entries.map((e) => ({ db, store, ...e }))),
    );
  }

  /** Every object store of every database is empty. */
  function expectEmptyStores(dump: Dump) {
    for (const [db, stores] of Object.entries(dump)) {
      for (const [store, entries] of Object.entries(stores)) expect(entries, `${db}/${store}`).toEqual([]);
    }
  }

  async function logOut(page: Page) {
    await page.getByRole('button', { name: /^User menu/ }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
  }

  /** Logs out with an item queued; answers the "You have unsent items" dialog with `choice`. */
  async function logOutWithUnsent(page: Page, choice: 'Discard and log out' | 'Keep and log out') {
    await logOut(page);
    const dialog = page.getByRole('dialog', { name: 'You have unsent items' });
    await until(() => dialog.isVisible()).toBe(true);
    await screenshot(page, 'outbox-logout-unsent-1280', { fullPage: false });
    await dialog.getByRole('button', { name: choice }).click();
    await until(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/login/);
  }

  it('leaves no user data in IndexedDB: no persisted queries, no outbox', async () => {
    const tokens = await apiLogin(DEMO.customer);
    const who = await identity(tokens);
    await inPortal(tokens, async (context) => {
      const page = await context.newPage();
      await page.goto('/user');
      await expectDashboard(page, DEMO.customer.first);
      await openPrealertScreen(page);
      await until(() => page.getByRole('list', { name: 'Your pre-alerts' }).isVisible(), {
        timeout: 15_000,
      }).toBe(true);
      // Before: the user's data is there (so the check below can see it go).
      await until(() => persistedQueryKeys(page), { timeout: 15_000 }).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\["prealerts",/), expect.stringMatching(/^\["me",/)]),
      );
      const before = JSON.stringify(await dumpIndexedDb(page));
      expect(before).toContain(who[1]);

      await logOut(page);
      await until(() => pathOf(page), { timeout: 15_000 }).toMatch(/^\/login/);
      await until(async () => entriesOutsideOutbox(await dumpIndexedDb(page)), { timeout: 15_000 }).toEqual(
        [],
      );
      const after = await dumpIndexedDb(page);
      expectEmptyStores(after);
      const text = JSON.stringify(after);
      for (const value of who) expect(text).not.toContain(value);
    });
  }, 120_000);

  it('"Discard and log out" deletes the unsent item and its files; it is never sent', async () => {
    const tokens = await apiLogin(DEMO.customer);
    const who = await identity(tokens);
    const { context, page } = await firstVisit(tokens);
    try {
      const t = tracking('DISCARD');
      await queueOffline(context, page, t, twoFiles(t, 50_000));
      await logOutWithUnsent(page, 'Discard and log out');
      await until(async () => JSON.stringify(await dumpIndexedDb(page)), { timeout: 15_000 }).not.toContain(
        t,
      );
      const after = await dumpIndexedDb(page);
      expectEmptyStores(after);
      for (const value of who) expect(JSON.stringify(after)).not.toContain(value);

      await context.setOffline(false);
      await page.evaluate(() => window.dispatchEvent(new Event('online')));
      await page.waitForTimeout(2000);
      expect(proxy.attemptsOf(t)).toEqual([]);
      expect(await prealertsOf(tokens.access_token, t)).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('"Keep and log out" keeps only the outbox item, which waits until the same user logs in again', async () => {
    const tokens = await apiLogin(DEMO.customer);
    const who = await identity(tokens);
    const { context, page } = await firstVisit(tokens);
    try {
      const t = tracking('KEEP');
      const files = twoFiles(t, 50_000);
      await queueOffline(context, page, t, files);
      await logOutWithUnsent(page, 'Keep and log out');

      // Only the outbox remains: one record (this user's) and its two files; no persisted queries.
      await until(async () => entriesOutsideOutbox(await dumpIndexedDb(page)), { timeout: 15_000 }).toEqual(
        [],
      );
      const kept = await dumpIndexedDb(page);
      const records = (kept['portal-outbox']?.records ?? []).map(
        (r) => r.value as { label: string; userId: string },
      );
      expect(records.map((r) => [r.label, r.userId])).toEqual([[t, who[0]]]);
      expect(kept['portal-outbox-files']?.files?.length).toBe(2);

      // Signed out and back online: every trigger fires, nothing is sent.
      await context.setOffline(false);
      await page.evaluate(() => {
        window.dispatchEvent(new Event('online'));
        document.dispatchEvent(new Event('visibilitychange'));
      });
      await fireBackgroundSync(context, page);
      await page.waitForTimeout(3000);
      expect(proxy.attemptsOf(t)).toEqual([]);
      expect(await outbox.button(page).count()).toBe(0);

      // The same user logs in again (the form, no reload): it is sent, once.
      await loginWithForm(page, DEMO.customer);
      await until(() => pathOf(page), { timeout: 20_000 }).not.toMatch(/^\/login/);
      await until(() => proxy.attemptsOf(t).length, { timeout: 30_000 }).toBe(1);
      // Sent and gone from the queue (before the next page load, which would cut a reply still on its way).
      await until(() => outbox.unsentCount(page), { timeout: 15_000 }).toBe(0);
      await openPrealertScreen(page);
      await expectSentOnce(page, tokens, t, files);
    } finally {
      await context.close();
    }
  }, 150_000);
});
