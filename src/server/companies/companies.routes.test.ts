import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, signUp } from '../test/helpers';

describe('GET /v1/companies/me (tenancy from the host)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('brands localhost and 127.0.0.1 (any port) as Island Express', async () => {
    for (const host of ['localhost', 'localhost:8080', '127.0.0.1:3000']) {
      const res = await t.request({ method: 'GET', url: '/v1/companies/me', host });
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body).toMatchObject({
        success: true,
        statusCode: 200,
        data: { name: 'Island Express', primary_color: '#6d28d9' },
      });
      expect(body.data.mailbox_prefix).toBe('IEX');
      expect(body.data.warehouse_address.line1).toBeTruthy();
    }
  });

  it('brands blue.localhost as Blue Parcel with its own logo and colour', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/companies/me', host: 'blue.localhost:8080' });
    expect(res.json().data).toMatchObject({
      name: 'Blue Parcel',
      logo_url: '/brands/blue-parcel.svg',
      primary_color: '#1d4ed8',
    });
  });

  it('answers an unknown host with a 404 envelope', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/companies/me', host: 'evil.example' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ success: false, message: '', data: null, statusCode: 404 });
  });
});

type CompanyAdmin = { id: string; name: string; slug: string; hostnames: string[]; mailbox_prefix: string };

const newCompany = (overrides: Record<string, unknown> = {}) => ({
  name: 'Green Cargo',
  slug: 'green-cargo',
  hostnames: ['green.localhost', 'Cargo.Green.Test'],
  primary_color: '#15803d',
  support_email: 'help@green.test',
  warehouse_address: {
    line1: '1 Port Road',
    line2: '',
    city: 'Miami',
    state: 'FL',
    postal_code: '33101',
    country: 'United States',
    phone: '305-555-0101',
  },
  mailbox_prefix: 'GRN',
  ...overrides,
});

describe('GET /v1/companies and GET /v1/companies/{id}', () => {
  let t: TestApp;
  let platform: string;
  let admin: string;
  let customer: string;
  let island: CompanyAdmin;
  let blue: CompanyAdmin;
  beforeAll(async () => {
    t = await createTestApp();
    platform = (await t.login(DEMO.platform.email, DEMO.platform.password)).access;
    admin = (await t.login(DEMO.admin.email, DEMO.admin.password)).access;
    customer = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
    const list = expectOk<CompanyAdmin[]>(
      await t.request({ method: 'GET', url: '/v1/companies', token: platform }),
    );
    island = list.find((c) => c.slug === 'island-express') as CompanyAdmin;
    blue = list.find((c) => c.slug === 'blue-parcel') as CompanyAdmin;
  });
  afterAll(() => t.close());

  it('lists every company with its host names for the platform superadmin', async () => {
    const list = expectOk<CompanyAdmin[]>(
      await t.request({ method: 'GET', url: '/v1/companies', token: platform }),
    );
    expect(list.map((c) => c.name)).toEqual(['Blue Parcel', 'Island Express']);
    expect([...(island.hostnames ?? [])].sort()).toEqual(['127.0.0.1', 'localhost']);
    expect(blue.hostnames).toEqual(['blue.localhost']);
    expect(blue.mailbox_prefix).toBe('BLU');
  });

  it('refuses the list to a company admin (403) and to an anonymous caller (401)', async () => {
    expectError(await t.request({ method: 'GET', url: '/v1/companies', token: admin }), 403);
    expectError(await t.request({ method: 'GET', url: '/v1/companies', token: customer }), 403);
    expectError(await t.request({ method: 'GET', url: '/v1/companies' }), 401);
  });

  it('shows a signed-in user their own company', async () => {
    for (const token of [customer, admin]) {
      const res = await t.request({ method: 'GET', url: `/v1/companies/${island.id}`, token });
      expect(expectOk<{ id: string; name: string }>(res)).toMatchObject({
        id: island.id,
        name: 'Island Express',
      });
    }
  });

  it("answers another company's id with 404 for a customer and an admin", async () => {
    for (const token of [customer, admin]) {
      expectError(
        await t.request({ method: 'GET', url: `/v1/companies/${blue.id}`, token }),
        404,
        'Company not found',
      );
    }
  });

  it('shows the superadmin any company, and 404 for an id that does not exist', async () => {
    const res = await t.request({ method: 'GET', url: `/v1/companies/${blue.id}`, token: platform });
    expect(expectOk<{ name: string }>(res).name).toBe('Blue Parcel');
    const missing = '00000000-0000-4000-8000-000000000000';
    expectError(await t.request({ method: 'GET', url: `/v1/companies/${missing}`, token: platform }), 404);
  });

  it('refuses an id that is not a uuid with 400, and an anonymous caller with 401', async () => {
    const err = expectError(
      await t.request({ method: 'GET', url: '/v1/companies/not-a-uuid', token: customer }),
      400,
    );
    expect(err.message).toBe('Validation failed (params)');
    expect(err.errors?.id).toBeTruthy();
    expectError(await t.request({ method: 'GET', url: `/v1/companies/${island.id}` }), 401);
  });
});

