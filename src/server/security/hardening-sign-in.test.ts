import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tokens } from '../../contract/auth';
import { hashToken } from '../auth/tokens';
import { refreshTokens } from '../db/schema';
import { login } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching, signUp, tokenOf } from '../test/helpers';

/** Written for the attacks that found these holes; each test failed before its fix. */

describe('sign-in limits: per client on the company, per account, and on refresh', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ env: { TRUST_PROXY: '1' } });
  });
  afterAll(() => t.close());

  it('counts every spelling of the host against one limit (10 a minute from one client)', async () => {
    const spellings = ['localhost', 'LOCALHOST', 'localhost.', 'localhost:8080', 'LocalHost.:1', '127.0.0.1'];
    const statuses: number[] = [];
    for (let i = 0; i < 18; i++) {
      const host = spellings[i % spellings.length] ?? 'localhost';
      const res = await login(t, `guess-${i}@example.test`, 'not-it-123', { host, ip: '127.0.0.5' });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10).every((s) => s === 429)).toBe(true);
  });

  it('takes the client address from the trusted proxy hop, not from what the client wrote', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 14; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        // The client forges a new left-most address each time; the proxy appends the one it saw.
        headers: { 'x-forwarded-for': `10.0.${i}.1, 198.51.100.77` },
        payload: { email: `spoof-${i}@example.test`, password: 'not-it-123' },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.at(-1)).toBe(429);
  });

  it('limits failed sign-ins per account across clients, clearly, and a password reset lifts it', async () => {
    const user = await signUp(t);
    for (let i = 0; i < 10; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'x-forwarded-for': `192.0.2.${i + 1}` },
        payload: { email: user.email, password: `wrong-guess-${i}` },
      });
      expectError(res, 401);
    }
    // Even the right password, from a fresh address, waits: guessing is what is being slowed.
    const blocked = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'x-forwarded-for': '192.0.2.200' },
      payload: { email: user.email, password: user.password },
    });
    expectError(
      blocked,
      429,
      /Too many failed sign-ins for this account from new devices; try again in \d+ min/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(15 * 60);
    // Another account is not held up.
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'x-forwarded-for': '192.0.2.201' },
        payload: DEMO.customer,
      }),
    );
    // The owner reads their mail and resets: in again at once.
    await t.request({
      method: 'POST',
      url: '/v1/auth/passwordReset',
      headers: { 'x-forwarded-for': '192.0.2.202' },
      payload: { email: user.email },
    });
    const reset = await mailMatching(t, user.email, /^Reset/);
    expect(reset).toBeDefined();
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/auth/Resetpassword',
        headers: { 'x-forwarded-for': '192.0.2.203' },
        payload: { token: tokenOf(reset?.links[0] ?? ''), password: 'a-brand-new-one-8' },
      }),
    );
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'x-forwarded-for': '192.0.2.204' },
        payload: { email: user.email, password: 'a-brand-new-one-8' },
      }),
    );
  });

  it("never locks the owner's usual browser out: strangers' guesses use up only unknown devices' allowance", async () => {
    const user = await signUp(t);
    const signIn = (ip: string, password: string, cookie?: string) =>
      t.request({
        method: 'POST',
        url: '/v1/auth/login',
        headers: { 'x-forwarded-for': ip, ...(cookie ? { cookie } : {}) },
        payload: { email: user.email, password },
      });
    // The owner signed in from this browser before: it carries a device cookie for the account (HttpOnly, only
    // sent to the sign-in calls).
    const first = await signIn('198.51.100.10', user.password);
    expectOk(first);
    const setCookie = String(first.headers['set-cookie']);
    expect(setCookie).toMatch(
      /^portalDevice=[^;]+; Max-Age=31536000; Path=\/v1\/auth; HttpOnly; SameSite=Strict/,
    );
    const ownerBrowser = setCookie.split(';')[0] ?? '';

    // Ten wrong passwords from strangers (no cookie, a forged one, another account's).
    const forged = `${ownerBrowser.slice(0, -4)}AAAA`;
    const otherAccount = await t.request({
      method: 'POST',
      url: '/v1/auth/login',
      headers: { 'x-forwarded-for': '198.51.100.30' },
      payload: DEMO.customer,
    });
    const otherCookie = String(otherAccount.headers['set-cookie']).split(';')[0];
    for (let i = 0; i < 10; i++) {
      const cookie = i % 3 === 1 ? forged : i % 3 === 2 ? otherCookie : undefined;
      expectError(await signIn(`203.0.113.${i + 1}`, `stranger-guess-${i}`, cookie), 401);
    }
    // The stranger's 11th guess is refused, right password or not, from anywhere without the owner's cookie...
    expectError(await signIn('203.0.113.99', 'stranger-guess-11'), 429, /from new devices/);
    expectError(await signIn('203.0.113.98', user.password, forged), 429, /from new devices/);
    // ...and the owner, from their usual browser, is in at once.
    const back = await signIn('198.51.100.10', user.password, ownerBrowser);
    expectOk(back);
    const renewed = String(back.headers['set-cookie']).split(';')[0] ?? '';
    expect(renewed).not.toBe(ownerBrowser);

    // That browser's own failures count on their own: ten of them make it an unknown device like any other.
    for (let i = 0; i < 10; i++) expectError(await signIn(`198.51.100.${40 + i}`, `typo-${i}`, renewed), 401);
    expectError(await signIn('198.51.100.60', user.password, renewed), 429, /from new devices/);
  });

  it('limits refresh per client too', async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 32; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/auth/refresh',
        headers: { 'x-forwarded-for': '203.0.113.50' },
        payload: { refreshToken: `x${String(i).padStart(42, '0')}` },
      });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(30);
    expect(statuses.at(-1)).toBe(429);
  });
});

describe('two tabs refreshing at the same instant stay signed in', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { rateLimits: { auth: 1000, refresh: 1000 } } });
  });
  afterAll(() => t.close());

  const refresh = (token: string) =>
    t.request({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: token } });

  it('both get the same new token, which works; a replay after the grace window still revokes', async () => {
    for (let round = 0; round < 10; round++) {
      const session = await t.login(DEMO.customer.email, DEMO.customer.password);
      const [a, b] = await Promise.all([refresh(session.refresh), refresh(session.refresh)]);
      const ta = expectOk<Tokens>(a);
      const tb = expectOk<Tokens>(b);
      expect(ta.refresh_token).toBe(tb.refresh_token);
      expectOk(await t.request({ method: 'GET', url: '/v1/auth/me', token: tb.access_token }));
      const next = expectOk<Tokens>(await refresh(ta.refresh_token));
      if (round === 0) {
        // Later, the first token is a replay: the family (with `next`) is revoked.
        await t.database.db
          .update(refreshTokens)
          .set({ usedAt: new Date(Date.now() - 60_000) })
          .where(eq(refreshTokens.tokenHash, hashToken(session.refresh)));
        expectError(await refresh(session.refresh), 401, /signed out for your safety/);
        expectError(await refresh(next.refresh_token), 401);
      }
    }
  });
});
