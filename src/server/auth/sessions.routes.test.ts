import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { refreshTokens } from '../db/schema';
import { me, refresh, roomy, type Tokens } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { hashToken } from './tokens';

// One app for these endpoints: every test signs up its own account, or uses a demo account without changing it.
describe('auth: sessions', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(roomy);
  });
  afterAll(() => t.close());

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
});
