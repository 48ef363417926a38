import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import type { AuditEntry } from '../../contract/audit';
import type { CustomerDetail, CustomerRow } from '../../contract/customers';
import type { Paginated } from '../../contract/envelope';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailbox, mailMatching, type SignedUp, signUp } from '../test/helpers';

/** Mail goes out after the reply: poll for it. */
const until = <T>(fn: () => Promise<T>) => expect.poll(fn, { timeout: 3000 });

describe('staff customer records', () => {
  let t: TestApp;
  let clerk: string;
  let admin: { access: string; userId: string };
  let blueStaff: string;
  let fresh: SignedUp;

  beforeAll(async () => {
    t = await createTestApp();
    clerk = (await t.login(DEMO.clerk.email, DEMO.clerk.password)).access;
    admin = await t.login(DEMO.admin.email, DEMO.admin.password);
    fresh = await signUp(t, 'localhost', { phone: '876-555-0199' });
    // Staff of the other company: an admin there.
    const b = await signUp(t, 'blue.localhost');
    const { users } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(users)
      .set({ role: 'admin', emailVerifiedAt: new Date() })
      .where(eq(users.id, b.userId));
    blueStaff = (await t.login(b.email, b.password, 'blue.localhost')).access;
  });
  afterAll(() => t.close());

  const list = async (query: string, token = clerk) =>
    expectOk<Paginated<CustomerRow>>(
      await t.request({ method: 'GET', url: `/v1/admin/customers${query}`, token }),
    );
  const act = (id: string, action: string, token = clerk, host = 'localhost') =>
    t.request({ method: 'POST', url: `/v1/admin/customers/${id}/${action}`, token, host });
  const trail = async (id: string) =>
    expectOk<{ items: AuditEntry[] }>(
      await t.request({ method: 'GET', url: `/v1/admin/audit?entity=user&id=${id}`, token: clerk }),
    ).items;

  it('finds a customer by mailbox number, name, email or phone, and filters', async () => {
    for (const q of [fresh.mailboxNumber, fresh.email.toUpperCase(), '8765550199', '555-0199']) {
      const page = await list(`?q=${encodeURIComponent(q)}`);
      expect(page.items.map((r) => r.id)).toContain(fresh.userId);
    }
    const unverified = await list('?verified=no&pageSize=100');
    expect(unverified.items.every((r) => !r.email_verified)).toBe(true);
    expect(unverified.items.map((r) => r.id)).toContain(fresh.userId);
    const verified = await list(`?verified=yes&q=${fresh.mailboxNumber}`);
    expect(verified.items).toEqual([]);
    const staff = await list('?role=staff');
    expect(staff.items.length).toBeGreaterThan(0);
    expect(staff.items.every((r) => r.role === 'staff')).toBe(true);
    const byName = await list('?sort=mailbox&pageSize=3');
    const boxes = byName.items.map((r) => r.mailbox_number);
    expect(boxes).toEqual([...boxes].sort());
    expect(byName.items).toHaveLength(3);
    expectError(
      await t.request({ method: 'GET', url: '/v1/admin/customers?verified=maybe', token: clerk }),
      400,
    );
  });

  it('shows one record with its recent lists, and only to staff of the company', async () => {
    const demo = await t.login(DEMO.customer.email, DEMO.customer.password);
    const rec = expectOk<CustomerDetail>(
      await t.request({ method: 'GET', url: `/v1/admin/customers/${demo.userId}`, token: clerk }),
    );
    expect(rec.profile.email).toBe(DEMO.customer.email);
    expect(rec.packages.length).toBeGreaterThan(0);
    expect(rec.invoices.length).toBeGreaterThan(0);
    expect(rec.points.balance).toBeGreaterThan(0);
    expectError(
      await t.request({ method: 'GET', url: `/v1/admin/customers/${demo.userId}`, token: demo.access }),
      403,
    );
    expectError(
      await t.request({
        method: 'GET',
        url: `/v1/admin/customers/${demo.userId}`,
        token: blueStaff,
        host: 'blue.localhost',
      }),
      404,
    );
    expectError(await act(demo.userId, 'deactivate', blueStaff, 'blue.localhost'), 404);
  });

  it('verifies an email by hand, once, with an audit entry', async () => {
    const row = expectOk<CustomerRow>(await act(fresh.userId, 'verify'));
    expect(row.email_verified).toBe(true);
    expectOk(await act(fresh.userId, 'verify'));
    const entries = (await trail(fresh.userId)).filter((e) => e.action === 'email verified by hand');
    expect(entries).toHaveLength(1);
    // Verified now: the resend sends nothing.
    const again = expectOk<{ result: string }>(await act(fresh.userId, 'resend-verification'));
    expect(again.result).toBe('verified');
  });

  it('resends the verification mail for an unverified customer', async () => {
    const other = await signUp(t);
    // Sign-up just mailed one: the cooldown refuses another at once, as it does for the customer.
    expectError(await act(other.userId, 'resend-verification'), 429);
    // Once the cooldown is over, a new link goes out (the sign-up's link dated an hour back).
    const { emailTokens } = await import('../db/schema');
    const { eq } = await import('drizzle-orm');
    await t.database.db
      .update(emailTokens)
      .set({ createdAt: new Date(Date.now() - 3_600_000) })
      .where(eq(emailTokens.userId, other.userId));
    const sent = expectOk<{ result: string }>(await act(other.userId, 'resend-verification'));
    expect(sent.result).toBe('sent');
    await until(async () => (await mailbox(t)).filter((m) => m.to === other.email).length).toBe(2);
    expect((await trail(other.userId)).map((e) => e.action)).toContain('verification email sent');
  });

  it('deactivating ends the sessions; reactivating lets them sign in again', async () => {
    const s = await signUp(t);
    expectOk(await t.request({ method: 'GET', url: `/v1/users/${s.userId}`, token: s.access }));
    const off = expectOk<CustomerRow>(await act(s.userId, 'deactivate'));
    expect(off.is_active).toBe(false);
    expectError(await t.request({ method: 'GET', url: `/v1/users/${s.userId}`, token: s.access }), 401);
    expectError(
      await t.request({ method: 'POST', url: '/v1/auth/refresh', payload: { refreshToken: s.refresh } }),
      401,
    );
    expectError(
      await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: s.email, password: s.password },
      }),
      401,
    );
    const on = expectOk<CustomerRow>(await act(s.userId, 'reactivate'));
    expect(on.is_active).toBe(true);
    const again = await t.login(s.email, s.password);
    expectOk(await t.request({ method: 'GET', url: `/v1/users/${s.userId}`, token: again.access }));
    const actions = (await trail(s.userId)).map((e) => e.action);
    expect(actions).toEqual(expect.arrayContaining(['deactivated', 'reactivated']));
    expectError(await act(admin.userId, 'deactivate', admin.access), 409);
  });

  it('lets only admins change a role, never their own', async () => {
    const s = await signUp(t);
    const put = (id: string, role: string, token: string) =>
      t.request({ method: 'PUT', url: `/v1/admin/customers/${id}/role`, token, payload: { role } });
    expectError(await put(s.userId, 'staff', clerk), 403);
    const row = expectOk<CustomerRow>(await put(s.userId, 'staff', admin.access));
    expect(row.role).toBe('staff');
    expectError(await put(admin.userId, 'customer', admin.access), 403);
    expectError(await put(s.userId, 'owner', admin.access), 400);
    const entry = (await trail(s.userId)).find((e) => e.action === 'role changed');
    expect(entry?.changes).toEqual({ role: ['customer', 'staff'] });
  });

  it('sends a password reset mail and records it', async () => {
    const s = await signUp(t);
    expectOk(await act(s.userId, 'password-reset'));
    expect(await mailMatching(t, s.email, /reset/i)).toBeDefined();
    expect((await trail(s.userId)).map((e) => e.action)).toContain('password reset email sent');
  });
});
