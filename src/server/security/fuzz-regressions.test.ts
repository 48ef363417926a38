import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, registerBody } from '../test/helpers';
import { multipart, PDF } from '../test/multipart';

/**
 * One case per hole the fuzz found (hardening items 10–14): each reply is the envelope, and a client's mistake is a
 * 4xx, never a 500. The generated fuzz (fuzz.test.ts) keeps them closed; these name them.
 */
describe('no 5xx and always the envelope', () => {
  let t: TestApp;
  let customer: Awaited<ReturnType<TestApp['login']>>;
  let admin: Awaited<ReturnType<TestApp['login']>>;

  beforeAll(async () => {
    t = await createTestApp();
    customer = await t.login(DEMO.customer.email, DEMO.customer.password);
    admin = await t.login(DEMO.admin.email, DEMO.admin.password);
  });
  afterAll(() => t.close());

  describe('10: a NUL character is a 400 field error, never a database error', () => {
    it('in a JSON body field (contract rule)', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/register',
        payload: registerBody({ first_name: 'Sha\u0000nice' }),
      });
      const body = expectError(res, 400, 'Validation failed');
      expect(body.errors?.first_name?.[0]).toMatch(/NUL/);
    });

    it('in a nested body field', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/invoices',
        token: admin.access,
        payload: {
          customer_id: customer.userId,
          lines: [{ type: 'other', description: 'x\u0000y', quantity: 1, unit_price_cents: 100 }],
        },
      });
      const body = expectError(res, 400);
      expect(body.errors?.['lines.0.description']?.[0]).toMatch(/NUL/);
    });

    it('in a search query', async () => {
      const res = await t.request({ method: 'GET', url: '/v1/packages?q=ab%00cd', token: customer.access });
      const body = expectError(res, 400);
      expect(body.errors?.q?.[0]).toMatch(/NUL/);
    });

    it('in a login email (no account lookup with it)', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: 'customer@demo.test\u0000', password: 'x' },
      });
      expectError(res, 400);
    });

    it('in a path param', async () => {
      const res = await t.request({ method: 'GET', url: '/brand-icons/any%00-192.png' });
      const body = expectError(res, 400);
      expect(body.errors?.name?.[0]).toMatch(/NUL/);
    });

    it('in a key of the body (the global guard)', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: 'customer@demo.test', password: 'demo-customer-1', 'x\u0000': 1 },
      });
      expectError(res, 400);
    });

    it('in a multipart text field of a pre-alert', async () => {
      const form = await multipart(
        {
          tracking_number: 'NULTEST0001',
          seller_name: 'Ama\u0000zon',
          description: 'Shoes',
          weight: '1',
          value: '10',
          package_type: 'parcel',
        },
        [{ name: 'invoice.pdf', bytes: PDF, type: 'application/pdf' }],
      );
      const res = await t.request({ method: 'POST', url: '/v1/peralert', token: customer.access, ...form });
      const body = expectError(res, 400);
      expect(body.errors?.seller_name?.[0]).toMatch(/NUL/);
    });

    it('in a multipart field of a receipt (package_id is read before any lookup)', async () => {
      const form = await multipart({ package_id: '\u0000', update_by: 'me\u0000' }, [
        { name: 'r.pdf', bytes: PDF, type: 'application/pdf' },
      ]);
      const res = await t.request({
        method: 'POST',
        url: '/v1/packagereceipts',
        token: customer.access,
        ...form,
      });
      expectError(res, 400);
    });
  });

  describe('11: integers past int4 are a 400, not "out of range"', () => {
    it('declared value of a received package', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/admin/packages/receive',
        token: admin.access,
        ...(await multipart({
          tracking_number: 'INTRANGE0001',
          mailbox_number: 'IEX-10001',
          weight: '1',
          declared_value: String(2 ** 31),
        })),
      });
      const body = expectError(res, 400);
      expect(body.errors?.declared_value).toBeDefined();
    });

    it('a menu item’s menu_id and parent_id', async () => {
      // A valid route, so the 400 is the id's (routes are checked against the app's pages).
      for (const [field, payload] of [
        ['menu_id', { menu_id: 2 ** 31, title: 'x', route: '/user/fees?x=1' }],
        ['parent_id', { menu_id: 1, parent_id: 2 ** 31, title: 'x', route: '/user/fees?x=1' }],
      ] as const) {
        const res = await t.request({ method: 'POST', url: '/v1/menuitems', token: admin.access, payload });
        expect(expectError(res, 400).errors?.[field]).toBeDefined();
      }
    });

    it('page numbers far past any page (page × pageSize offsets too)', async () => {
      for (const url of [
        '/v1/users?page=2147483648',
        '/v1/users?page=9007199254740993',
        '/v1/users?page=1e308',
        '/v1/peralert?page=2147483648',
        '/v1/packages?page=2147483648',
      ]) {
        const res = await t.request({ method: 'GET', url, token: admin.access });
        expectError(res, 400);
      }
    });
  });

  describe('12: a malformed multipart body is a 400 envelope', () => {
    const post = (url: string, contentType: string, payload: string) =>
      t.request({
        method: 'POST',
        url,
        token: customer.access,
        headers: { 'content-type': contentType },
        payload,
      });

    it('without a boundary', async () => {
      expectError(await post('/v1/peralert', 'multipart/form-data', 'whatever'), 400);
    });

    it('cut off in the middle of a part', async () => {
      const cut = '--XyZ\r\nContent-Disposition: form-data; name="seller_name"\r\n\r\nAmaz';
      expectError(await post('/v1/peralert', 'multipart/form-data; boundary=XyZ', cut), 400);
      expectError(await post('/v1/packagereceipts', 'multipart/form-data; boundary=XyZ', cut), 400);
    });

    it('with a boundary that never appears', async () => {
      expectError(await post('/v1/peralert', 'multipart/form-data; boundary=abc', 'no parts here'), 400);
    });

    it('with a field part that has no name', async () => {
      const body = '--XyZ\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--XyZ--\r\n';
      expectError(await post('/v1/peralert', 'multipart/form-data; boundary=XyZ', body), 400);
      expectError(await post('/v1/packagereceipts', 'multipart/form-data; boundary=XyZ', body), 400);
    });

    it('with an absurdly long boundary', async () => {
      const b = 'b'.repeat(300);
      expectError(await post('/v1/peralert', `multipart/form-data; boundary=${b}`, `--${b}--\r\n`), 400);
    });
  });

  it('a path param naming a prototype member is a 404, not a lookup on Object.prototype', async () => {
    for (const name of ['__proto__', 'constructor', 'toString', 'hasOwnProperty.png']) {
      expectError(await t.request({ method: 'GET', url: `/brand-icons/${name}` }), 404);
    }
  });

  describe('13: the framework’s own errors answer the envelope', () => {
    it('bad URL encoding', async () => {
      const res = await t.request({ method: 'GET', url: '/v1/packages/%E0%A4%A', token: customer.access });
      expectError(res, 400);
    });

    it('an over-long path param', async () => {
      const res = await t.request({ method: 'GET', url: `/v1/packages/${'a'.repeat(300)}` });
      const body = res.json();
      expect(res.statusCode).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(body).toMatchObject({ success: false, data: null, statusCode: res.statusCode });
    });
  });

  describe('14: a signed token whose claims are not ours is a 401', () => {
    const key = () => new TextEncoder().encode(t.config.jwtSecret);
    const sign = (sub: string, cid: string) =>
      new SignJWT({ cid, role: 'customer', ver: true })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(sub)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(key());

    it('sub is not a UUID', async () => {
      const me = await t.request({ method: 'GET', url: '/v1/auth/me', token: customer.access });
      const cid = me.json().data.company_id as string;
      for (const sub of ['not-a-uuid', "1' OR '1'='1", '\u0000']) {
        const res = await t.request({ method: 'GET', url: '/v1/auth/me', token: await sign(sub, cid) });
        expectError(res, 401);
      }
    });

    it('cid is not a UUID', async () => {
      const res = await t.request({
        method: 'GET',
        url: '/v1/auth/me',
        token: await sign(customer.userId, 'nope'),
      });
      expectError(res, 401);
    });
  });
});
