// The offline outbox (issue 5, part B) in Chromium against the built PWA and the real server, through the fault proxy
// of support/proxy.ts, which records every pre-alert upload reaching the server. "Exactly once" is checked twice: the
// attempts the proxy saw, and the pre-alerts the API lists.
// Here: a newer build that never reloads over a dirty form or its upload.
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { twoFiles } from './support/files';
import { apiLogin, DEMO, expectDashboard, notification, pathOf, until } from './support/helpers';
import { buildOf, nextWorkerWaiting, setupNextBuild } from './support/new-build';
import { controlled } from './support/offline';
import { setupOutbox, throttleUploads, tracking } from './support/outbox';
import { expectOnePrealertWithFiles, fillPrealert, formReady, prealertField } from './support/prealert';

const { inPortal, outcomes } = setupOutbox();

describe('a newer build while the pre-alert form is dirty', () => {
  // As in offline-shell.e2e.ts: a second build is published while pages are open (see support/new-build.ts).
  const { deploy, next } = setupNextBuild('outbox');

  /**
   * Opens a page and waits until its build watcher listens to navigations: the watcher subscribes as soon as the
   * worker's registration resolves, before the worker takes control, so a controlled page is a watched one (a
   * navigation made before that is not looked at; the next one is).
   */
  async function openWatched(page: Page, path: string) {
    await page.goto(path);
    await controlled(page);
  }

  it('never reloads over the dirty form or its upload; after it is sent, the next navigation reloads once', async () => {
    const tokens = await apiLogin(DEMO.customer);
    await inPortal(tokens, async (context) => {
      const form = await context.newPage();
      const other = await context.newPage();
      const loads = new Map<Page, number>([
        [form, 0],
        [other, 0],
      ]);
      for (const page of [form, other]) page.on('load', () => loads.set(page, (loads.get(page) ?? 0) + 1));
      await openWatched(form, '/user/packages/pre-alert');
      await formReady(form);
      await controlled(form);
      await openWatched(other, '/user');
      await expectDashboard(other, DEMO.customer.first);
      await controlled(other);
      const oldBuild = await buildOf(form);
      expect(oldBuild).toBeTruthy();
      expect(oldBuild).not.toBe(next().buildId);

      // The form has input (text and files) when the new build is published and its worker installed.
      const t = tracking('BUILD');
      const files = twoFiles(t, 400_000);
      await fillPrealert(form, { tracking: t, files });
      await form.evaluate(() => {
        const w = window as unknown as { controllerChanges: number };
        w.controllerChanges = 0;
        navigator.serviceWorker.addEventListener('controllerchange', () => {
          w.controllerChanges += 1;
        });
      });
      deploy();
      await nextWorkerWaiting(form);

      // The other tab navigates: it activates the new worker and reloads onto the new build, once.
      await other.locator('a[href="/user/packages/history"]').first().click();
      await until(() => buildOf(other), {
        timeout: 40_000,
        message: 'the other tab never reloaded onto the new build',
      }).toBe(next().buildId);
      expect(loads.get(other)).toBe(2);

      // The form's tab now runs under the new worker, but does not reload: what was typed and chosen is still there.
      await until(() =>
        form.evaluate(() => (window as unknown as { controllerChanges: number }).controllerChanges),
      ).toBe(1);
      await form.waitForTimeout(1500);
      expect(loads.get(form)).toBe(1);
      expect(await buildOf(form)).toBe(oldBuild);
      expect(await prealertField(form, 'Tracking number').inputValue()).toBe(t);
      expect(await prealertField(form, 'Description').inputValue()).toBe('Books and a lamp');
      expect(await form.getByRole('list', { name: 'Chosen files (2)' }).isVisible()).toBe(true);

      // Sent on a slow uplink; the user moves on while it uploads: that navigation does not reload (it would cut
      // the upload off).
      await throttleUploads(context, form, 100_000);
      await form.getByRole('button', { name: 'Send pre-alert' }).click();
      const bar = form.getByRole('progressbar', { name: 'Upload progress' });
      await until(async () => Number((await bar.count()) ? await bar.getAttribute('aria-valuenow') : 0), {
        timeout: 20_000,
      }).toBeGreaterThan(0);
      await form.locator('header a[href="/user"]').first().click();
      await expectDashboard(form, DEMO.customer.first);
      expect(pathOf(form)).toBe('/user');
      expect(loads.get(form)).toBe(1);
      expect(await buildOf(form)).toBe(oldBuild);
      await until(() => notification(form, 'Pre-alert sent').isVisible(), { timeout: 60_000 }).toBe(true);
      expect(loads.get(form)).toBe(1);
      expect(outcomes(t)).toEqual([['passed', 201, false]]);

      // Sent: the next navigation reloads onto the new build, once; the ones after it do not.
      await form.locator('a[href="/user/packages/history"]').first().click();
      await until(() => buildOf(form), { timeout: 20_000 }).toBe(next().buildId);
      expect(pathOf(form)).toBe('/user/packages/history');
      expect(loads.get(form)).toBe(2);
      await form.locator('a[href="/user/packages/pre-alert"]').first().click();
      await formReady(form);
      await form.locator('header a[href="/user"]').first().click();
      await expectDashboard(form, DEMO.customer.first);
      await other.locator('header a[href="/user"]').first().click();
      await expectDashboard(other, DEMO.customer.first);
      await form.waitForTimeout(1500);
      expect([loads.get(form), loads.get(other)]).toEqual([2, 2]);
      await expectOnePrealertWithFiles(tokens.access_token, t, files);
    });
  }, 180_000);
});