describe('POST /v1/companies', () => {
  let t: TestApp;
  let platform: string;
  beforeAll(async () => {
    t = await createTestApp();
    platform = (await t.login(DEMO.platform.email, DEMO.platform.password)).access;
  });
  afterAll(() => t.close());

  it('creates a company (201) that its hosts serve at once', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/companies',
      token: platform,
      payload: newCompany(),
    });
    const created = expectOk<CompanyAdmin & Record<string, unknown>>(res, 201, 'Company created');
    expect(created).toMatchObject({
      name: 'Green Cargo',
      short_name: 'Green Cargo',
      slug: 'green-cargo',
      is_active: true,
      currency: 'JMD',
      mailbox_prefix: 'GRN',
    });
    expect([...created.hostnames].sort()).toEqual(['cargo.green.test', 'green.localhost']);

    for (const host of ['green.localhost:8080', 'cargo.green.test']) {
      const me = await t.request({ method: 'GET', url: '/v1/companies/me', host });
      expect(expectOk<{ id: string; name: string }>(me)).toMatchObject({
        id: created.id,
        name: 'Green Cargo',
      });
    }
    // A new company's host takes sign-ups with its own mailbox prefix.
    expect((await signUp(t, 'green.localhost')).mailboxNumber).toMatch(/^GRN-1\d{4}$/);
  });

  it('refuses a host name already in use with 409 and creates nothing', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/companies',
      token: platform,
      payload: newCompany({ slug: 'other-co', hostnames: ['fresh.localhost', 'blue.localhost'] }),
    });
    const err = expectError(res, 409, 'A host name is already in use');
    expect(err.errors?.hostnames?.[0]).toContain('blue.localhost');
    expectError(await t.request({ method: 'GET', url: '/v1/companies/me', host: 'fresh.localhost' }), 404);
  });

  it('refuses a slug already in use with 409', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/companies',
      token: platform,
      payload: newCompany({ slug: 'blue-parcel', hostnames: ['another.localhost'] }),
    });
    expect(expectError(res, 409).errors?.slug).toEqual(['This slug is taken']);
  });

  it('refuses a mailbox prefix another company uses with 409 (mailbox numbers must tell companies apart)', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/companies',
      token: platform,
      payload: newCompany({ slug: 'prefix-co', hostnames: ['prefix.localhost'], mailbox_prefix: 'BLU' }),
    });
    expect(expectError(res, 409).errors?.mailbox_prefix).toEqual(['BLU is used by another company']);
    expectError(await t.request({ method: 'GET', url: '/v1/companies/me', host: 'prefix.localhost' }), 404);
  });

  it('refuses a bad body with 400 and field errors', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/companies',
      token: platform,
      payload: newCompany({
        slug: 'Bad Slug',
        hostnames: ['http://x.test:80'],
        mailbox_prefix: 'toolong',
        primary_color: 'purple',
        warehouse_address: undefined,
      }),
    });
    const err = expectError(res, 400, 'Validation failed');
    expect(Object.keys(err.errors ?? {}).sort()).toEqual(
      ['hostnames.0', 'mailbox_prefix', 'primary_color', 'slug', 'warehouse_address'].sort(),
    );
    expect(err.errors?.slug).toEqual(['Lower-case letters, digits and dashes']);
    expect(err.errors?.warehouse_address).toEqual(['Required']);
  });

  it('is for the platform superadmin only: admin and customer 403, anonymous 401', async () => {
    const admin = (await t.login(DEMO.admin.email, DEMO.admin.password)).access;
    const customer = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
    const payload = newCompany({ slug: 'sneaky', hostnames: ['sneaky.localhost'] });
    expectError(await t.request({ method: 'POST', url: '/v1/companies', token: admin, payload }), 403);
    expectError(await t.request({ method: 'POST', url: '/v1/companies', token: customer, payload }), 403);
    expectError(await t.request({ method: 'POST', url: '/v1/companies', payload }), 401);
    expectError(await t.request({ method: 'GET', url: '/v1/companies/me', host: 'sneaky.localhost' }), 404);
  });
});
