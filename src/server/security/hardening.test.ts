import { mkdirSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword, KDF_CONCURRENCY, kdfLoad } from '../auth/passwords';
import { files, storageUsage } from '../db/schema';
import { safeFileName } from '../files/file-store';
import { sweepOrphanFiles } from '../files/orphan-files';
import { login } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { multipart, PDF } from '../test/multipart';

/** Written for the attacks that found these holes; each test failed before its fix. */

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
    const result = await sweepOrphanFiles(t.database.db, t.app.services.fileStore);
    expect(result).toEqual({ staged: 1, stored: 1 });
    expect(await t.app.services.fileStore.exists('some-company/2026/11/orphan')).toBe(false);
    expect(await t.app.services.fileStore.exists('some-company/2026/11/just-moved')).toBe(true);
    expect(await t.app.services.fileStore.exists(known?.storageKey ?? '')).toBe(true);
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
