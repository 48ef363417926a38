import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../contract/endpoints';
import { documentedPath } from './http/openapi';
import { createTestApp, DEMO, type TestApp } from './test/harness';
import { expectError, expectOk, registerBody, waitForMail } from './test/helpers';

/** Helmet's headers that only a document obeys: sent with HTML, never with data, scripts or styles. */
const DOCUMENT_ONLY_HEADERS = [
  'x-frame-options',
  'cross-origin-opener-policy',
  'referrer-policy',
  'x-dns-prefetch-control',
  'origin-agent-cluster',
  'x-download-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
];

describe('the app: envelope, errors, headers, docs', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('answers an unknown /v1 path with a 404 envelope', async () => {
    expectError(
      await t.request({ method: 'GET', url: '/v1/nothing-here?x=1' }),
      404,
      'Route GET /v1/nothing-here not found',
    );
    expectError(
      await t.request({ method: 'DELETE', url: '/v1/parishes' }),
      404,
      'Route DELETE /v1/parishes not found',
    );
    // Without a built PWA, other paths are 404 envelopes too.
    expectError(await t.request({ method: 'GET', url: '/some/page' }), 404);
  });

  it('answers invalid JSON with 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.test", ',
    });
    expectError(res, 400, 'The request body is not valid JSON');
  });

  it('answers an empty JSON body with 400', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '',
    });
    expectError(res, 400, 'The request body is empty');
  });

  it('answers a text/plain body with 415', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'text/plain' },
      payload: 'email=a@b.test',
    });
    expectError(res, 415, 'Unsupported content type');
  });

  it('answers a body over 1 MiB with 413', async () => {
    const payload = JSON.stringify({ email: 'a@b.test', password: 'x'.repeat(1024 * 1024 + 10) });
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });
    expectError(res, 413, 'The request body is too large');
  });

  it('keeps on API replies what JSON needs: nosniff, no-store, a CSP that allows nothing; not the document set', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/companies/me' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
    // What only a document obeys is not sent with data.
    for (const name of DOCUMENT_ONLY_HEADERS) expect(res.headers[name], name).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends the document security headers on HTML pages (the docs, the local mailbox)', async () => {
    for (const url of ['/docs', '/dev/mailbox']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-security-policy'], url).toContain("object-src 'none'");
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
    }
  });

  it('serves the OpenAPI document listing every path of the contract', async () => {
    const res = await t.request({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.keys(doc.paths);
    const expected = [...new Set(allEndpoints.map((e) => documentedPath(e.path).replace(/:(\w+)/g, '{$1}')))];
    expect(expected.length).toBeGreaterThanOrEqual(50);
    expect(documented).toEqual(expect.arrayContaining(expected));
    // Request bodies come from the zod contract.
    expect(
      doc.paths['/v1/auth/register'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['email', 'password', 'parish_id']));
  });

  it('serves the interactive docs page', async () => {
    const res = await t.request({ method: 'GET', url: '/docs' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/swagger/i);
  });

  it('serves the local mailbox page', async () => {
    const res = await t.request({ method: 'GET', url: '/dev/mailbox' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toContain('Local mailbox');
  });

  it('keeps what a mail attached and serves its bytes to the same company only', async () => {
    const me = expectOk<{ id: string }>(await t.request({ method: 'GET', url: '/v1/companies/me' }));
    const pdf = Buffer.from('%PDF-1.4 invoice INV-7 total 12.50');
    await t.app.mailer.send({
      companyId: me.id,
      from: 'care@demo.test',
      to: 'someone@demo.test',
      subject: 'Two attachments',
      text: 'see attached',
      html: '<p>see attached</p>',
      links: [],
      attachments: [
        { filename: 'INV-7.pdf', contentType: 'application/pdf', content: pdf },
        {
          filename: 'note.txt',
          contentType: 'text/plain',
          content: Readable.from([Buffer.from('from a stream')]),
        },
      ],
    });
    const mails = expectOk<
      { id: string; subject: string; attachments?: { filename: string; size: number }[] }[]
    >(await t.request({ method: 'GET', url: '/dev/mailbox.json' }));
    const mail = mails.find((m) => m.subject === 'Two attachments');
    expect(mail?.attachments).toEqual([
      { filename: 'INV-7.pdf', contentType: 'application/pdf', size: pdf.length },
      { filename: 'note.txt', contentType: 'text/plain', size: 13 },
    ]);
    const first = await t.request({ method: 'GET', url: `/dev/mailbox/${mail?.id}/attachments/0` });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('application/pdf');
    expect(first.rawPayload.equals(pdf)).toBe(true);
    const second = await t.request({ method: 'GET', url: `/dev/mailbox/${mail?.id}/attachments/1` });
    expect(second.body).toBe('from a stream');
    const page = await t.request({ method: 'GET', url: '/dev/mailbox' });
    expect(page.body).toContain(`href="/dev/mailbox/${mail?.id}/attachments/0"`);
    // Another company's host, an index past the end and an id that is not the mailer's shape find nothing.
    expectError(
      await t.request({
        method: 'GET',
        url: `/dev/mailbox/${mail?.id}/attachments/0`,
        host: 'blue.localhost',
      }),
      404,
    );
    expectError(await t.request({ method: 'GET', url: `/dev/mailbox/${mail?.id}/attachments/2` }), 404);
    expectError(await t.request({ method: 'GET', url: '/dev/mailbox/..%2F..%2Fsecret/attachments/0' }), 404);
  });

  it('never logs a password or a token', async () => {
    const body = registerBody();
    expectOk(await t.request({ method: 'POST', url: '/v1/auth/register', payload: body }), 201);
    const reg = expectOk<{ access_token: string; refresh_token: string }>(
      await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: body.email, password: body.password },
      }),
    );
    const login = await t.login(DEMO.customer.email, DEMO.customer.password);
    const renewed = expectOk<{ access_token: string; refresh_token: string }>(
      await t.request({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: login.refresh } }),
    );
    await t.request({ method: 'GET', url: '/v1/auth/me', token: renewed.access_token });
    await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      payload: { email: DEMO.admin.email, password: 'Wrong-Secret-99' },
    });

    const log = t.logs.join('\n');
    expect(log).toContain('/v1/auth/refresh'); // the requests were logged...
    const secrets = [
      String(body.password),
      DEMO.customer.password,
      'Wrong-Secret-99',
      reg.access_token,
      reg.refresh_token,
      login.access,
      login.refresh,
      renewed.access_token,
      renewed.refresh_token,
    ];
    for (const secret of secrets) expect(log).not.toContain(secret); // ...but no secret in them
  });
});

