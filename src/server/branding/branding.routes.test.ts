import { copyFileSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { Branding, UpdateBrandingInput } from '../../contract/branding';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching } from '../test/helpers';
import { multipart } from '../test/multipart';
import { filesOnDisk } from '../test/packages';

/** A real image of the given size and format, one colour. */
const image = (format: 'png' | 'jpeg' | 'webp', width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: '#c2410c' } })
    .toFormat(format)
    .toBuffer();

/** A PNG of random pixels: it does not compress, so it stays as large as its pixels (~4 MB here). */
const noisyPng = () => {
  const px = 1200;
  const raw = Buffer.alloc(px * px * 3);
  for (let i = 0; i < raw.length; i++) raw[i] = (i * 2654435761) >>> 24;
  return sharp(raw, { raw: { width: px, height: px, channels: 3 } })
    .png({ compressionLevel: 0 })
    .toBuffer();
};

const SVG = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="200" height="200"><script>alert(1)</script><rect width="200" height="200" fill="red"/></svg>',
);

describe('branding (admins): name, colour, logo; the manifest, icons and document follow at once', () => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let customer: string;
  const webDir = mkdtempSync(join(tmpdir(), 'portal-brand-web-'));

  const put = (token: string, body: UpdateBrandingInput) =>
    t.request({ method: 'PUT', url: '/v1/admin/branding', token, payload: body });
  const upload = async (token: string, file: { name: string; bytes: Buffer; type: string }) => {
    const form = await multipart({}, [{ ...file, field: 'logo' }]);
    return t.request({ method: 'POST', url: '/v1/admin/branding/logo', token, ...form });
  };
  const stored = () => filesOnDisk(t).sort();
  const manifest = async (host = 'localhost') =>
    (await t.request({ method: 'GET', url: '/manifest.webmanifest', host })).json() as {
      name: string;
      short_name: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
  const page = async (host = 'localhost') => (await t.request({ method: 'GET', url: '/user', host })).body;
  /** Each icon of the manifest read back: its real width and height, and what the manifest says they are. */
  const iconSizes = async (host = 'localhost') =>
    Promise.all(
      (await manifest(host)).icons.map(async (i) => {
        const res = await t.request({ method: 'GET', url: i.src, host });
        expect(res.statusCode, i.src).toBe(200);
        expect(res.headers['content-type']).toBe('image/png');
        const meta = await sharp(res.rawPayload).metadata();
        return { said: i.sizes, real: `${meta.width}x${meta.height}`, src: i.src, png: res.rawPayload };
      }),
    );

  beforeAll(async () => {
    mkdirSync(webDir, { recursive: true });
    copyFileSync('index.html', join(webDir, 'index.html'));
    t = await createTestApp({ env: { WEB_DIR: webDir } });
    admin = (await t.login(DEMO.admin.email, DEMO.admin.password)).access;
    clerk = (await t.login(DEMO.clerk.email, DEMO.clerk.password)).access;
    customer = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  it('refuses clerks and customers, and answers the admin with the brand and a contrast check', async () => {
    expectError(await t.request({ method: 'GET', url: '/v1/admin/branding', token: clerk }), 403);
    expectError(await t.request({ method: 'GET', url: '/v1/admin/branding', token: customer }), 403);
    const b = expectOk<Branding>(await t.request({ method: 'GET', url: '/v1/admin/branding', token: admin }));
    expect(b).toMatchObject({ name: 'Island Express', primary_color: '#6d28d9', logo: null });
    expect(b.contrast.white_text).toBeGreaterThan(4.5);
    expect(b.contrast.warning).toBeNull();
    const start = stored();
    const png = await image('png', 256, 256);
    expectError(await upload(clerk, { name: 'logo.png', bytes: png, type: 'image/png' }), 403);
    expect(stored()).toEqual(start);
  });

  it('PUT changes the manifest, title and theme-color of this host only, warns of a light colour, and is audited', async () => {
    const body = {
      name: 'Coral Island Express',
      short_name: 'Coral',
      primary_color: '#FDBA74', // light orange: white text on it is hard to read
      support_email: 'help@coral.test',
      support_phone: '876-555-0199',
      website: 'https://coral.test',
      warehouse_address: {
        line1: '8 Coral Way',
        line2: 'Unit 3',
        city: 'Doral',
        state: 'FL',
        postal_code: '33122',
        country: 'United States',
        phone: '305-555-0111',
      },
    };
    const saved = expectOk<Branding>(await put(admin, body), 200, 'Branding saved');
    expect(saved).toMatchObject({
      name: 'Coral Island Express',
      short_name: 'Coral',
      primary_color: '#fdba74',
    });
    expect(saved.contrast.warning).toMatch(
      /^White text on this colour is hard to read \(1\.\d:1\); pick a darker colour$/,
    );
    expect(saved.contrast.dark_text).toBeGreaterThan(10);

    expect(await manifest()).toMatchObject({
      name: 'Coral Island Express',
      short_name: 'Coral',
      theme_color: '#fdba74',
    });
    const html = await page();
    expect(html).toContain('<title>Coral Island Express</title>');
    expect(html).toContain('<meta name="application-name" content="Coral Island Express" />');
    expect(html).toContain('<meta name="theme-color" content="#fdba74" />');
    expect(html).toContain(`<link rel="apple-touch-icon" sizes="180x180" href="${saved.icons.apple_180}" />`);
    const me = expectOk<{ name: string; support_email: string }>(
      await t.request({ method: 'GET', url: '/v1/companies/me' }),
    );
    expect(me).toMatchObject({ name: 'Coral Island Express', support_email: 'help@coral.test' });

    // Mail queued after the save carries the new name and colour.
    await t.request({
      method: 'POST',
      url: '/v1/auth/passwordReset',
      payload: { email: DEMO.customer.email },
    });
    const reset = await mailMatching(t, DEMO.customer.email, 'Reset your Coral Island Express password');
    expect(reset?.html).toContain('background:#fdba74');
    expect(reset?.from).toContain('Coral Island Express');

    // The other company is untouched.
    expect(await manifest('blue.localhost')).toMatchObject({ name: 'Blue Parcel', theme_color: '#1d4ed8' });
    expect(await page('blue.localhost')).toContain('<title>Blue Parcel</title>');

    const trail = expectOk<{ items: AuditEntry[] }>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/audit?entity=company&id=${saved.company_id}`,
        token: admin,
      }),
    ).items;
    expect(trail[0]?.changes).toMatchObject({
      name: ['Island Express', 'Coral Island Express'],
      primary_color: ['#6d28d9', '#fdba74'],
      'warehouse_address.line1': [expect.any(String), '8 Coral Way'],
    });

    const bad = expectError(
      await put(admin, { ...body, short_name: 'Coral Island Express', primary_color: 'coral' }),
      400,
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['primary_color', 'short_name']);
    expect((await manifest()).name).toBe('Coral Island Express');
  });

  it('refuses SVG, a renamed text file, an oversized, a tiny and a damaged image, leaving nothing on disk', async () => {
    const start = stored();
    const cases: [string, { name: string; bytes: Buffer; type: string }, number][] = [
      ['svg', { name: 'logo.svg', bytes: SVG, type: 'image/svg+xml' }, 415],
      [
        'text',
        {
          name: 'logo.png',
          bytes: Buffer.from('just some text, not a picture\n'.repeat(20)),
          type: 'image/png',
        },
        415,
      ],
      ['pdf', { name: 'logo.pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n'), type: 'application/pdf' }, 415],
      ['big', { name: 'big.png', bytes: await noisyPng(), type: 'image/png' }, 413],
      ['tiny', { name: 'tiny.png', bytes: await image('png', 32, 32), type: 'image/png' }, 400],
      [
        'damaged',
        { name: 'cut.png', bytes: (await image('png', 300, 300)).subarray(0, 60), type: 'image/png' },
        400,
      ],
    ];
    for (const [what, file, status] of cases) {
      const err = expectError(await upload(admin, file), status);
      expect(err.errors?.logo?.[0], what).toBeTruthy();
    }
    expect(stored()).toEqual(start);
    const b = expectOk<Branding>(await t.request({ method: 'GET', url: '/v1/admin/branding', token: admin }));
    expect(b.logo).toBeNull();
  });

  it('accepts PNG, JPEG and WebP: the icons are made from the logo at the sizes the manifest says, at new URLs', async () => {
    const glyph = await iconSizes();
    const filesBefore = stored().length;
    let previous = glyph.map((i) => i.src);
    for (const [format, w, h] of [
      ['jpeg', 200, 200],
      ['webp', 300, 150],
      ['png', 640, 320],
    ] as const) {
      const saved = expectOk<Branding>(
        await upload(admin, {
          name: `logo.${format}`,
          bytes: await image(format, w, h),
          type: `image/${format}`,
        }),
        200,
        'Logo saved',
      );
      expect(saved.logo).toMatchObject({ width: w, height: h });
      expect(saved.logo_url).toMatch(/^\/brand\/logo\/[0-9a-f]{16}\.png$/);
      const icons = await iconSizes();
      expect(icons.map((i) => i.real)).toEqual(icons.map((i) => i.said));
      expect(icons.map((i) => `${i.said} ${i.src}`)).toEqual([
        `192x192 ${saved.icons.any_192}`,
        `512x512 ${saved.icons.any_512}`,
        `512x512 ${saved.icons.maskable_512}`,
      ]);
      // A new logo, new URLs: no cache can answer with the old picture.
      expect(icons.map((i) => i.src).some((src) => previous.includes(src))).toBe(false);
      previous = icons.map((i) => i.src);
      const apple = await t.request({ method: 'GET', url: saved.icons.apple_180 });
      expect(await sharp(apple.rawPayload).metadata()).toMatchObject({ width: 180, height: 180 });
      const logo = await t.request({ method: 'GET', url: saved.logo_url });
      expect(logo.statusCode).toBe(200);
      expect(logo.headers['content-type']).toBe('image/png');
      expect((await manifest('blue.localhost')).icons[0]?.src).not.toBe(saved.icons.any_192);
    }
    // The maskable icon keeps the logo inside the safe zone: its corners and edges are the white background.
    const maskable = (await iconSizes())[2];
    if (!maskable) throw new Error('no maskable icon');
    const { data } = await sharp(maskable.png).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * 512 + x) * 4, (y * 512 + x) * 4 + 3)];
    expect(at(256, 60)).toEqual([255, 255, 255]); // above the logo, inside the 80 % circle's top
    expect(at(256, 256)).not.toEqual([255, 255, 255]); // the logo, centred
    // Old versions are not served; of three logos, only the last one's file is kept.
    expect((await t.request({ method: 'GET', url: glyph[0]?.src ?? '' })).statusCode).toBe(404);
    expect(stored().length).toBe(filesBefore + 1);
  });

  it('DELETE removes the uploaded logo (back to the one the company was set up with), then that one', async () => {
    const before = stored();
    const remove = () => t.request({ method: 'DELETE', url: '/v1/admin/branding/logo', token: admin });
    const first = expectOk<Branding>(await remove(), 200, 'Logo removed');
    expect(first).toMatchObject({ logo_url: '/brands/island-express.svg', logo: null });
    expect(stored().length).toBe(before.length - 1);
    const icons = await iconSizes();
    expect(icons.map((i) => i.real)).toEqual(['192x192', '512x512', '512x512']);
    expect(icons[0]?.src).toMatch(/^\/brand-icons\/parcel-fdba74\/any-192\.png$/);
    expect(expectOk<Branding>(await remove())).toMatchObject({ logo_url: '', logo: null });
    expect(
      expectOk<{ logo_url: string }>(await t.request({ method: 'GET', url: '/v1/companies/me' })).logo_url,
    ).toBe('');
    expectError(await t.request({ method: 'DELETE', url: '/v1/admin/branding/logo', token: clerk }), 403);
  });
});
