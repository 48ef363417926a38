import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, registerBody, signUp, waitForMail } from '../test/helpers';

/** Written for the attacks that found these holes; each test failed before its fix. */

describe('the local mailbox reaches only the person running the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses a client that is not on this machine', async () => {
    for (const url of ['/dev/mailbox.json', '/dev/mailbox']) {
      expectError(
        await t.request({ method: 'GET', url, remoteAddress: '203.0.113.9' }),
        403,
        'The local mailbox can only be read on the server machine',
      );
    }
    expect((await t.request({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(200);
  });

  it("shows each host only its own company's mail", async () => {
    const island = await signUp(t, 'localhost');
    const blue = await signUp(t, 'blue.localhost');
    const seen = async (host: string) =>
      (
        (await t.request({ method: 'GET', url: '/dev/mailbox.json', host })).json().data as {
          to: string;
        }[]
      ).map((m) => m.to);
    expect(await seen('localhost')).toContain(island.email);
    expect(await seen('localhost')).not.toContain(blue.email);
    expect(await seen('blue.localhost')).toContain(blue.email);
    expect(await seen('blue.localhost')).not.toContain(island.email);
    const html = (await t.request({ method: 'GET', url: '/dev/mailbox', host: 'blue.localhost' })).body;
    expect(html).toContain(blue.email);
    expect(html).not.toContain(island.email);
    // An unknown host has no company, and so no mailbox.
    expectError(await t.request({ method: 'GET', url: '/dev/mailbox.json', host: 'evil.example' }), 404);
  });
});

describe('the local mailbox is not served where it could leak', () => {
  it.each([
    ['in production', { NODE_ENV: 'production' }],
    ['when listening on the network', { HOST: '0.0.0.0' }],
    ['when switched off', { DEV_MAILBOX: 'false' }],
  ])('%s', async (_what, env) => {
    const t = await createTestApp({ env });
    try {
      expectError(await t.request({ method: 'GET', url: '/dev/mailbox.json' }), 404);
    } finally {
      await t.close();
    }
  });

  it('on the network only when asked for (DEV_MAILBOX=true), and still only for loopback clients', async () => {
    const t = await createTestApp({ env: { HOST: '0.0.0.0', DEV_MAILBOX: 'true' } });
    try {
      expect((await t.request({ method: 'GET', url: '/dev/mailbox.json' })).statusCode).toBe(200);
      expectError(
        await t.request({ method: 'GET', url: '/dev/mailbox.json', remoteAddress: '192.0.2.1' }),
        403,
      );
    } finally {
      await t.close();
    }
  });

  it('behind a trusted proxy, judges the client the proxy saw, not the proxy', async () => {
    const t = await createTestApp({ env: { TRUST_PROXY: '1' } });
    try {
      const res = await t.request({
        method: 'GET',
        url: '/dev/mailbox.json',
        headers: { 'x-forwarded-for': '198.51.100.4' },
      });
      expectError(res, 403);
    } finally {
      await t.close();
    }
  });
});

describe('mail links come only from known host names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it.each([
    'localhost:1@evil.example',
    'evil.example/localhost',
    'localhost:80:80',
    'localhost evil.example',
    'local_host',
    'localhost:99999',
  ])('refuses the Host %j before any work', async (host) => {
    const before = (await waitForMail(t, DEMO.customer.email, 99, 0)).length;
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/passwordReset',
      host,
      payload: { email: DEMO.customer.email },
    });
    expectError(res, 400, 'Invalid Host header');
    await new Promise((r) => setTimeout(r, 100));
    expect((await waitForMail(t, DEMO.customer.email, 99, 0)).length).toBe(before);
  });

  it('builds a reset link on the known host name and its port, nothing else of the header', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/passwordReset',
      host: 'LocalHost.:8080',
      payload: { email: DEMO.admin.email },
    });
    expectOk(res);
    const [mail] = await waitForMail(t, DEMO.admin.email);
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost:8080\/resetPassword\?token=/);
  });

  it('ignores a forwarded host and scheme from a proxy that is not trusted', async () => {
    const body = registerBody();
    await t.request({
      method: 'POST',
      url: '/v1/auth/register',
      headers: { 'x-forwarded-host': 'evil.example', 'x-forwarded-proto': 'javascript' },
      payload: body,
    });
    const [mail] = await waitForMail(t, String(body.email));
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost\/verification\//);
  });
});
