import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { StaffMember } from '../../contract/staff';
import { refresh, roomy } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, signUp } from '../test/helpers';

describe('staff management', () => {
  let t: TestApp;
  let admin: { access: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(roomy);
    admin = await t.login(DEMO.admin.email, DEMO.admin.password);
  });
  afterAll(() => t.close());

  const patch = (id: string, payload: Record<string, unknown>, token = admin.access, host = 'localhost') =>
    t.request({ method: 'PATCH', url: `/v1/admin/staff/${id}`, token, host, payload });
  /** A fresh member of the demo company's staff, signed in. */
  const member = async (role: 'staff' | 'admin') => {
    const u = await signUp(t);
    const { users } = await import('../db/schema');
    await t.database.db
      .update(users)
      .set({ role, emailVerifiedAt: new Date() })
      .where(eq(users.id, u.userId));
    return { ...u, ...(await t.login(u.email, u.password)) };
  };

  it('deactivates a clerk (signed out at once) and reactivates them, audited before → after', async () => {
    const clerk = await member('staff');
    const off = expectOk<StaffMember>(await patch(clerk.userId, { is_active: false }));
    expect(off).toMatchObject({ id: clerk.userId, is_active: false, role: 'staff' });
    expectError(await t.request({ method: 'GET', url: '/v1/admin/dashboard', token: clerk.access }), 401);
    expectError(await refresh(t, clerk.refresh), 401);
    expectError(
      await t.request({
        method: 'POST',
        url: '/v1/auth/login',
        payload: { email: clerk.email, password: clerk.password },
      }),
      401,
    );

    expectOk(await patch(clerk.userId, { is_active: true }));
    await t.login(clerk.email, clerk.password);
    const trail = expectOk<{ items: AuditEntry[] }>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/audit?entity=user&id=${clerk.userId}`,
        token: admin.access,
      }),
    ).items;
    expect(trail.slice(0, 2).map((e) => [e.action, e.changes])).toEqual([
      ['reactivated', { is_active: [false, true] }],
      ['deactivated', { is_active: [true, false] }],
    ]);
  });

  it('changes a role; never one’s own, never a customer’s, never the last active admin', async () => {
    const other = await member('admin');
    expect(expectOk<StaffMember>(await patch(other.userId, { role: 'staff' })).role).toBe('staff');
    expect(expectError(await patch(admin.userId, { role: 'staff' }), 409).message).toMatch(/your own role/);
    expect(expectError(await patch(admin.userId, { is_active: false }), 409).message).toMatch(
      /your own account/,
    );
    const customer = await t.login(DEMO.customer.email, DEMO.customer.password);
    expectError(await patch(customer.userId, { role: 'staff' }), 404);
    expectError(await patch(other.userId, {}), 400);
    expectError(await patch(other.userId, { role: 'customer' }), 400);

    // Two admins demote each other at once: the second one finds itself the last admin's target.
    const a = await member('admin');
    const { users, companies } = await import('../db/schema');
    const db = t.database.db;
    const me = await db.query.users.findFirst({ where: eq(users.id, admin.userId) });
    const demo = me && (await db.query.companies.findFirst({ where: eq(companies.id, me.companyId) }));
    // Only `a` and the demo admin stay active admins of the company.
    for (const u of await db.query.users.findMany({ where: eq(users.role, 'admin') })) {
      if (u.companyId === me?.companyId && u.id !== a.userId && u.id !== admin.userId) {
        await db.update(users).set({ isActive: false }).where(eq(users.id, u.id));
      }
    }
    const staleA = await db.query.users.findFirst({ where: eq(users.id, a.userId) });
    if (!staleA || !demo) throw new Error('fixtures missing');
    expectOk(await patch(a.userId, { role: 'staff' }));
    await expect(
      t.app.services.staffAccounts.update(demo, staleA, admin.userId, { role: 'staff' }),
    ).rejects.toMatchObject({ statusCode: 409, message: /last active admin/ });
  });

  it('is refused to clerks, customers and another company’s admin', async () => {
    const target = await member('staff');
    const clerk = (await t.login(DEMO.clerk.email, DEMO.clerk.password)).access;
    const customer = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
    expectError(await patch(target.userId, { is_active: false }, clerk), 403);
    expectError(await patch(target.userId, { is_active: false }, customer), 403);
    const b = await signUp(t, 'blue.localhost');
    const { users } = await import('../db/schema');
    await t.database.db
      .update(users)
      .set({ role: 'admin', emailVerifiedAt: new Date() })
      .where(eq(users.id, b.userId));
    const blueAdmin = (await t.login(b.email, b.password, 'blue.localhost')).access;
    expectError(await patch(target.userId, { is_active: false }, blueAdmin, 'blue.localhost'), 404);
    expectError(await patch(target.userId, { is_active: false }, blueAdmin), 401);
    const still = await t.database.db.query.users.findFirst({ where: eq(users.id, target.userId) });
    expect(still?.isActive).toBe(true);
  });
});
