import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { emailTokens } from '../db/schema';
import { refresh, resetTokenOf, roomy } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailsAfterSettling, signUp, waitForMail } from '../test/helpers';

// One app for these endpoints: every test signs up its own account, or uses a demo account without changing it.
describe('auth: password reset', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(roomy);
  });
  afterAll(() => t.close());

  describe('POST /v1/auth/passwordReset and /v1/auth/Resetpassword', () => {
    const askReset = (email: string, host = 'localhost') =>
      t.request({ method: 'POST', url: '/v1/auth/passwordReset', host, payload: { email } });
    const resetPassword = (token: string, password: string) =>
      t.request({ method: 'POST', url: '/v1/auth/Resetpassword', payload: { token, password } });
    const resetToken = (email: string) => resetTokenOf(t, email);

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