describe('an unexpected failure', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => {
    await t.app.close();
    rmSync(t.config.dataDir, { recursive: true, force: true });
  });

  it('is a 500 envelope without details; the details go to the log', async () => {
    await t.database.close();
    const res = await t.request({ method: 'GET', url: '/v1/parishes' });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({
      success: false,
      message: 'Unexpected error occurred',
      data: null,
      statusCode: 500,
    });
    expect(res.body).not.toMatch(/select|parishes|stack|at /i);

    const errors = t.logs.map((l) => JSON.parse(l)).filter((l) => l.level >= 50);
    expect(errors.length).toBeGreaterThanOrEqual(1);
    expect(errors[0]).toMatchObject({ msg: 'unexpected error' });
    expect(errors[0].err?.stack).toBeTruthy();
  });
});

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
    return JSON.parse(m[1] as string) as { company: Record<string, unknown> | null; buildId: string };
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
      expect(boot, url).toEqual({ company: me.json().data, buildId: 'build-1' });
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

  it('writes company null on a host with no company, and keeps the built title and colour', async () => {
    const res = await t.request({ method: 'GET', url: '/login', host: 'nobody.example' });
    expect(res.statusCode).toBe(200);
    expect(bootOf(res.body)).toEqual({ company: null, buildId: 'build-1' });
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

describe('deployment settings: PUBLIC_URL and CORS_ORIGINS', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      env: { PUBLIC_URL: 'https://localhost:8443/', CORS_ORIGINS: 'https://app.example' },
    });
  });
  afterAll(() => t.close());

  it('builds mail links on PUBLIC_URL for its host, and on the request host for the others', async () => {
    const island = registerBody();
    expectOk(
      await t.request({ method: 'POST', url: '/v1/auth/register', host: 'localhost:8080', payload: island }),
      201,
    );
    const blue = registerBody();
    expectOk(
      await t.request({ method: 'POST', url: '/v1/auth/register', host: 'blue.localhost', payload: blue }),
      201,
    );
    const [islandMail] = await waitForMail(t, String(island.email));
    const [blueMail] = await waitForMail(t, String(blue.email));
    expect(islandMail?.links[0]).toMatch(/^https:\/\/localhost:8443\/verification\//);
    expect(blueMail?.links[0]).toMatch(/^http:\/\/blue\.localhost\/verification\//);
  });

  it('allows the configured origin only, and exposes Retry-After to it', async () => {
    const allowed = await t.request({
      method: 'OPTIONS',
      url: '/v1/auth/login',
      headers: { origin: 'https://app.example', 'access-control-request-method': 'POST' },
    });
    expect(allowed.statusCode).toBe(204);
    expect(allowed.headers['access-control-allow-origin']).toBe('https://app.example');
    const get = await t.request({
      method: 'GET',
      url: '/v1/parishes',
      headers: { origin: 'https://app.example' },
    });
    expect(String(get.headers['access-control-expose-headers'])).toMatch(/retry-after/i);
    const other = await t.request({
      method: 'GET',
      url: '/v1/parishes',
      headers: { origin: 'https://evil.example' },
    });
    expect(other.headers['access-control-allow-origin']).toBeUndefined();
  });
});
