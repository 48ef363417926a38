import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_ONLY_HEADERS } from '../test/document-headers';
import { createTestApp, type TestApp } from '../test/harness';

describe('serving the PWA', () => {
  let t: TestApp;
  let webDir: string;
  // A realistic document: the theme colour and title the server replaces, the script the CSP must allow, and a
  // style sheet that takes it over 1 KiB (where on-the-fly compression starts), as the shell outline does.
  const indexHtml = (marker: string) =>
    `<!doctype html><html lang="en"><head><meta charset="UTF-8" /><meta name="theme-color" content="#000000" />` +
    `<title>Customer portal</title><style>${'.boot-line{height:14px;margin:12px 0}'.repeat(30)}</style></head><body><div id="root">${marker}</div>` +
    `<script type="module" src="/assets/index-abc123.js"></script></body></html>\n`;
  // Over 1 KiB, as the files the build precompresses are; its `.br` copy holds different bytes on purpose, so a
  // reply equal to them can only be the file on disk, not on-the-fly compression.
  const bigJs = `${'window.__bootRead = document.getElementById("boot").textContent;\n'.repeat(40)}`;
  const bigBr = brotliCompressSync(Buffer.from(`${bigJs}/* precompressed */`));
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(join(webDir, 'index.html'), indexHtml('first build'));
    writeFileSync(join(webDir, 'build.json'), JSON.stringify({ buildId: 'build-1', builtAt: '' }));
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), bigJs);
    writeFileSync(join(webDir, 'assets', 'index-abc123.js.br'), bigBr);
    writeFileSync(join(webDir, 'assets', 'small-abc123.js'), 'console.log(1)');
    writeFileSync(
      join(webDir, 'route-preload.json'),
      JSON.stringify({
        routes: [
          { file: '_app.tsx', pattern: '/', leaf: false, files: ['/assets/_app-1.js', '/assets/_app-1.css'] },
          { file: '_app/user/index.tsx', pattern: '/user', leaf: true, files: ['/assets/index-2.js'] },
          {
            file: '_app/user/packages/$id.tsx',
            pattern: '/user/packages/$id',
            leaf: true,
            files: ['/assets/_id-3.js'],
          },
        ],
      }),
    );
    t = await createTestApp({ env: { WEB_DIR: webDir } });
  });
  afterAll(async () => {
    await t.close();
    rmSync(webDir, { recursive: true, force: true });
  });

  const bootOf = (html: string) => {
    const m = /<script type="application\/json" id="boot">([^<]*)<\/script><\/head>/.exec(html);
    if (!m) throw new Error(`no boot block in ${html}`);
    return JSON.parse(m[1] as string) as {
      company: Record<string, unknown> | null;
      buildId: string;
      locale?: string;
    };
  };

  it('answers the app for its routes, the asset itself, and a 404 for a missing asset (never HTML as a script)', async () => {
    const route = await t.request({ method: 'GET', url: '/user/packages/history?page=2' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/text\/html/);
    const asset = await t.request({ method: 'GET', url: '/assets/small-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.body).toBe('console.log(1)');
    expect(asset.headers['cache-control']).toContain('immutable');
    for (const url of [
      '/assets/index-old999.js',
      '/assets/style-old.css',
      '/sw-old.js',
      '/icons/missing.png',
    ]) {
      const missing = await t.request({ method: 'GET', url });
      expect(missing.statusCode, url).toBe(404);
      expect(missing.headers['content-type'], url).toMatch(/application\/json/);
      expect(missing.json(), url).toMatchObject({ success: false, statusCode: 404 });
    }
  });

  it('writes the host company (as GET /v1/companies/me returns it) and the build id into the document', async () => {
    const me = await t.request({ method: 'GET', url: '/v1/companies/me' });
    for (const url of ['/', '/login', '/user/packages/history?page=2']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['cache-control'], url).toBe('no-cache');
      const boot = bootOf(res.body);
      expect(boot, url).toEqual({ company: me.json().data, buildId: 'build-1', locale: 'en' });
      // The company's time zone arrives with the page: the PWA shows every date in it from the first paint.
      expect(boot.company?.time_zone, url).toBe('America/Jamaica');
      expect(res.body, url).toContain(
        `<meta name="theme-color" content="${me.json().data.primary_color}" />`,
      );
      expect(res.body, url).toContain(`<title>${me.json().data.name}</title>`);
      expect(res.body.match(/name="theme-color"/g), url).toHaveLength(1);
    }
    // Another host, another company.
    const blue = await t.request({ method: 'GET', url: '/', host: 'blue.localhost' });
    const blueMe = await t.request({ method: 'GET', url: '/v1/companies/me', host: 'blue.localhost' });
    expect(bootOf(blue.body).company).toEqual(blueMe.json().data);
    expect(blueMe.json().data.id).not.toBe(me.json().data.id);
  });

  it("names the route's chunks and style sheets in the document, so they load beside the entry", async () => {
    const user = await t.request({ method: 'GET', url: '/user?tab=1' });
    expect(user.body).toContain(
      '<link rel="modulepreload" crossorigin href="/assets/_app-1.js" />' +
        '<link rel="preload" as="style" href="/assets/_app-1.css" crossorigin />' +
        '<link rel="modulepreload" crossorigin href="/assets/index-2.js" />',
    );
    const pkg = await t.request({ method: 'GET', url: '/user/packages/abc' });
    expect(pkg.body).toContain('href="/assets/_id-3.js"');
    expect(pkg.body).not.toContain('href="/assets/index-2.js"');
    const login = await t.request({ method: 'GET', url: '/login' });
    expect(login.body).not.toContain('modulepreload');
  });

  it('writes the document in the language of the locale cookie, else Accept-Language, and varies by them', async () => {
    const ar = await t.request({ method: 'GET', url: '/login', headers: { cookie: 'locale=ar' } });
    expect(ar.body).toMatch(/<html[^>]* lang="ar" dir="rtl">/);
    expect(bootOf(ar.body)?.locale).toBe('ar');
    expect(String(ar.headers.vary)).toMatch(/cookie/i);
    const fr = await t.request({
      method: 'GET',
      url: '/login',
      headers: { 'accept-language': 'fr-HT,fr;q=0.9' },
    });
    expect(fr.body).toMatch(/<html[^>]* lang="fr" dir="ltr">/);
  });

  it('writes company null on a host with no company, and keeps the built title and colour', async () => {
    const res = await t.request({ method: 'GET', url: '/login', host: 'nobody.example' });
    expect(res.statusCode).toBe(200);
    expect(bootOf(res.body)).toEqual({ company: null, buildId: 'build-1', locale: 'en' });
    expect(res.body).toContain('<title>Customer portal</title>');
    expect(res.body).toContain('content="#000000"');
  });

  it('serves a rebuilt document and build id without a restart', async () => {
    const later = new Date(Date.now() + 5_000);
    writeFileSync(join(webDir, 'index.html'), indexHtml('second build'));
    writeFileSync(join(webDir, 'build.json'), JSON.stringify({ buildId: 'build-2', builtAt: '' }));
    utimesSync(join(webDir, 'index.html'), later, later);
    utimesSync(join(webDir, 'build.json'), later, later);
    try {
      const res = await t.request({ method: 'GET', url: '/' });
      expect(res.body).toContain('second build');
      expect(bootOf(res.body).buildId).toBe('build-2');
    } finally {
      writeFileSync(join(webDir, 'index.html'), indexHtml('first build'));
      writeFileSync(join(webDir, 'build.json'), JSON.stringify({ buildId: 'build-1', builtAt: '' }));
    }
  });

  it('sends the document its security headers, and a hashed asset only nosniff and immutable caching', async () => {
    const doc = await t.request({ method: 'GET', url: '/user' });
    const csp = String(doc.headers['content-security-policy']);
    const scriptSrc = csp.split(';').find((d) => d.trim().startsWith('script-src')) ?? '';
    expect(scriptSrc.trim()).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(doc.headers['x-content-type-options']).toBe('nosniff');
    expect(doc.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(doc.headers['cross-origin-opener-policy']).toBe('same-origin');
    expect(doc.headers['referrer-policy']).toBeDefined();

    const asset = await t.request({ method: 'GET', url: '/assets/index-abc123.js' });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    expect(asset.headers['cross-origin-resource-policy']).toBe('same-origin');
    for (const name of ['content-security-policy', ...DOCUMENT_ONLY_HEADERS])
      expect(asset.headers[name], name).toBeUndefined();
  });

  it('answers a script asked with brotli with the precompressed file, and compresses the document on the fly', async () => {
    const br = await t.request({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/javascript/);
    expect(String(br.headers.vary)).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(Buffer.compare(br.rawPayload, bigBr)).toBe(0);
    // No `.gz` beside it: gzip falls back to the plain file, compressed on the fly.
    const gz = await t.request({
      method: 'GET',
      url: '/assets/index-abc123.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.statusCode).toBe(200);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(bigJs);

    const doc = await t.request({ method: 'GET', url: '/user', headers: { 'accept-encoding': 'br' } });
    expect(doc.headers['content-encoding']).toBe('br');
    expect(bootOf(brotliDecompressSync(doc.rawPayload).toString()).buildId).toBe('build-1');
  });

  it('lets the browser read the boot block under the real CSP, with no violation', async () => {
    const { chromium } = await import('playwright-core');
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const browser = await chromium.launch({
      executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
      args: ['--no-sandbox'],
    });
    try {
      const page = await browser.newPage();
      const violations: string[] = [];
      page.on('console', (m) => {
        if (/Content Security Policy/i.test(m.text())) violations.push(m.text());
      });
      await page.addInitScript(() => {
        document.addEventListener('securitypolicyviolation', (e) => {
          console.log(`Content Security Policy violation: ${e.violatedDirective} ${e.blockedURI}`);
        });
      });
      const res = await page.goto(`${address.replace('127.0.0.1', 'localhost')}/user`);
      expect(res?.headers()['content-security-policy']).toContain("script-src 'self'");
      // The page's own script (allowed by 'self') read the block: the block is data, never run.
      await page.waitForFunction(() => typeof (window as { __bootRead?: string }).__bootRead === 'string');
      const read = await page.evaluate(() => (window as { __bootRead?: string }).__bootRead ?? '');
      expect(JSON.parse(read)).toMatchObject({ buildId: 'build-1', company: { slug: expect.any(String) } });
      expect(violations).toEqual([]);
    } finally {
      await browser.close();
    }
  });
});
