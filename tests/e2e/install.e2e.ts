// Issue 5 as a new Blue Parcel customer would live it, in Chromium on blue.localhost: the app installs as "Blue
// Parcel" (its own manifest, icons and colours; the worker controls the page; Chromium reports no installability
// error), then, signed in, goes offline, browses the packages from the cache, pre-alerts a parcel with two files,
// reloads while still offline (the item survives), comes back online and watches it upload exactly once.
import { describe, expect, it } from 'vitest';
import { newPage, screenshot, setupBrowser } from './support/browser';
import { pdf, png, sha256 } from './support/files';
import { DEMO, loginWithForm, notification, until } from './support/helpers';
import { controlled, persistedQueryKeys } from './support/offline';

const HOST = 'blue.localhost';

const browser = setupBrowser();

type Manifest = {
  name: string;
  short_name: string;
  display: string;
  start_url: string;
  scope: string;
  theme_color: string;
  icons: { src: string; sizes: string; type: string; purpose?: string }[];
  shortcuts?: { name: string; url: string }[];
};

describe('installing Blue Parcel and using it offline', () => {
  it('installs as Blue Parcel: its manifest, icons and colour; the worker controls the page; no install errors', async () => {
    const { context, page } = await newPage(browser(), { host: HOST });
    try {
      await page.goto('/login');
      const href = await page.locator('link[rel="manifest"]').getAttribute('href');
      expect(href).toBeTruthy();
      const manifest = (await page.evaluate(
        async (url) => (await fetch(url)).json(),
        href ?? '',
      )) as Manifest;
      expect(manifest.name).toBe('Blue Parcel');
      expect(manifest.display).toBe('standalone');
      expect(manifest.theme_color.toLowerCase()).toBe('#1d4ed8');
      expect(manifest.shortcuts?.map((s) => s.url)).toEqual(
        expect.arrayContaining(['/user/packages/pre-alert', '/user/packages/history']),
      );
      const sizes = manifest.icons.map((i) => `${i.sizes} ${i.purpose ?? 'any'}`);
      expect(sizes).toEqual(expect.arrayContaining(['192x192 any', '512x512 any', '512x512 maskable']));
      for (const icon of manifest.icons) {
        const got = await page.evaluate(async (src) => {
          const r = await fetch(src);
          return { status: r.status, type: r.headers.get('content-type') ?? '' };
        }, icon.src);
        expect(got, icon.src).toEqual({ status: 200, type: expect.stringMatching(/^image\//) });
      }
      await controlled(page);
      // What Chrome checks before it offers "Install app" (manifest, icons, worker with a fetch handler, scope).
      const cdp = await context.newCDPSession(page);
      // The test's browser context is incognito, where Chrome never installs: that one reason aside, none.
      await until(
        async () =>
          (
            (await cdp.send('Page.getInstallabilityErrors')) as {
              installabilityErrors: { errorId: string }[];
            }
          ).installabilityErrors
            .map((e) => e.errorId)
            .filter((id) => id !== 'in-incognito'),
        { timeout: 20_000 },
      ).toEqual([]);
    } finally {
      await context.close();
    }
  });

  it('offline: browses the packages, pre-alerts with two files, survives a reload, and uploads once back online', async () => {
    const { context, page } = await newPage(browser(), { host: HOST, width: 375, height: 812 });
    try {
      // Signs in through the form, as the customer would (the API helpers call the other company's host).
      await page.goto('/login');
      await loginWithForm(page, DEMO.blue);
      await until(() => new URL(page.url()).pathname, { timeout: 20_000 }).toBe('/user');
      await page.goto('/user/packages/history');
      const rows = page.getByRole('main').getByRole('link', { name: /^[A-Z0-9]{8,}$/ });
      await until(() => rows.count(), { timeout: 20_000 }).toBeGreaterThan(0);
      const firstTracking = (await rows.first().textContent()) ?? '';
      await controlled(page);
      await until(() => persistedQueryKeys(page), { timeout: 15_000 }).toEqual(
        expect.arrayContaining([expect.stringMatching(/^\["packages",/)]),
      );

      // Offline: the history reloads from the device with the banner.
      await context.setOffline(true);
      await page.reload();
      await until(() => page.getByTestId('offline-banner').textContent(), { timeout: 20_000 }).toMatch(
        /^Offline/,
      );
      await until(() => rows.first().textContent()).toBe(firstTracking);
      await screenshot(page, 'install-blue-offline-history-375');

      // A pre-alert with two files, offline: kept in the outbox.
      const tracking = `BLU${Date.now().toString(36).toUpperCase()}`;
      const files = [
        { name: 'invoice.pdf', mimeType: 'application/pdf', buffer: pdf(`Invoice ${tracking}`, 40_000) },
        { name: 'photo.png', mimeType: 'image/png', buffer: png(120, 90, { noise: true, seed: 99 }) },
      ];
      await page
        .getByRole('link', { name: /pre-alert/i })
        .first()
        .click();
      await until(() => page.getByRole('heading', { name: 'Pre-alert a package', level: 1 }).isVisible(), {
        timeout: 20_000,
      }).toBe(true);
      const field = (name: string) => page.getByRole('textbox', { name, exact: true });
      await field('Tracking number').fill(tracking);
      await field('Seller or store').fill('Best Buy');
      await field('Description').fill('Headphones');
      await field('Weight (lb)').fill('2');
      await field('Declared value (US$)').fill('89.99');
      await page.getByRole('combobox', { name: 'Package type' }).click();
      await page.getByRole('option', { name: 'Box', exact: true }).click();
      await page.getByLabel('Invoice or receipt files', { exact: true }).setInputFiles(files);
      await page.getByRole('button', { name: 'Send pre-alert' }).click();
      await until(() => notification(page, 'Saved on this device').isVisible(), { timeout: 30_000 }).toBe(
        true,
      );
      const outbox = page.getByRole('button', { name: 'Outbox, 1 unsent' });
      await until(() => outbox.isVisible()).toBe(true);

      // Still offline, the page is reloaded: the item is still there, on the device.
      await page.reload();
      await until(() => outbox.isVisible(), { timeout: 20_000 }).toBe(true);
      await screenshot(page, 'install-blue-offline-queued-375');

      // Back online: it goes by itself, once, with its files intact.
      await context.setOffline(false);
      await until(() => page.getByRole('button', { name: /^Outbox, \d+ unsent$/ }).count(), {
        timeout: 30_000,
      }).toBe(0);
      // What the server holds, asked from the page (same host, the page's own session).
      const token = (await context.cookies()).find((c) => c.name === 'accessToken')?.value ?? '';
      const fromServer = await page.evaluate(
        async ([t, auth]) => {
          const headers = { authorization: `Bearer ${auth}` };
          const list = (await (await fetch('/v1/peralert?pageSize=100', { headers })).json()) as {
            data: { items: { tracking_number: string; files: { id: string; name: string }[] }[] };
          };
          const mine = list.data.items.filter((p) => p.tracking_number === t);
          const files = await Promise.all(
            (mine[0]?.files ?? []).map(async (f) => {
              const r = await fetch(`/v1/files/${f.id}`, { headers });
              return {
                name: f.name,
                status: r.status,
                bytes: Array.from(new Uint8Array(await r.arrayBuffer())),
              };
            }),
          );
          return { count: mine.length, files };
        },
        [tracking, token] as const,
      );
      expect(fromServer.count).toBe(1);
      expect(fromServer.files.map((f) => f.name).sort()).toEqual(['invoice.pdf', 'photo.png']);
      for (const f of fromServer.files) {
        expect(f.status).toBe(200);
        const original = files.find((x) => x.name === f.name)?.buffer ?? Buffer.alloc(0);
        expect(sha256(Uint8Array.from(f.bytes)), f.name).toBe(sha256(original));
      }
      await until(() => page.getByText(tracking).count(), { timeout: 15_000 }).toBeGreaterThan(0);
      await screenshot(page, 'install-blue-sent-375');
    } finally {
      await context.close();
    }
  });
});
