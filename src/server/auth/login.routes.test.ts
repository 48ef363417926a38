import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema';
import { claimsOf, me, refresh, roomy, type Tokens, type User } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailsAfterSettling, signUp } from '../test/helpers';
import { createTokenSigner } from './tokens';

// One app for these endpoints: every test signs up its own account, or uses a demo account without changing it.
describe('auth: sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(roomy);
  });
  afterAll(() => t.close());

  describe('POST /v1/auth/login and GET /v1/auth/me', () => {
    it('signs in with the right password, whatever the case of the email', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: ' Customer@Demo.TEST ', password: DEMO.customer.password },
      });
      const data = expectOk<Tokens>(res, 200, 'Signed in');
      expect(data.user).toMatchObject({ email: DEMO.customer.email, email_verified: true, role: 'customer' });
      expect(expectOk<User>(await me(t, data.access_token))).toMatchObject({
        id: data.user.id,
        email_verified: true,
      });
    });

    it('gives the same 401 for a wrong password and an unknown email', async () => {
      const wrong = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: DEMO.customer.email, password: 'not-the-password' },
      });
      const unknown = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: 'nobody@demo.test', password: 'not-the-password' },
      });
      expectError(wrong, 401, 'Invalid email or password');
      expect(unknown.json()).toEqual(wrong.json());
    });

    it("does not let a company's account sign in on the other company's host", async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        host: 'blue.localhost',
        payload: DEMO.customer,
      });
      expectError(res, 401, 'Invalid email or password');
      await expect(t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost')).resolves.toBeTruthy();
    });

    it('refuses a body without a password with 400', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: DEMO.customer.email },
      });
      expect(expectError(res, 400, 'Validation failed').errors?.password).toEqual(['Required']);
    });

    it('lets an unverified user sign in; /me says the email is not verified', async () => {
      const { access } = await t.login(DEMO.unverified.email, DEMO.unverified.password);
      expect(claimsOf(access)).toMatchObject({ ver: false, role: 'customer' });
      expect(expectOk<User>(await me(t, access))).toMatchObject({
        email: DEMO.unverified.email,
        email_verified: false,
      });
    });

    it('answers /me without a token, with a garbage token or another scheme with 401', async () => {
      expectError(await t.request({ method: 'GET', url: '/v1/auth/me' }), 401, 'Sign in to continue');
      expectError(await me(t, 'not.a.jwt'), 401, 'Your session has expired; sign in again');
      const { access } = await t.login(DEMO.customer.email, DEMO.customer.password);
      const basic = await t.request({
        method: 'GET',
        url: '/v1/auth/me',
        headers: { authorization: `Basic ${access}` },
      });
      expectError(basic, 401);
    });

    it('refuses an expired access token, and one signed with another secret', async () => {
      const { userId } = await t.login(DEMO.customer.email, DEMO.customer.password);
      const company = expectOk<{ id: string }>(await t.request({ method: 'GET', url: '/v1/companies/me' }));
      const claims = { sub: userId, cid: company.id, role: 'customer' as const, ver: true };
      const expired = await createTokenSigner(t.config.jwtSecret, -60).sign(claims);
      expectError(await me(t, expired), 401, 'Your session has expired; sign in again');
      const forged = await createTokenSigner('x'.repeat(48), 900).sign(claims);
      expectError(await me(t, forged), 401, 'Your session has expired; sign in again');
      // The same claims, properly signed and current, are accepted: the refusals above are about expiry and key.
      const good = await createTokenSigner(t.config.jwtSecret, 900).sign(claims);
      expectOk(await me(t, good));
    });

    it("refuses a token on another company's host", async () => {
      const { access } = await t.login(DEMO.customer.email, DEMO.customer.password);
      expectError(await me(t, access, 'blue.localhost'), 401, 'This session belongs to another company');
      const blue = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');
      expectError(await me(t, blue.access, 'localhost'), 401, 'This session belongs to another company');
      expectOk(await me(t, blue.access, 'blue.localhost'));
    });

    it('ends the sessions of a deactivated account at once; it cannot sign in', async () => {
      const user = await signUp(t);
      expectOk(await me(t, user.access));
      await t.database.db.update(users).set({ isActive: false }).where(eq(users.id, user.userId));
      expectError(await me(t, user.access), 401, 'Your session has expired; sign in again');
      expectError(await refresh(t, user.refresh), 401);
      const login = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: user.email, password: user.password },
      });
      expectError(login, 401, 'Invalid email or password');
      expectOk(
        await t.request({ method: 'POST', url: '/v1/auth/passwordReset', payload: { email: user.email } }),
      );
      expect((await mailsAfterSettling(t, user.email)).map((m) => m.subject)).toEqual([
        'Confirm your email for Island Express',
      ]);
    });
  });
});

describe('rate limits on sign-in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { auth: 3, windowMs: 60_000 } } });
  });
  afterAll(() => t.close());

  it('answers the 4th login in the window with a 429 envelope and retry-after', async () => {
    const login = (host = 'localhost') =>
      t.request({
        method: 'POST',
        url: '/v1/auth/login',
        host,
        payload: { email: DEMO.customer.email, password: 'wrong-guess-1' },
      });
    for (let i = 0; i < 3; i++) expectError(await login(), 401);
    const limited = await login();
    expectError(limited, 429, /^Too many attempts; try again in \d+ s$/);
    const wait = Number(limited.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    // Even the right password is refused while limited.
    const right = await t.request({ method: 'POST', url: '/v1/auth/login', payload: DEMO.customer });
    expectError(right, 429);
    // Each company's host has its own budget.
    expectError(await login('blue.localhost'), 401);
  });
});
