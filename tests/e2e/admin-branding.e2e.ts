// Branding (issue 29): the admin tries a light colour (warned in words), picks a darker one, renames the company and
// uploads a logo; the header changes at once, and a new visit shows the new name, logo and theme-color, with an
// install manifest whose icons are made from the logo (read back at their sizes). The screen at 375 px, with axe.
// Everything is put back in a `finally` (the logo removed: the company's own logo returns), as other journeys read
// the demo company's brand.
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import type { Branding } from '../../src/contract/branding';
import { DESKTOP, PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot } from './support/checks';
import {
  apiCall,
  apiUrl,
  DEMO,
  notification,
  sharedTokens,
  until,
  waitForPath,
  withSession,
} from './support/helpers';

const browser = setupBrowser();
const NEW_NAME = 'Island Express Couriers';
const NEW_COLOR = '#0f766e';
const LIGHT_COLOR = '#fdba74';

const adminToken = async () => (await sharedTokens(DEMO.admin)).access_token;

async function brandingNow(): Promise<Branding> {
  const reply = await apiCall<Branding>(await adminToken(), '/v1/admin/branding');
  expect(reply.status, reply.message).toBe(200);
  return reply.data;
}

/** A 320 × 160 logo: an orange band with a white block, so the icons made from it are not one flat colour. */
const logoPng = () =>
  sharp({ create: { width: 320, height: 160, channels: 3, background: '#c2410c' } })
    .composite([
      {
        input: { create: { width: 120, height: 80, channels: 3, background: '#ffffff' } },
        gravity: 'centre',
      },
    ])
    .png()
    .toBuffer();

