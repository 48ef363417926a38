import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';

describe('per-host install manifest and icons', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const manifest = async (host: string) => {
    const res = await t.request({ method: 'GET', url: '/manifest.webmanifest', host });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/manifest\+json/);
    return res.json();
  };

  it('names the company of the host, in its colour, with its icons and the template’s shortcuts', async () => {
    const blue = await manifest('blue.localhost:8080');
    expect(blue).toMatchObject({
      name: 'Blue Parcel',
      short_name: 'Blue Parcel',
      theme_color: '#1d4ed8',
      display: 'standalone',
    });
    expect(blue.icons.map((i: { sizes: string; purpose: string }) => `${i.sizes} ${i.purpose}`)).toEqual([
      '192x192 any',
      '512x512 any',
      '512x512 maskable',
    ]);
    expect(blue.shortcuts.map((s: { url: string }) => s.url)).toEqual([
      '/user/packages/pre-alert',
      '/user/packages/history',
    ]);
    const island = await manifest('localhost');
    expect(island).toMatchObject({ name: 'Island Express', theme_color: '#6d28d9', start_url: '/user' });
  });

  it('serves real PNG icons of the right size in the company colour', async () => {
    for (const [name, size] of [
      ['any-192', 192],
      ['maskable-512', 512],
    ] as const) {
      const res = await t.request({ method: 'GET', url: `/brand-icons/${name}.png`, host: 'blue.localhost' });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('image/png');
      const png = res.rawPayload;
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      expect(png.readUInt32BE(16)).toBe(size);
      expect(png.readUInt32BE(20)).toBe(size);
    }
    const blue = (await t.request({ method: 'GET', url: '/brand-icons/any-192.png', host: 'blue.localhost' }))
      .rawPayload;
    const purple = (await t.request({ method: 'GET', url: '/brand-icons/any-192.png', host: 'localhost' }))
      .rawPayload;
    expect(blue.equals(purple)).toBe(false);
    expect((await t.request({ method: 'GET', url: '/brand-icons/huge-4096.png' })).statusCode).toBe(404);
  });
});
