import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_NOTIFICATION_PREFERENCES, type Profile } from '../../contract/profile';
import { users } from '../db/schema';
import { type Cast, cast, expectRefused, outsiders } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk, signUp } from '../test/helpers';

describe('profile', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    // Many sign-ins here: a roomy limit (the limiter itself is tested in auth.test.ts).
    t = await createTestApp({ config: { rateLimits: { auth: 1000, windowMs: 60_000 } } });
    c = await cast(t);
  });
  afterAll(() => t.close());

  const get = async (token: string, host = 'localhost') =>
    expectOk<Profile>(await t.request({ method: 'GET', url: '/v1/profile', token, host }));
  const put = (token: string, payload: unknown) =>
    t.request({ method: 'PUT', url: '/v1/profile', token, payload: payload as object });

  it('gives the user, parish, mailbox, preferences and the US address to ship to', async () => {
    const p = await get(c.customer.access);
    expect(p.user).toMatchObject({
      id: c.customer.userId,
      email: 'customer@demo.test',
      first_name: 'Kerry-Ann',
    });
    expect(p.parish).toMatchObject({ name: 'Kingston' });
    expect(p.mailbox_number).toMatch(/^IEX-\d+$/);
    expect(p.notification_preferences).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      email_package_updates: true,
      email_invoices: true,
      email_purchase_requests: true,
    });
    expect(p.warehouse_address).toMatchObject({ line1: '8400 NW 25th Street', city: 'Doral', state: 'FL' });
    expect(p.shipping_address).toMatchObject({
      name: 'Kerry-Ann Campbell',
      line1: `8400 NW 25th Street ${p.mailbox_number}`,
      line2: 'Suite 110',
      postal_code: '33122',
    });
    const blue = await get(c.blue.access, 'blue.localhost');
    expect(blue.warehouse_address.city).toBe('Miami Gardens');
    expect(blue.mailbox_number).toMatch(/^BLU-/);
  });

  it('updates names, phone, address, parish, TRN and preferences; the email stays', async () => {
    const p = expectOk<Profile>(
      await put(c.neighbour.access, {
        first_name: ' Shanice ',
        last_name: 'Grant-Morgan',
        phone: '876-555-0111',
        address: '14 Constant Spring Road',
        parish_id: 2,
        trn: '111-222-333',
        email: 'hijack@example.test',
        notification_preferences: { email_invoices: false },
      }),
      200,
      'Profile saved',
    );
    expect(p.user).toMatchObject({
      first_name: 'Shanice',
      last_name: 'Grant-Morgan',
      phone: '876-555-0111',
      address: '14 Constant Spring Road',
      parish_id: 2,
      trn: '111222333',
    });
    expect(p.user.email).not.toBe('hijack@example.test');
    expect(p.parish?.name).toBe('St. Andrew');
    expect(p.notification_preferences).toEqual({
      ...DEFAULT_NOTIFICATION_PREFERENCES,
      email_package_updates: true,
      email_invoices: false,
      email_purchase_requests: true,
    });
    const cleared = expectOk<Profile>(await put(c.neighbour.access, { trn: '' }));
    expect(cleared.user.trn).toBeNull();
    expect(cleared.notification_preferences.email_invoices).toBe(false);
  });

  it('puts validation errors on their fields', async () => {
    const res = expectError(
      await put(c.neighbour.access, { first_name: '', phone: 'x', address: 'abc', trn: '12', parish_id: 0 }),
      400,
    );
    expect(Object.keys(res.errors ?? {}).sort()).toEqual([
      'address',
      'first_name',
      'parish_id',
      'phone',
      'trn',
    ]);
    const parish = expectError(await put(c.neighbour.access, { parish_id: 999 }), 400);
    expect(parish.errors).toEqual({ parish_id: ['Choose a parish from the list'] });
    const prefs = expectError(
      await put(c.neighbour.access, { notification_preferences: { email_invoices: 'no' } }),
      400,
    );
    expect(Object.keys(prefs.errors ?? {})).toEqual(['notification_preferences.email_invoices']);
  });

  describe('POST /v1/profile/password', () => {
    it('checks the current password and the new one, field by field', async () => {
      const s = await signUp(t);
      await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
      const { access } = await t.login(s.email, s.password);
      const change = (payload: object) =>
        t.request({ method: 'POST', url: '/v1/profile/password', token: access, payload });
      expect(
        expectError(
          await change({ current_password: 'wrong-one-123', new_password: 'a-fresh-secret-9' }),
          400,
        ).errors,
      ).toEqual({ current_password: ['This is not your current password'] });
      expect(
        expectError(await change({ current_password: s.password, new_password: 'password123' }), 400).errors
          ?.new_password,
      ).toEqual(['This password is too common; choose another']);
      expect(
        expectError(await change({ current_password: s.password, new_password: s.password }), 400).errors
          ?.new_password,
      ).toBeDefined();
      expect(
        expectError(await change({ current_password: '', new_password: 'short' }), 400).errors,
      ).toMatchObject({
        current_password: expect.any(Array),
        new_password: expect.any(Array),
      });
    });

    it('changes it and signs out every other session, keeping this one', async () => {
      const s = await signUp(t);
      await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
      const here = await t.login(s.email, s.password);
      const phone = await t.login(s.email, s.password);
      const tablet = await t.login(s.email, s.password);
      const res = expectOk<{ signed_out_sessions: number }>(
        await t.request({
          method: 'POST',
          url: '/v1/profile/password',
          token: here.access,
          payload: {
            current_password: s.password,
            new_password: 'blue-mountain-77',
            refreshToken: here.refresh,
          },
        }),
        200,
        'Password changed; your other sessions were signed out',
      );
      // The sign-up session, the phone and the tablet.
      expect(res.signed_out_sessions).toBe(3);
      const refresh = (token: string) =>
        t.request({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: token } });
      expectError(await refresh(phone.refresh), 401);
      expectError(await refresh(tablet.refresh), 401);
      expectOk(await refresh(here.refresh));
      await expect(t.login(s.email, s.password)).rejects.toThrow();
      await expect(t.login(s.email, 'blue-mountain-77')).resolves.toBeTruthy();
      // Without a refresh token, every session ends.
      const again = await t.login(s.email, 'blue-mountain-77');
      const all = expectOk<{ signed_out_sessions: number }>(
        await t.request({
          method: 'POST',
          url: '/v1/profile/password',
          token: again.access,
          payload: { current_password: 'blue-mountain-77', new_password: 'green-valley-88' },
        }),
      );
      expect(all.signed_out_sessions).toBeGreaterThanOrEqual(2);
      expectError(await refresh(again.refresh), 401);
      // The passwords never reach the log.
      expect(t.logs.join('\n')).not.toContain('blue-mountain-77');
    });
  });

  it('is for signed-in, verified users of the host’s company', async () => {
    await expectRefused(
      outsiders(c).filter((o) => !o.expect.includes(404)),
      [
        { name: 'get', run: (token, host) => t.request({ method: 'GET', url: '/v1/profile', token, host }) },
        {
          name: 'put',
          run: (token, host) =>
            t.request({ method: 'PUT', url: '/v1/profile', token, host, payload: { first_name: 'X' } }),
        },
        {
          name: 'password',
          run: (token, host) =>
            t.request({
              method: 'POST',
              url: '/v1/profile/password',
              token,
              host,
              payload: { current_password: 'demo-customer-1', new_password: 'another-secret-1' },
            }),
        },
        {
          name: 'summary',
          run: (token, host) => t.request({ method: 'GET', url: '/v1/account/summary', token, host }),
        },
      ],
    );
    // The victim is untouched.
    expect((await get(c.customer.access)).user.first_name).toBe('Kerry-Ann');
    await expect(t.login('customer@demo.test', 'demo-customer-1')).resolves.toBeTruthy();
  });
});
