import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens, refreshTokens, users } from '../db/schema';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import {
  expectError,
  expectOk,
  mailbox,
  mailsAfterSettling,
  registerBody,
  signUp,
  tokenOf,
  waitForMail,
} from '../test/helpers';
import { createTokenSigner, hashToken } from './tokens';

/** Plenty of room for the calls of one describe block; the limiter itself is tested on its own below. */
const roomy = { config: { rateLimits: { auth: 1000, windowMs: 60_000 } } };

type User = { id: string; email: string; email_verified: boolean; mailbox_number: string; role: string };
type Tokens = {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  user: User;
};

function claimsOf(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

const refresh = (t: TestApp, refreshToken: string, host = 'localhost') =>
  t.request({ method: 'POST', url: '/v1/auth/refresh', host, payload: { refreshToken } });
const me = (t: TestApp, token: string, host = 'localhost') =>
  t.request({ method: 'GET', url: '/v1/auth/me', host, token });

// One app for these endpoints: every test signs up its own account, or uses a demo account without changing it.
describe('auth: sign-up, sign-in, verification, sessions, password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(roomy);
  });
  afterAll(() => t.close());

  describe('POST /v1/auth/register', () => {
    it('creates an unverified customer with a mailbox number, who signs in with the password they chose', async () => {
      const body = registerBody({ email: 'Shanice.Grant@Example.TEST' });
      const res = await t.request({ method: 'POST', url: '/v1/auth/register', payload: body });
      // No tokens: the reply must be the same for an address that already has an account.
      expect(expectOk(res, 201, 'Check your email to finish signing up')).toBeNull();
      const data = expectOk<Tokens>(
        await t.request({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: 'shanice.grant@example.test', password: body.password },
        }),
      );
      expect(data.token_type).toBe('Bearer');
      expect(data.expires_in).toBe(900);
      expect(data.access_token.split('.')).toHaveLength(3);
      expect(data.refresh_token.length).toBeGreaterThanOrEqual(40);
      expect(data.user).toMatchObject({
        email: 'shanice.grant@example.test',
        first_name: 'Shanice',
        last_name: 'Grant',
        name: 'Shanice Grant',
        role: 'customer',
        is_superadmin: false,
        email_verified: false,
        trn: '123456789',
        parish_id: 1,
      });
      expect(data.user.mailbox_number).toMatch(/^IEX-1\d{4}$/);
      expect(claimsOf(data.access_token)).toMatchObject({ sub: data.user.id, role: 'customer', ver: false });

      const who = expectOk<User>(await me(t, data.access_token));
      expect(who).toMatchObject({ id: data.user.id, email_verified: false });
    });

    it('hands out a new mailbox number to each account', async () => {
      const a = await signUp(t);
      const b = await signUp(t);
      expect(a.mailboxNumber).toMatch(/^IEX-1\d{4}$/);
      expect(a.mailboxNumber).not.toBe(b.mailboxNumber);
    });

    it('mails a verification link on the host the request came to', async () => {
      const body = registerBody();
      await t.request({ method: 'POST', url: '/v1/auth/register', host: 'localhost:8080', payload: body });
      const [mail] = await waitForMail(t, body.email as string);
      expect(mail?.subject).toBe('Confirm your email for Island Express');
      expect(mail?.links).toHaveLength(1);
      expect(mail?.links[0]).toMatch(/^http:\/\/localhost:8080\/verification\/[A-Za-z0-9_-]{40,}$/);
      expect(mail?.text).toContain(mail?.links[0]);
    });

    it('brands the mail and the link for the company of the host (blue.localhost: Blue Parcel)', async () => {
      const body = registerBody();
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/register',
        host: 'blue.localhost:8080',
        payload: body,
      });
      expectOk(res, 201);
      const [mail] = await waitForMail(t, body.email as string);
      expect(mail?.subject).toBe('Confirm your email for Blue Parcel');
      expect(mail?.from).toContain('Blue Parcel');
      expect(mail?.html).toContain('Blue Parcel');
      expect(mail?.html).not.toContain('Island Express');
      expect(mail?.links[0]).toMatch(/^http:\/\/blue\.localhost:8080\/verification\/[A-Za-z0-9_-]{40,}$/);
    });

    it.each([
      ['email', { email: 'not-an-email' }, 'Enter a valid email address'],
      ['password', { password: 'password1' }, 'This password is too common; choose another'],
      ['password', { password: 'short1' }, 'Use at least 8 characters'],
      ['password', { password: 'zzzzzzzzzz' }, 'Do not repeat one character'],
      [
        'password',
        { email: 'mangotree77@example.test', password: 'MangoTree77' },
        'Do not use your email name as your password',
      ],
      ['parish_id', { parish_id: 999 }, 'Choose a parish from the list'],
      ['parish_id', { parish_id: 99_999_999_999 }, undefined],
      ['parish_id', { parish_id: 'kingston' }, undefined],
      ['phone', { phone: 'call me' }, 'Enter a phone number, e.g. 876-555-0123'],
      ['trn', { trn: '12345' }, 'A TRN has 9 digits'],
      ['address', { address: 'x' }, 'Enter your street address'],
      ['first_name', { first_name: undefined }, 'Required'],
      ['last_name', { last_name: '   ' }, 'Enter your last name'],
    ])('refuses a bad %s with a 400 naming the field (%j)', async (field, override, message) => {
      const body = registerBody(override);
      const res = await t.request({ method: 'POST', url: '/v1/auth/register', payload: body });
      const err = expectError(res, 400, 'Validation failed');
      expect(Object.keys(err.errors ?? {})).toEqual([field]);
      if (message) expect(err.errors?.[field]).toEqual([message]);
      // Nothing was created: no mail went out.
      expect((await mailbox(t)).some((m) => m.to === String(body.email).toLowerCase())).toBe(false);
    });

    it('names every missing field at once', async () => {
      const err = expectError(
        await t.request({ method: 'POST', url: '/v1/auth/register', payload: {} }),
        400,
      );
      expect(Object.keys(err.errors ?? {}).sort()).toEqual(
        ['address', 'email', 'first_name', 'last_name', 'parish_id', 'password', 'phone'].sort(),
      );
      expect(err.errors?.email).toEqual(['Required']);
    });

    it('accepts an empty TRN as none', async () => {
      const user = await signUp(t, 'localhost', { trn: '' });
      expect(expectOk<{ trn: string | null }>(await me(t, user.access)).trn).toBeNull();
    });

    it('answers an email that already has an account exactly as a new one, and mails its owner instead', async () => {
      const fresh = await t.request({ method: 'POST', url: '/v1/auth/register', payload: registerBody() });
      for (const email of [DEMO.customer.email, 'Customer@DEMO.test']) {
        const res = await t.request({
          method: 'POST',
          url: '/v1/auth/register',
          payload: registerBody({ email, password: 'a-new-password-9' }),
        });
        expect(res.statusCode).toBe(fresh.statusCode);
        expect(res.json()).toEqual(fresh.json());
      }
      const mails = await waitForMail(t, DEMO.customer.email, 2);
      expect(mails.map((m) => m.subject)).toEqual([
        'Your Island Express account already exists',
        'Your Island Express account already exists',
      ]);
      expect(mails[0]?.links[1]).toMatch(/^http:\/\/localhost\/forgotPassword$/);
      // Nothing changed for the owner: the old password still works, the stranger's does not.
      await expect(t.login(DEMO.customer.email, DEMO.customer.password)).resolves.toBeTruthy();
      expectError(
        await t.request({
          method: 'POST',
          url: '/v1/auth/login',
          payload: { email: DEMO.customer.email, password: 'a-new-password-9' },
        }),
        401,
      );
    });

    it('takes about as long for a taken email as for a new one (the hash is computed either way)', async () => {
      const time = async (email?: string) => {
        const body = registerBody(email ? { email } : {});
        const started = performance.now();
        await t.request({ method: 'POST', url: '/v1/auth/register', payload: body });
        return performance.now() - started;
      };
      const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
      const taken: number[] = [];
      const fresh: number[] = [];
      for (let i = 0; i < 5; i++) {
        taken.push(await time(DEMO.admin.email));
        fresh.push(await time());
      }
      // Before, a taken email answered in ~2 ms against ~84 ms; now both pay the hash. A wide margin: no flake.
      expect(median(taken)).toBeGreaterThan(median(fresh) * 0.4);
    });

    it('allows the same email at the other company (accounts belong to one company)', async () => {
      const user = await signUp(t, 'blue.localhost', { email: DEMO.customer.email });
      expect(user.mailboxNumber).toMatch(/^BLU-/);
      // Each account keeps its own password.
      await expect(t.login(DEMO.customer.email, DEMO.customer.password)).resolves.toBeTruthy();
    });

    it('is refused on a host no company serves', async () => {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/register',
        host: 'evil.example',
        payload: registerBody(),
      });
      expectError(res, 404, 'No company is served on this host');
    });

    it('gives exactly one account to two sign-ups racing with the same email (both 201, never 500)', async () => {
      const email = String(registerBody().email);
      const replies = await Promise.all(
        [1, 2].map(() =>
          t.request({ method: 'POST', url: '/v1/auth/register', payload: registerBody({ email }) }),
        ),
      );
      expect(replies.map((r) => r.statusCode)).toEqual([201, 201]);
      const accounts = await t.database.db.select().from(users).where(eq(users.email, email));
      expect(accounts).toHaveLength(1);
      // One verification mail for the account, one "you already have an account" for the loser.
      const subjects = (await waitForMail(t, email, 2)).map((m) => m.subject).sort();
      expect(subjects).toEqual([
        'Confirm your email for Island Express',
        'Your Island Express account already exists',
      ]);
    });
  });

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

  describe('POST /v1/auth/verification', () => {
    const verify = (token: string, host = 'localhost') =>
      t.request({ method: 'POST', url: '/v1/auth/verification', host, payload: { token } });

    it('verifies the email with the token of the link, once', async () => {
      const user = await signUp(t);
      const res = await verify(user.verifyToken);
      expect(expectOk<User>(res, 200, 'Email verified')).toMatchObject({
        id: user.userId,
        email_verified: true,
      });
      // The user record is read fresh: the old access token's /me already says verified.
      expect(expectOk<User>(await me(t, user.access)).email_verified).toBe(true);
      // A new sign-in carries the verified claim the PWA's offline guards read.
      expect(claimsOf((await t.login(user.email, user.password)).access).ver).toBe(true);

      expectError(
        await verify(user.verifyToken),
        400,
        'This verification link is invalid, used or expired. Ask for a new one.',
      );
    });

    it('refuses a garbage token with 400, and a too-short one with a field error', async () => {
      expectError(
        await verify('x'.repeat(43)),
        400,
        'This verification link is invalid, used or expired. Ask for a new one.',
      );
      expect(expectError(await verify('abc'), 400, 'Validation failed').errors?.token).toBeTruthy();
    });

    it('refuses an expired token with 400 and leaves the email unverified', async () => {
      const user = await signUp(t);
      await t.database.db
        .update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailTokens.userId, user.userId));
      expectError(
        await verify(user.verifyToken),
        400,
        'This verification link is invalid, used or expired. Ask for a new one.',
      );
      expect(expectOk<User>(await me(t, user.access)).email_verified).toBe(false);
    });

    it('lets only one of two racing uses of a link succeed', async () => {
      const user = await signUp(t);
      const replies = await Promise.all([verify(user.verifyToken), verify(user.verifyToken)]);
      expect(replies.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    });

    it("refuses a token on another company's host (and it still works on its own)", async () => {
      const user = await signUp(t, 'blue.localhost');
      expectError(await verify(user.verifyToken, 'localhost'), 400);
      expectOk(await verify(user.verifyToken, 'blue.localhost'));
    });
  });

  describe('POST /v1/auth/refresh and /v1/auth/logout', () => {
    it('rotates the refresh token: the new one works, the old one is spent', async () => {
      const first = await t.login(DEMO.customer.email, DEMO.customer.password);
      const res = await refresh(t, first.refresh);
      const data = expectOk<Tokens>(res, 200, 'Session renewed');
      expect(data.refresh_token).not.toBe(first.refresh);
      expect(data.user.email).toBe(DEMO.customer.email);
      expectOk(await me(t, data.access_token));

      const next = expectOk<Tokens>(await refresh(t, data.refresh_token));
      expect(next.refresh_token).not.toBe(data.refresh_token);
    });

    it('revokes the whole family when a spent refresh token is used again', async () => {
      const session = await t.login(DEMO.customer.email, DEMO.customer.password);
      const other = await t.login(DEMO.customer.email, DEMO.customer.password);
      const successor = expectOk<Tokens>(await refresh(t, session.refresh)).refresh_token;
      // Past the grace window for a twin tab's refresh: the spent token comes back as a replay would.
      await t.database.db
        .update(refreshTokens)
        .set({ usedAt: new Date(Date.now() - 60_000) })
        .where(eq(refreshTokens.tokenHash, hashToken(session.refresh)));

      expectError(
        await refresh(t, session.refresh),
        401,
        'This session was signed out for your safety; sign in again',
      );
      // The successor was revoked with its family...
      expectError(await refresh(t, successor), 401, 'Your session has expired; sign in again');
      // ...but another sign-in of the same user is a family of its own and keeps working.
      expectOk(await refresh(t, other.refresh));
    });

    it("refuses a refresh token on another company's host, without spending it", async () => {
      const session = await t.login(DEMO.customer.email, DEMO.customer.password);
      expectError(await refresh(t, session.refresh, 'blue.localhost'), 401);
      expectOk(await refresh(t, session.refresh, 'localhost'));
    });

    it('refuses an unknown refresh token with 401 and a missing one with 400', async () => {
      expectError(await refresh(t, 'y'.repeat(43)), 401, 'Your session has expired; sign in again');
      expectError(
        await t.request({ method: 'POST', url: '/v1/auth/refresh', payload: {} }),
        400,
        'Validation failed',
      );
    });

    it('logout revokes the session: its refresh token (and its successors) stop working', async () => {
      const session = await t.login(DEMO.customer.email, DEMO.customer.password);
      const successor = expectOk<Tokens>(await refresh(t, session.refresh)).refresh_token;
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/logout',
        payload: { refreshToken: successor },
      });
      expectOk(res, 200, 'Signed out');
      expect(res.json().data).toBeNull();
      expectError(await refresh(t, successor), 401);
    });

    it('logout without a token (or with an unknown one) still says signed out', async () => {
      expectOk(await t.request({ method: 'POST', url: '/v1/auth/logout' }), 200, 'Signed out');
      expectOk(
        await t.request({
          method: 'POST',
          url: '/v1/auth/logout',
          payload: { refreshToken: 'z'.repeat(43) },
        }),
        200,
        'Signed out',
      );
    });

    it("logout on another company's host does not revoke the session", async () => {
      const session = await t.login(DEMO.customer.email, DEMO.customer.password);
      await t.request({
        method: 'POST',
        url: '/v1/auth/logout',
        host: 'blue.localhost',
        payload: { refreshToken: session.refresh },
      });
      expectOk(await refresh(t, session.refresh));
    });
  });

  describe('POST /v1/auth/passwordReset and /v1/auth/Resetpassword', () => {
    const askReset = (email: string, host = 'localhost') =>
      t.request({ method: 'POST', url: '/v1/auth/passwordReset', host, payload: { email } });
    const resetPassword = (token: string, password: string) =>
      t.request({ method: 'POST', url: '/v1/auth/Resetpassword', payload: { token, password } });
    /** Asks for a reset and returns the token of the newest reset mail. */
    async function resetToken(email: string): Promise<string> {
      const before = (await mailbox(t)).filter((m) => m.to === email && m.subject.startsWith('Reset')).length;
      expectOk(await askReset(email));
      const mails = (await waitForMail(t, email, before + 2)).filter((m) => m.subject.startsWith('Reset'));
      const link = mails[0]?.links[0];
      if (!link || mails.length !== before + 1) throw new Error(`no new reset mail for ${email}`);
      return tokenOf(link);
    }

    it('answers the same for a known and an unknown email; only the known one gets a mail', async () => {
      const user = await signUp(t);
      const known = await askReset(user.email);
      const unknown = await askReset('nobody@demo.test');
      expectOk(known, 200, 'If an account uses this email, a reset link is on its way');
      expect(unknown.statusCode).toBe(known.statusCode);
      expect(unknown.json()).toEqual(known.json());

      // The sign-up mail, then the reset mail.
      const [mail] = await waitForMail(t, user.email, 2);
      expect(mail?.subject).toBe('Reset your Island Express password');
      expect(mail?.links[0]).toMatch(/^http:\/\/localhost\/resetPassword\?token=[A-Za-z0-9_-]{40,}$/);
      expect(await mailsAfterSettling(t, 'nobody@demo.test')).toEqual([]);
    });

    it("sends no mail for an account of another company's host", async () => {
      expectOk(await askReset(DEMO.blue.email, 'localhost'));
      expect(await mailsAfterSettling(t, DEMO.blue.email)).toEqual([]);
    });

    it('refuses an invalid email with a field error', async () => {
      expect(expectError(await askReset('nope'), 400).errors?.email).toEqual(['Enter a valid email address']);
    });

    it('sets the new password, ends every session, and works once', async () => {
      const user = await signUp(t);
      const session = await t.login(user.email, user.password);
      const token = await resetToken(user.email);

      expectOk(
        await resetPassword(token, 'guava-jelly-2024'),
        200,
        'Password changed; sign in with your new password',
      );

      await expect(t.login(user.email, user.password)).rejects.toThrow(/401/);
      await expect(t.login(user.email, 'guava-jelly-2024')).resolves.toBeTruthy();
      expectError(await refresh(t, session.refresh), 401);
      expectError(await refresh(t, user.refresh), 401);

      expectError(
        await resetPassword(token, 'another-good-one-9'),
        400,
        'This reset link is invalid, used or expired. Ask for a new one.',
      );
      await expect(t.login(user.email, 'guava-jelly-2024')).resolves.toBeTruthy();
    });

    it('refuses a common or short password with a field error without spending the token', async () => {
      const user = await signUp(t);
      const token = await resetToken(user.email);
      const err = expectError(await resetPassword(token, 'password1'), 400, 'Validation failed');
      expect(err.errors?.password).toEqual(['This password is too common; choose another']);
      expect(expectError(await resetPassword(token, 'short'), 400).errors?.password).toEqual([
        'Use at least 8 characters',
      ]);
      await expect(t.login(user.email, user.password)).resolves.toBeTruthy();
      expectOk(await resetPassword(token, 'guava-jelly-2024'));
    });

    it('refuses an expired token with 400 and keeps the old password', async () => {
      const user = await signUp(t);
      const token = await resetToken(user.email);
      await t.database.db
        .update(emailTokens)
        .set({ expiresAt: new Date(Date.now() - 1000) })
        .where(eq(emailTokens.userId, user.userId));
      expectError(
        await resetPassword(token, 'guava-jelly-2024'),
        400,
        'This reset link is invalid, used or expired. Ask for a new one.',
      );
      await expect(t.login(user.email, user.password)).resolves.toBeTruthy();
    });

    it('refuses a garbage token with 400', async () => {
      expectError(
        await resetPassword('q'.repeat(43), 'guava-jelly-2024'),
        400,
        'This reset link is invalid, used or expired. Ask for a new one.',
      );
    });

    it('using one reset link spends the older ones too', async () => {
      const user = await signUp(t);
      const older = await resetToken(user.email);
      const newer = await resetToken(user.email);
      expect(newer).not.toBe(older);
      expectOk(await resetPassword(newer, 'guava-jelly-2024'));
      expectError(await resetPassword(older, 'papaya-jam-2025'), 400);
      await expect(t.login(user.email, 'guava-jelly-2024')).resolves.toBeTruthy();
    });
  });
});