describe('branding', () => {
  it('the admin changes the colour and logo; a new visit shows them, and the manifest has the new icons', async () => {
    const before = await brandingNow();
    const tokens = await sharedTokens(DEMO.admin);
    try {
      await withSession(
        browser(),
        DESKTOP,
        tokens,
        async (page) => {
          await page.goto('/admin/settings');
          await page.getByRole('link', { name: 'Branding: name, logo, colour' }).click();
          await waitForPath(page, '/admin/settings/branding');
          await until(() => page.getByRole('heading', { level: 1, name: 'Branding' }).isVisible()).toBe(true);

          // A light colour: white text on it is hard to read, and the screen says so in words.
          const colour = page.getByLabel('Brand colour');
          await colour.fill(LIGHT_COLOR);
          await until(() => page.getByTestId('brand-contrast').textContent()).toContain(
            'White text on this colour is hard to read (1.6:1); pick a darker colour',
          );
          await colour.fill(NEW_COLOR);
          await until(() => page.getByTestId('brand-contrast').textContent()).toMatch(
            /^White text on this colour reads/,
          );
          await page.getByLabel('Company name').fill(NEW_NAME);
          await until(() => page.getByTestId('brand-preview-header').textContent()).toBe(NEW_NAME);

          await page.getByLabel('Logo file').setInputFiles({
            name: 'logo.png',
            mimeType: 'image/png',
            buffer: await logoPng(),
          });
          await until(() => notification(page, 'Logo saved').count()).toBe(1);
          await until(() => page.getByRole('img', { name: 'Current logo' }).getAttribute('src')).toMatch(
            /^\/brand\/logo\/[0-9a-f]{16}\.png$/,
          );

          await page.getByRole('button', { name: 'Save branding' }).click();
          await until(() => notification(page, 'Branding saved').count()).toBe(1);
          // The app's header follows at once (the company is fetched again).
          const header = page.getByRole('banner');
          await until(() => header.textContent()).toContain(NEW_NAME);
          await until(() => header.locator('img[src^="/brand/logo/"]').count()).toBe(1);
          await shot(page, 'admin-branding-saved-1280', { fullPage: true });
        },
        { stepTimeout: 15_000 },
      );

      const after = await brandingNow();
      expect(after).toMatchObject({
        name: NEW_NAME,
        primary_color: NEW_COLOR,
        logo: { width: 320, height: 160 },
      });

      // A new visit: the server writes the new brand into the page itself.
      await withSession(
        browser(),
        DESKTOP,
        tokens,
        async (page) => {
          const nav = await page.goto('/user');
          const html = (await nav?.text()) ?? '';
          expect(html).toContain(`<title>${NEW_NAME}</title>`);
          expect(html).toContain(`<meta name="theme-color" content="${NEW_COLOR}" />`);
          const header = page.getByRole('banner');
          await until(() => header.textContent()).toContain(NEW_NAME);
          expect(await header.locator('img').first().getAttribute('src')).toBe(after.logo_url);
          await until(() => page.locator('meta[name="theme-color"]').getAttribute('content')).toBe(NEW_COLOR);
          // The screen's title names the company (Dashboard · …).
          await until(() => page.title()).toContain(NEW_NAME);
          expect(await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')).toBe(
            after.icons.apple_180,
          );

          const manifest = await page.evaluate(async () => (await fetch('/manifest.webmanifest')).json());
          expect(manifest).toMatchObject({ name: NEW_NAME, theme_color: NEW_COLOR });
          const icons = manifest.icons as { src: string; sizes: string; purpose: string }[];
          expect(icons.map((i) => `${i.src} ${i.sizes} ${i.purpose}`)).toEqual([
            `${after.icons.any_192} 192x192 any`,
            `${after.icons.any_512} 512x512 any`,
            `${after.icons.maskable_512} 512x512 maskable`,
          ]);
          for (const icon of [...icons, { src: after.icons.apple_180, sizes: '180x180' }]) {
            const res = await fetch(apiUrl(icon.src));
            expect(res.status, icon.src).toBe(200);
            const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
            expect(`${meta.width}x${meta.height}`, icon.src).toBe(icon.sizes);
          }
          // Icons from before the change are not served under the new brand's URLs, and the old ones are gone.
          expect(icons.some((i) => i.src.includes(before.icons.any_192))).toBe(false);
          expect((await fetch(apiUrl(before.icons.any_192))).status).toBe(404);
          await shot(page, 'admin-branding-new-visit-1280', { fullPage: false });
        },
        { stepTimeout: 15_000 },
      );
    } finally {
      const token = await adminToken();
      const { company_id: _id, logo_url: _logo, logo: _l, icons: _i, contrast: _c, ...fields } = before;
      const restored = await apiCall<Branding>(token, '/v1/admin/branding', { method: 'PUT', body: fields });
      expect(restored.status, restored.message).toBe(200);
      if ((await brandingNow()).logo) {
        const removed = await apiCall<Branding>(token, '/v1/admin/branding/logo', { method: 'DELETE' });
        expect(removed.status, removed.message).toBe(200);
      }
    }
    const back = await brandingNow();
    expect({ name: back.name, color: back.primary_color, logo: back.logo_url }).toEqual({
      name: before.name,
      color: before.primary_color,
      logo: before.logo_url,
    });
  });

  it('the branding screen holds at 375 px with no serious axe violation', async () => {
    const found: string[] = [];
    await withSession(
      browser(),
      PHONE,
      await sharedTokens(DEMO.admin),
      async (page) => {
        await page.goto('/admin/settings/branding');
        await until(() => page.getByRole('heading', { level: 1, name: 'Branding' }).isVisible()).toBe(true);
        await until(() => page.getByLabel('Company name').inputValue()).toBe('Island Express');
        await until(() => page.getByRole('button', { name: 'Choose a logo' }).isVisible()).toBe(true);
        await page.getByLabel('Brand colour').fill(LIGHT_COLOR);
        await until(() => page.getByTestId('brand-contrast').textContent()).toContain('hard to read');
        await shot(page, 'admin-branding-375', { fullPage: true });
        await audit(page, 'branding 375', found);
        await expectNoOverflow(page, 'branding 375');
      },
      { stepTimeout: 15_000 },
    );
    expect(found).toEqual([]);
  });
});
