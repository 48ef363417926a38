import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tokens } from '../../contract/auth';
import { hashPassword, KDF_CONCURRENCY, kdfLoad } from '../auth/passwords';
import { hashToken } from '../auth/tokens';
import { files, refreshTokens, storageUsage } from '../db/schema';
import { safeFileName } from '../files/file-store';
import { sweepOrphanFiles } from '../files/orphan-files';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import {
  expectError,
  expectOk,
  mailMatching,
  registerBody,
  signUp,
  tokenOf,
  waitForMail,
} from '../test/helpers';
import { multipart, PDF } from '../test/multipart';

/** Written for the attacks that found these holes; each test failed before its fix. */

const login = (t: TestApp, email: string, password: string, opts: { host?: string; ip?: string } = {}) =>
  t.request({
    method: 'POST',
    url: '/v1/auth/login',
    host: opts.host ?? 'localhost',
    payload: { email, password },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });

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

describe('sign-in limits: per client on the company, per account, and on refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('counts every spelling of the host against one limit (10 a minute from one client)', async () => {
    const spellings = ['localhost', 'LOCALHOST', 'localhost.', 'localhost:8080', 'LocalHost.:1', '127.0.0.1'];
    const statuses: number[] = [];
    for (let i = 0; i < 18; i++) {
      const host = spellings[i % spellings.length] ?? 'localhost';
      const res = await login(t, `guess-${i}@example.test`, 'not-it-123', { host, ip: '127.0.0.5' });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('takes the client address from the trusted proxy hop, not from what the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        // The client forges a new left-most address each time; the proxy appends the one it saw.
        headers: { 'x-forwarded-for': `10.0.${i}.1, 198.51.100.77` },
        payload: { email: `spoof-${i}@example.test`, password: 'not-it-123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits failed sign-ins per account across clients, clearly, and a password reset lifts it', async () => {
    const user = await signUp(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        payload: { email: user.email, password: `wrong-guess-${i}` },
      });
      expectError(res, 401);
    }
    // Even the right password, from a fresh address, waits: guessing is what is being slowed.
    const blocked = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'x-forwarded-for': '192.0.2.200' },
      payload: { email: user.email, password: user.password },
    });
    expectError(blocked, 429, /Too many failed sign-ins for this account; try again in \d+ min/);
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another account is not held up.
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'x-forwarded-for': '192.0.2.201' },
        payload: DEMO.customer,
      }),
    );
    // The owner reads their mail and resets: in again at once.
    await t.request({
      method: 'POST',
      url: '/v1/auth/passwordReset',
      headers: { 'x-forwarded-for': '192.0.2.202' },
      payload: { email: user.email },
    });
    const reset = await mailMatching(t, user.email, /^Reset/);
    expect(reset).toBeDefined();
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/auth/Resetpassword',
        headers: { 'x-forwarded-for': '192.0.2.203' },
        payload: { token: tokenOf(reset?.links[0] ?? ''), password: 'a-brand-new-one-8' },
      }),
    );
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'x-forwarded-for': '192.0.2.204' },
        payload: { email: user.email, password: 'a-brand-new-one-8' },
      }),
    );
  });

  it('limits refresh per client too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/refresh',
        headers: { 'x-forwarded-for': '203.0.113.50' },
        payload: { refreshToken: `x${String(i).padStart(42, '0')}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('two tabs refreshing at the same instant stay signed in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { auth: 1000, refresh: 1000 } } });
  });
  afterAll(() => t.close());

  const refresh = (token: string) =>
    t.request({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: token } });

  it('both get the same new token, which works; a replay after the grace window still revokes', async () => {
    for (let round = 0; round < 10; round++) {
      const session = await t.login(DEMO.customer.email, DEMO.customer.password);
      const [a, b] = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
      const ta = expectOk<Tokens>(a);
      const tb = expectOk<Tokens>(b);
      expect(ta.refresh_token).toBe(tb.refresh_token);
      expectOk(await t.request({ method: 'GET', url: '/v1/auth/me', token: tb.access_token }));
      const next = expectOk<Tokens>(await refresh(ta.refresh_token));
      if (round === 0) {
        // Later, the first token is a replay: the family (with `next`) is revoked.
        await t.database.db
          .update(refreshTokens)
          .set({ usedAt: new Date(Date.now() - 60_000) })
          .where(eq(refreshTokens.tokenHash, hashToken(session.refresh)));
        expectError(await refresh(session.refresh), 401, /signed out for your safety/);
        expectError(await refresh(next.refresh_token), 401);
      }
    }
  });
});

describe('uploads: a rate per user and a storage quota per company', () => {
  const send = async (t: TestApp, token: string, tracking: string, bytes: Buffer) => {
    const body = await multipart(
      {
        tracking_number: tracking,
        seller_name: 'Amazon',
        description: 'Books',
        weight: '1',
        value: '10',
        package_type: 'parcel',
      },
      [{ name: 'invoice.pdf', bytes }],
    );
    return t.request({
      method: 'POST',
      url: '/v1/peralert',
      token,
      payload: body.payload,
      headers: body.headers,
    });
  };
  const pdfOf = (size: number) => Buffer.concat([PDF, Buffer.alloc(size - PDF.length, 0x20)]);

  it('refuses a customer past their hourly upload allowance with a 429 and how long to wait', async () => {
    const t = await createTestApp({ env: { UPLOAD_MB_PER_HOUR: '1' } });
    try {
      const { access } = await t.login(DEMO.customer.email, DEMO.customer.password);
      expectOk(await send(t, access, 'RATE-0001', pdfOf(700_000)), 201);
      const res = await send(t, access, 'RATE-0002', pdfOf(700_000));
      expectError(
        res,
        429,
        /You have uploaded 1 MB in the last hour \(the limit is 1 MB\); try again in \d+ min/,
      );
      const wait = Number(res.headers['retry-after']);
      expect(wait).toBeGreaterThan(3000);
      expect(wait).toBeLessThanOrEqual(3600);
    } finally {
      await t.close();
    }
  });

  it("refuses an upload past the company's storage quota with a 413, and counts what it stores", async () => {
    const t = await createTestApp({ env: { STORAGE_QUOTA_MB: '1' } });
    try {
      const { access } = await t.login(DEMO.customer.email, DEMO.customer.password);
      const usage = async () => {
        const [row] = await t.database.db.select().from(storageUsage);
        return row?.bytes ?? 0;
      };
      const before = await usage();
      expectOk(await send(t, access, 'QUOTA-001', pdfOf(400_000)), 201);
      expect(await usage()).toBe(before + 400_000);
      const res = await send(t, access, 'QUOTA-002', pdfOf(700_000));
      const err = expectError(res, 413, /file storage is full/);
      expect(err.errors?.files?.[0]).toMatch(/storage is full/);
      expect(await usage()).toBe(before + 400_000);
      const stored = await t.database.db.select().from(files);
      expect(stored.some((f) => f.sizeBytes === 700_000)).toBe(false);
    } finally {
      await t.close();
    }
  });
});

describe('headers and names', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('sends HSTS when served over TLS behind the proxy, and not over plain http', async () => {
    const tls = await t.request({
      method: 'GET',
      url: '/v1/companies/me',
      headers: { 'x-forwarded-proto': 'https' },
    });
    expect(tls.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    const plain = await t.request({ method: 'GET', url: '/v1/companies/me' });
    expect(plain.headers['strict-transport-security']).toBeUndefined();
  });

  it('keeps replies with tokens and personal data out of every cache', async () => {
    const res = await login(t, DEMO.customer.email, DEMO.customer.password);
    expect(res.headers['cache-control']).toBe('no-store');
    const me = await t.request({
      method: 'GET',
      url: '/v1/auth/me',
      token: res.json().data.access_token,
    });
    expect(me.headers['cache-control']).toBe('no-store');
  });

  it('strips right-to-left overrides and other invisible characters from stored file names', () => {
    expect(safeFileName('invoice\u202Efdp.exe')).toBe('invoicefdp.exe');
    expect(safeFileName('re\u200Bceipt\u2066.pdf')).toBe('receipt.pdf');
    expect(safeFileName('a\u2028b\u0007c.pdf')).toBe('abc.pdf');
    expect(safeFileName('Jamaica café.pdf')).toBe('Jamaica café.pdf');
  });
});

describe('orphan files after a crash', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('removes old staged files and stored bytes no row points to, and keeps everything else', async () => {
    const root = join(t.config.dataDir, 'files');
    const old = new Date(Date.now() - 2 * 3600_000);
    const put = (path: string, when?: Date) => {
      mkdirSync(join(root, path, '..'), { recursive: true });
      writeFileSync(join(root, path), 'bytes');
      if (when) utimesSync(join(root, path), when, when);
    };
    put('.staging/old-upload', old);
    put('.staging/fresh-upload');
    put('some-company/2026/11/orphan', old);
    put('some-company/2026/11/just-moved');
    const [known] = await t.database.db.select().from(files).limit(1);
    expect(known).toBeDefined();
    const result = await sweepOrphanFiles(t.database.db, t.app.fileStore);
    expect(result).toEqual({ staged: 1, stored: 1 });
    expect(await t.app.fileStore.exists('some-company/2026/11/orphan')).toBe(false);
    expect(await t.app.fileStore.exists('some-company/2026/11/just-moved')).toBe(true);
    expect(await t.app.fileStore.exists(known?.storageKey ?? '')).toBe(true);
  });
});

describe('password hashing does not take every thread', () => {
  it(`runs at most ${KDF_CONCURRENCY} hash(es) at once and queues the rest`, async () => {
    let peak = 0;
    const watch = setInterval(() => {
      peak = Math.max(peak, kdfLoad().running);
    }, 1);
    await Promise.all(Array.from({ length: 6 }, () => hashPassword('a-long-password-1', 12)));
    clearInterval(watch);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(KDF_CONCURRENCY);
    expect(kdfLoad()).toEqual({ running: 0, waiting: 0 });
  });
});