describe('POST /api/v1/emailtemplates/send-verification-email/{id}', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(roomy);
  });
  afterAll(() => t.close());

  const resend = (id: string, token?: string, host = 'localhost') =>
    t.request({
      method: 'POST',
      url: `/api/v1/emailtemplates/send-verification-email/${id}`,
      host,
      ...(token ? { token } : {}),
    });
  /** A signed-up user whose sign-up mail is older than the resend cooldown. */
  async function userPastCooldown() {
    const user = await signUp(t);
    await t.database.db
      .update(emailTokens)
      .set({ createdAt: new Date(Date.now() - 5 * 60_000) })
      .where(eq(emailTokens.userId, user.userId));
    return user;
  }

  it('sends a new link to the signed-in user, then asks them to wait (429 with retry-after)', async () => {
    const { access, userId } = await t.login(DEMO.unverified.email, DEMO.unverified.password);
    expectOk(await resend(userId, access), 200, 'Verification email sent');
    const [mail] = await waitForMail(t, DEMO.unverified.email);
    expect(mail?.links[0]).toMatch(/^http:\/\/localhost\/verification\/[A-Za-z0-9_-]{40,}$/);

    const again = await resend(userId, access);
    expectError(again, 429, /^Please wait \d+ s before asking for another email$/);
    const wait = Number(again.headers['retry-after']);
    expect(wait).toBeGreaterThan(0);
    expect(wait).toBeLessThanOrEqual(60);
    expect((await mailbox(t)).filter((m) => m.to === DEMO.unverified.email)).toHaveLength(1);

    // The link that did go out verifies the account.
    const verified = await t.request({
      method: 'POST',
      url: '/v1/auth/verification',
      payload: { token: tokenOf(mail?.links[0] ?? '') },
    });
    expect(expectOk<User>(verified).email_verified).toBe(true);
  });

  it('right after sign-up, asks to wait: the sign-up mail counts', async () => {
    const user = await signUp(t);
    expectError(await resend(user.userId, user.access), 429);
  });

  it('says so when the email is already verified, and sends nothing', async () => {
    const { access, userId } = await t.login(DEMO.customer.email, DEMO.customer.password);
    expectOk(await resend(userId, access), 200, 'This email is already verified');
    expect(await mailsAfterSettling(t, DEMO.customer.email, 0)).toEqual([]);
  });

  it("is 404 for another customer's id when asked by a customer", async () => {
    const { access } = await t.login(DEMO.customer.email, DEMO.customer.password);
    const target = await userPastCooldown();
    expectError(await resend(target.userId, access), 404, 'User not found');
    expect(await mailsAfterSettling(t, target.email, 0)).toHaveLength(1); // the sign-up mail only
  });

  it('lets an admin resend for a customer of the same company', async () => {
    const admin = await t.login(DEMO.admin.email, DEMO.admin.password);
    const target = await userPastCooldown();
    expectOk(await resend(target.userId, admin.access), 200, 'Verification email sent');
    const mails = await waitForMail(t, target.email, 2);
    expect(mails).toHaveLength(2);
    expect(tokenOf(mails[0]?.links[0] ?? '')).not.toBe(target.verifyToken);
  });

  it("is 404 for an admin asking for another company's user", async () => {
    const admin = await t.login(DEMO.admin.email, DEMO.admin.password);
    const blue = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');
    expectError(await resend(blue.userId, admin.access), 404, 'User not found');
  });

  it('is 401 without a token and 400 for an id that is not a uuid', async () => {
    const { access, userId } = await t.login(DEMO.customer.email, DEMO.customer.password);
    expectError(await resend(userId), 401, 'Sign in to continue');
    expectError(await resend('12345', access), 400);
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
