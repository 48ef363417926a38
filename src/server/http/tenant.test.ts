import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies } from '../db/schema';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, registerBody, waitForMail } from '../test/helpers';
import { normaliseHost } from './tenant';

const companyName = async (t: TestApp, host: string, headers: Record<string, string> = {}) => {
  const res = await t.request({ method: 'GET', url: '/v1/companies/me', host, headers });
  return res.statusCode === 200 ? (res.json().data.name as string) : res.statusCode;
};

describe('tenancy: the company comes from the host', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('refuses tenant calls on a host no company serves with a 404 envelope', async () => {
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      host: 'unknown.example',
      payload: DEMO.customer,
    });
    expectError(res, 404, 'No company is served on this host');
    expectError(await t.request({ method: 'GET', url: '/v1/menus', host: 'unknown.example' }), 404);
  });

  it('ignores case, a trailing dot and the port of the host', async () => {
    expect(await companyName(t, 'BLUE.LocalHost.:8443')).toBe('Blue Parcel');
    expect(await companyName(t, '127.0.0.1:5173')).toBe('Island Express');
  });

  it('ignores X-Forwarded-Host when the proxy is not trusted', async () => {
    expect(await companyName(t, 'localhost', { 'x-forwarded-host': 'blue.localhost' })).toBe(
      'Island Express',
    );
    expect(await companyName(t, 'unknown.example', { 'x-forwarded-host': 'blue.localhost' })).toBe(404);
  });

  it('stops serving a company that was made inactive', async () => {
    expect(await companyName(t, 'blue.localhost')).toBe('Blue Parcel');
    await t.database.db.update(companies).set({ isActive: false }).where(eq(companies.slug, 'blue-parcel'));
    t.app.tenants.invalidate();
    expect(await companyName(t, 'blue.localhost')).toBe(404);
    const login = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      host: 'blue.localhost',
      payload: DEMO.blue,
    });
    expectError(login, 404, 'No company is served on this host');
    // The other company is unaffected.
    expect(await companyName(t, 'localhost')).toBe('Island Express');
  });
});

describe('tenancy behind a trusted proxy (TRUST_PROXY=true)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: 'true' } });
  });
  afterAll(() => t.close());

  it('takes the company from X-Forwarded-Host', async () => {
    expect(await companyName(t, 'localhost', { 'x-forwarded-host': 'blue.localhost' })).toBe('Blue Parcel');
    expect(await companyName(t, 'localhost')).toBe('Island Express');
  });

  it('builds mail links on the forwarded host and scheme', async () => {
    const body = registerBody();
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/register',
      host: 'internal:8080',
      headers: { 'x-forwarded-host': 'blue.localhost', 'x-forwarded-proto': 'https' },
      payload: body,
    });
    expectOk(res, 201);
    const [mail] = await waitForMail(t, String(body.email));
    expect(mail?.subject).toBe('Confirm your email for Blue Parcel');
    expect(mail?.links[0]).toMatch(/^https:\/\/blue\.localhost\/verification\//);
  });
});

describe('normaliseHost', () => {
  it.each([
    ['LocalHost', 'localhost'],
    ['blue.localhost:8080', 'blue.localhost'],
    ['example.com.', 'example.com'],
    ['[::1]:8080', '::1'],
    ['[::1]', '::1'],
  ])('%s -> %s', (input, expected) => {
    expect(normaliseHost(input)).toBe(expected);
  });
});
