import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { Notification } from '../../contract/notifications';
import { type PurchaseRequest, productUrlProblem } from '../../contract/purchase-requests';
import { purchaseRequests } from '../db/schema';
import { type Cast, cast, expectRefused, outsiders } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching } from '../test/helpers';

type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

describe('purchase requests', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  });
  afterAll(() => t.close());

  const body = (over: Record<string, unknown> = {}) => ({
    product_url: 'https://www.amazon.com/dp/B0C1234567?th=1',
    item_name: 'Instant Pot Duo 7-in-1',
    quantity: 1,
    options: '6 quart',
    estimated_price_cents: 8999,
    notes: 'For my grandmother',
    ...over,
  });
  const list = async (token: string, query = '', host = 'localhost') =>
    expectOk<Page<PurchaseRequest>>(
      await t.request({ method: 'GET', url: `/v1/purchaserequests/${query}`, token, host }),
    );
  const create = (token: string, payload: unknown, url = '/v1/purchaserequests/', headers = {}) =>
    t.request({ method: 'POST', url, token, payload: payload as object, headers });
  const quote = (token: string, id: string, payload: unknown) =>
    t.request({ method: 'PUT', url: `/v1/purchaserequests/${id}/quote`, token, payload: payload as object });

  it('lists the customer’s seeded requests in every state, newest first', async () => {
    const mine = await list(c.customer.access);
    expect(mine.items.map((r) => r.status)).toEqual(['requested', 'quoted', 'purchased', 'cancelled']);
    const quoted = mine.items[1];
    expect(quoted?.quoted_total_cents).toBe(2_745_000);
    expect(quoted?.quote_currency).toBe('JMD');
    expect(new Date(quoted?.quote_expires_at ?? 0).getTime()).toBeGreaterThan(Date.now());
    expect(mine.items.every((r) => r.customer.id === c.customer.userId)).toBe(true);
    expect((await list(c.customer.access, '?status=purchased')).total).toBe(1);
    expect((await list(c.neighbour.access)).total).toBe(0);
  });

  it('creates a request, at the path with or without the trailing slash; the store defaults to the site', async () => {
    const a = expectOk<PurchaseRequest>(
      await create(c.customer.access, body()),
      201,
      'Purchase request sent',
    );
    expect(a).toMatchObject({
      status: 'requested',
      store: 'amazon.com',
      product_url: 'https://www.amazon.com/dp/B0C1234567?th=1',
      quantity: 1,
      estimated_price_cents: 8999,
      estimated_currency: 'USD',
      quoted_total_cents: null,
    });
    const b = expectOk<PurchaseRequest>(
      await create(
        c.customer.access,
        body({ store: 'Amazon US', estimated_price_cents: null }),
        '/v1/purchaserequests',
      ),
      201,
    );
    expect(b).toMatchObject({ store: 'Amazon US', estimated_price_cents: null });
    expect((await list(c.customer.access)).items.slice(0, 2).map((r) => r.id)).toEqual([b.id, a.id]);
  });

  it('accepts only plain http(s) links, and says why on the field', async () => {
    const refused = [
      'javascript:alert(document.cookie)',
      'data:text/html;base64,PHNjcmlwdD4=',
      'ftp://files.example.com/item',
      'https://user:secret@shop.example.com/item',
      'https://user@shop.example.com/item',
      'www.amazon.com/dp/B0',
      'https://localhost/admin',
      'file:///etc/passwd',
      `https://shop.example.com/${'a'.repeat(2000)}`,
      '',
    ];
    for (const url of refused) {
      const res = expectError(await create(c.customer.access, body({ product_url: url })), 400);
      expect(Object.keys(res.errors ?? {}), url).toEqual(['product_url']);
    }
    expect(productUrlProblem('JAVASCRIPT:alert(1)')).toMatch(/Only http and https/);
    expect(productUrlProblem('http://shop.example.com/x')).toBeNull();
    const many = expectError(
      await create(c.customer.access, body({ quantity: 100, item_name: '', estimated_price_cents: -5 })),
      400,
    );
    expect(Object.keys(many.errors ?? {}).sort()).toEqual(['estimated_price_cents', 'item_name', 'quantity']);
    expect(expectError(await create(c.customer.access, body({ quantity: 0 })), 400).errors?.quantity).toEqual(
      ['At least 1'],
    );
  });

  it('honours Idempotency-Key', async () => {
    const headers = { 'idempotency-key': 'pr-create-00000001' };
    const first = expectOk<PurchaseRequest>(
      await create(c.neighbour.access, body(), undefined, headers),
      201,
    );
    const again = await create(c.neighbour.access, body(), undefined, headers);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json().data.id).toBe(first.id);
    expect((await list(c.neighbour.access)).total).toBe(1);
    expectError(await create(c.neighbour.access, body({ quantity: 2 }), undefined, headers), 422);
  });

  it('deletes only while requested (409 after)', async () => {
    const mine = await list(c.customer.access);
    const requested = mine.items.find((r) => r.status === 'requested');
    const quoted = mine.items.find((r) => r.status === 'quoted');
    if (!requested || !quoted) throw new Error('seed missing');
    expectOk(
      await t.request({
        method: 'DELETE',
        url: `/v1/purchaserequests/${requested.id}`,
        token: c.customer.access,
      }),
    );
    expectError(
      await t.request({
        method: 'DELETE',
        url: `/v1/purchaserequests/${requested.id}`,
        token: c.customer.access,
      }),
      404,
    );
    expectError(
      await t.request({
        method: 'DELETE',
        url: `/v1/purchaserequests/${quoted.id}`,
        token: c.customer.access,
      }),
      409,
      'This request is quoted and can no longer be deleted',
    );
  });

  it('staff quote a request: the customer is notified and mailed; quotes expire', async () => {
    const pr = expectOk<PurchaseRequest>(
      await create(c.customer.access, body({ item_name: 'Air fryer' })),
      201,
    );
    const staffList = await list(c.admin.access, '?pageSize=100');
    expect(staffList.items.map((r) => r.id)).toContain(pr.id);
    const q = expectOk<PurchaseRequest>(
      await quote(c.admin.access, pr.id, {
        quoted_total_cents: 1_850_000,
        valid_days: 3,
        note: 'Includes freight',
      }),
      200,
      'Quote sent',
    );
    expect(q).toMatchObject({
      status: 'quoted',
      quoted_total_cents: 1_850_000,
      quote_note: 'Includes freight',
    });
    const notes = expectOk<{ items: Notification[] }>(
      await t.request({ method: 'GET', url: '/v1/notifications', token: c.customer.access }),
    );
    expect(notes.items[0]).toMatchObject({ kind: 'purchase_request', title: 'Quote ready: Air fryer' });
    const mail = await mailMatching(t, 'customer@demo.test', 'Quote ready: Air fryer · Island Express');
    expect(mail?.text).toContain('J$18,500.00');
    // A quote past its date expires; it can be quoted again.
    await t.database.db
      .update(purchaseRequests)
      .set({ quoteExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(purchaseRequests.id, pr.id));
    const expired = (await list(c.customer.access, '?status=quote_expired')).items.map((r) => r.id);
    expect(expired).toContain(pr.id);
    expectOk(await quote(c.admin.access, pr.id, { quoted_total_cents: 1_900_000 }));
    // A purchased request cannot be quoted; a customer cannot quote; bad quotes are refused per field.
    const purchased = (await list(c.customer.access, '?status=purchased')).items[0];
    expectError(await quote(c.admin.access, purchased?.id ?? '', { quoted_total_cents: 1 }), 409);
    expectError(await quote(c.customer.access, pr.id, { quoted_total_cents: 1 }), 403);
    const bad = expectError(
      await quote(c.admin.access, pr.id, { quoted_total_cents: 0, valid_days: 0 }),
      400,
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['quoted_total_cents', 'valid_days']);
    // Each quote is on the request's audit trail (the refused ones are not): the re-quote shows the old total.
    const trail = expectOk<{ items: AuditEntry[] }>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/audit?entity=purchase_request&id=${pr.id}`,
        token: c.admin.access,
      }),
    );
    expect(trail.items.map((e) => [e.action, e.changes.quoted_total_cents])).toEqual([
      ['quoted', [1_850_000, 1_900_000]],
      ['quoted', [null, 1_850_000]],
    ]);
    expectError(
      await quote(c.admin.access, '00000000-0000-4000-8000-000000000000', { quoted_total_cents: 5 }),
      404,
    );
  });

  it('nobody else sees, deletes or quotes them', async () => {
    const victim = expectOk<PurchaseRequest>(
      await create(c.customer.access, body({ item_name: 'Private item' })),
      201,
    );
    const callers = outsiders(c);
    await expectRefused(callers, [
      {
        name: 'delete',
        run: (token, host) =>
          t.request({ method: 'DELETE', url: `/v1/purchaserequests/${victim.id}`, token, host }),
      },
      {
        name: 'quote',
        run: (token, host) =>
          t.request({
            method: 'PUT',
            url: `/v1/purchaserequests/${victim.id}/quote`,
            token,
            host,
            payload: { quoted_total_cents: 1 },
          }),
      },
    ]);
    for (const who of callers) {
      const res = await t.request({
        method: 'GET',
        url: '/v1/purchaserequests/?pageSize=100',
        token: who.token,
        host: who.host,
      });
      if (who.expect.includes(404))
        expect(expectOk<Page<PurchaseRequest>>(res).items.some((r) => r.id === victim.id)).toBe(false);
      else expect(who.expect).toContain(res.statusCode);
    }
    expect((await list(c.customer.access)).items.find((r) => r.id === victim.id)?.status).toBe('requested');
  });
});
