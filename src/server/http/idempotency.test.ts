import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageSummary, Prealert, Receipt } from '../../contract/packages';
import { packageReceipts, prealerts } from '../db/schema';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { EXE, multipart, PDF, PNG } from '../test/multipart';

const fields = (tracking: string) => ({
  tracking_number: tracking,
  seller_name: 'Amazon',
  description: 'Phone case',
  weight: '1',
  value: '20',
  package_type: 'parcel',
});

describe('Idempotency-Key on the outbox’s create calls', () => {
  let t: TestApp;
  let token: string;
  let other: string;

  beforeAll(async () => {
    t = await createTestApp();
    token = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
    other = (await t.login(DEMO.admin.email, DEMO.admin.password)).access;
  });
  afterAll(() => t.close());

  const send = async (
    key: string | undefined,
    f: Record<string, string>,
    files = [{ name: 'i.pdf', bytes: PDF }],
    as = token,
  ) => {
    const body = await multipart(f, files);
    return t.request({
      method: 'POST',
      url: '/v1/peralert',
      token: as,
      payload: body.payload,
      headers: { ...body.headers, ...(key ? { 'idempotency-key': key } : {}) },
    });
  };
  const rowsFor = (tracking: string) =>
    t.database.db.select().from(prealerts).where(eq(prealerts.trackingNumber, tracking));

  it('a replay with the same key and payload gets the first reply and creates nothing', async () => {
    const first = await send('key-replay-0001', fields('IDEM-0001'));
    const created = expectOk<Prealert>(first, 201);
    const again = await send('key-replay-0001', fields('IDEM-0001'));
    expect(again.statusCode).toBe(201);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(created.id);
    expect(await rowsFor('IDEM-0001')).toHaveLength(1);
  });

  it('the same key with another payload is 422', async () => {
    expectOk(await send('key-mismatch-01', fields('IDEM-0002')), 201);
    expectError(await send('key-mismatch-01', fields('IDEM-0003')), 422);
    expectError(await send('key-mismatch-01', fields('IDEM-0002'), [{ name: 'i.png', bytes: PNG }]), 422);
    expect(await rowsFor('IDEM-0003')).toHaveLength(0);
  });

  it('keys are per user: another user’s identical key is another request', async () => {
    expectOk(await send('key-shared-0001', fields('IDEM-0004')), 201);
    expectOk(await send('key-shared-0001', fields('IDEM-0004'), undefined, other), 201);
    expect(await rowsFor('IDEM-0004')).toHaveLength(2);
  });

  it('a failed call releases its key: the corrected request goes through once', async () => {
    expectError(await send('key-failed-0001', fields('IDEM-0005'), [{ name: 'bad.pdf', bytes: EXE }]), 415);
    expectOk(await send('key-failed-0001', fields('IDEM-0005')), 201);
    expect(await rowsFor('IDEM-0005')).toHaveLength(1);
  });

  it('concurrent repeats create exactly one pre-alert (the others replay or are told to retry)', async () => {
    const results = await Promise.all(
      Array.from({ length: 4 }, () => send('key-concurrent-01', fields('IDEM-0006'))),
    );
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.every((s) => s === 201 || s === 409)).toBe(true);
    expect(statuses).toContain(201);
    for (const r of results.filter((x) => x.statusCode === 409))
      expect(r.headers['retry-after']).toBeDefined();
    expect(await rowsFor('IDEM-0006')).toHaveLength(1);
  });

  it('refuses a malformed key', async () => {
    expectError(await send('short', fields('IDEM-0007')), 400);
    expectError(await send('bad key with spaces', fields('IDEM-0007')), 400);
  });

  it('works for receipts too', async () => {
    const page = expectOk<{ items: PackageSummary[] }>(
      await t.request({ method: 'GET', url: '/v1/packages?pageSize=1', token }),
    );
    const pkg = page.items[0];
    if (!pkg) throw new Error('no package');
    const post = async () => {
      const body = await multipart({ package_id: pkg.id }, [{ name: 'r.png', bytes: PNG }]);
      return t.request({
        method: 'POST',
        url: '/v1/packagereceipts',
        token,
        payload: body.payload,
        headers: { ...body.headers, 'idempotency-key': 'receipt-key-0001' },
      });
    };
    const countReceipts = async () =>
      (await t.database.db.select().from(packageReceipts).where(eq(packageReceipts.packageId, pkg.id)))
        .length;
    const before = await countReceipts();
    const first = expectOk<Receipt[]>(await post(), 201);
    const again = await post();
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data[0].id).toBe(first[0]?.id);
    expect(await countReceipts()).toBe(before + 1);
  });
});
