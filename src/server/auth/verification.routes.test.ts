import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '../db/schema';
import { claimsOf, me, roomy, type User } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import {
  expectError,
  expectOk,
  mailbox,
  mailsAfterSettling,
  signUp,
  tokenOf,
  waitForMail,
} from '../test/helpers';

// One app for these endpoints: every test signs up its own account, or uses a demo account without changing it.
describe('auth: email verification', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(roomy);
  });
  afterAll(() => t.close());

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
