import { rmSync } from 'node:fs';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allEndpoints } from '../contract/endpoints';
import { documentedPath } from './http/openapi';
import { DOCUMENT_ONLY_HEADERS } from './test/document-headers';
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
