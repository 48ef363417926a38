import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { brotliCompressSync, brotliDecompressSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../contract/endpoints';
import { createTestApp, DEMO, type TestApp } from './test/harness';
import { expectError, expectOk, registerBody, waitForMail } from './test/helpers';

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

  it('sends an API reply the headers that apply to data (nosniff, same-origin, no-store), not the document ones', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/companies/me' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('sends every HTML page (the docs, the local mailbox) the security headers of a document', async () => {
    for (const url of ['/docs', '/dev/mailbox']) {
      const res = await t.request({ method: 'GET', url });
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
      expect(res.headers['content-security-policy'], url).toBeTruthy();
      expect(res.headers['x-frame-options'], url).toBe('SAMEORIGIN');
      expect(res.headers['x-content-type-options'], url).toBe('nosniff');
      expect(res.headers['referrer-policy'], url).toBe('no-referrer');
    }
  });

  it('serves the OpenAPI document listing every path of the contract', async () => {
    const res = await t.request({ method: 'GET', url: '/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.openapi).toMatch(/^3\./);
    const documented = Object.keys(doc.paths);
    const expected = [...new Set(allEndpoints.map((e) => e.path.replace(/:(\w+)/g, '{$1}')))];
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
  const big = 'export const words = "'.concat('forwarder '.repeat(500), '";');
  let t: TestApp;
  let webDir: string;
  beforeAll(async () => {
    webDir = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webDir, 'assets'));
    writeFileSync(
      join(webDir, 'index.html'),
      '<!doctype html><html><head><meta name="theme-color" content="#000000" /><title>Portal</title></head><body></body></html>',
    );
    writeFileSync(join(webDir, 'assets', 'index-abc123.js'), 'console.log(1)');
    writeFileSync(join(webDir, 'assets', 'vendor-def456.js'), big);
    writeFileSync(join(webDir, 'assets', 'vendor-def456.js.br'), brotliCompressSync(big));
    writeFileSync(join(webDir, 'build.json'), JSON.stringify({ buildId: 'build-42', builtAt: '' }));
    writeFileSync(
      join(webDir, 'route-preload.json'),
      JSON.stringify({
        routes: [
          { file: '_app.tsx', pattern: '/', leaf: false, files: ['/assets/_app-1.js'] },
          {
            file: '_app/user/packages/history.tsx',
            pattern: '/user/packages/history',
            leaf: true,
            files: ['/assets/history-2.js', '/assets/history-2.css'],
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

  it('answers the app for its routes, the asset itself, and a 404 for a missing asset (never HTML as a script)', async () => {
    const route = await t.request({ method: 'GET', url: '/user/packages/history?page=2' });
    expect(route.statusCode).toBe(200);
    expect(route.headers['content-type']).toMatch(/text\/html/);
    const asset = await t.request({ method: 'GET', url: '/assets/index-abc123.js' });
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

  it("writes the host's company, the build and the route's chunks into the page, under the document's CSP", async () => {
    const page = await t.request({
      method: 'GET',
      url: '/user/packages/history?page=2',
      host: 'blue.localhost',
    });
    expect(page.headers['cache-control']).toBe('no-cache');
    const csp = String(page.headers['content-security-policy']);
    expect(
      csp
        .split(';')
        .find((d) => d.trim().startsWith('script-src'))
        ?.trim(),
    ).toBe("script-src 'self'");
    expect(csp).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    const block = /<script type="application\/json" id="boot">([^<]*)<\/script>/.exec(page.body)?.[1];
    const me = expectOk<{ name: string }>(
      await t.request({ method: 'GET', url: '/v1/companies/me', host: 'blue.localhost' }),
    );
    expect(JSON.parse(block ?? 'null')).toEqual({ company: me, buildId: 'build-42' });
    expect(page.body).toContain('<title>Blue Parcel</title>');
    expect(page.body).not.toContain('content="#000000"');
    // The layout's chunk, the page's chunk and its style sheet, before the boot block, in the head.
    const head = page.body.slice(0, page.body.indexOf('</head>'));
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/_app-1.js">');
    expect(head).toContain('<link rel="modulepreload" crossorigin href="/assets/history-2.js">');
    expect(head).toContain('<link rel="stylesheet" crossorigin href="/assets/history-2.css">');
    // An unknown host: no company in the page (the app shows its not-found page), still a page.
    const unknown = await t.request({ method: 'GET', url: '/login', host: 'nobody.example' });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.body).toContain('{"company":null,"buildId":"build-42"}');
    expect(unknown.body).not.toContain('modulepreload');
  });

  it('sends a built asset without the document headers, immutable, and its precompressed brotli bytes', async () => {
    const res = await t.request({
      method: 'GET',
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.equals(readFileSync(join(webDir, 'assets', 'vendor-def456.js.br')))).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(big);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['x-frame-options']).toBeUndefined();
    // Without brotli in Accept-Encoding: the plain file.
    const plain = await t.request({
      method: 'GET',
      url: '/assets/vendor-def456.js',
      headers: { 'accept-encoding': 'identity' },
    });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(big);
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
