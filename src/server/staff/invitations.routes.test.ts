import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { InvitationInfo, PendingInvitation, StaffList } from '../../contract/staff';
import { roomy, type Tokens } from '../test/auth';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching, signUp } from '../test/helpers';

const fresh = (name = 'clerk') => `${name}-${randomBytes(4).toString('hex')}@example.test`;

describe('staff invitations', () => {
  let t: TestApp;
  let admin: { access: string; userId: string };

  beforeAll(async () => {
    t = await createTestApp(roomy);
    admin = await t.login(DEMO.admin.email, DEMO.admin.password);
  });
  afterAll(() => t.close());

  const invite = (email: string, role = 'staff', token = admin.access, host = 'localhost') =>
    t.request({ method: 'POST', url: '/v1/admin/staff/invitations', token, host, payload: { email, role } });
  /** The link of the newest invitation mail to `to`, and its token. */
  const linkFor = async (to: string) => {
    const mail = await mailMatching(t, to, /^You are invited to join /);
    const link = mail?.links[0] ?? '';
    return { link, token: link.split('/invite/')[1] ?? '' };
  };
  const read = (token: string, host = 'localhost') =>
    t.request({ method: 'GET', url: `/v1/auth/invitations/${token}`, host });
  const accept = (payload: Record<string, unknown>, host = 'localhost') =>
    t.request({ method: 'POST', url: '/v1/auth/invitations/accept', host, payload });
  const list = async (token = admin.access) =>
    expectOk<StaffList>(await t.request({ method: 'GET', url: '/v1/admin/staff', token }));

  it('invites by e-mail: the link on the company’s host signs the new clerk in as staff, once', async () => {
    const email = fresh();
    const made = expectOk<PendingInvitation>(await invite(email.toUpperCase()), 201);
    expect(made).toMatchObject({ email, role: 'staff', status: 'pending', invited_by: 'Marcia Reid' });
    expect((await list()).invitations.map((i) => i.email)).toContain(email);

    const { link, token } = await linkFor(email);
    expect(link).toMatch(/^http:\/\/localhost\/invite\/[\w-]{20,}$/);
    // The other company's host knows nothing of it.
    expectError(await read(token, 'blue.localhost'), 404);
    const info = expectOk<InvitationInfo>(await read(token));
    expect(info).toMatchObject({ email, role: 'staff', existing_account: false });
    expect(info.company_name).toBeTruthy();

    expectError(await accept({ token, first_name: 'Kemar', last_name: 'Brown', password: 'password' }), 400);
    expect(
      expectError(await accept({ token, last_name: 'Brown', password: 'mango-tree-42' }), 400).errors,
    ).toHaveProperty('first_name');
    const res = await accept({ token, first_name: 'Kemar', last_name: 'Brown', password: 'mango-tree-42' });
    const tokens = expectOk<Tokens>(res);
    expect(tokens.user).toMatchObject({ email, role: 'staff', email_verified: true });
    expect(tokens.user.mailbox_number).toMatch(/-\d+$/);
    expect(String(res.headers['set-cookie'])).toMatch(/portalDevice=/);
    // The session works on the back office, and the password signs in later.
    expectOk(await t.request({ method: 'GET', url: '/v1/admin/dashboard', token: tokens.access_token }));
    await t.login(email, 'mango-tree-42');

    expect(expectError(await read(token), 410).message).toMatch(/already used/);
    expectError(await accept({ token, first_name: 'K', last_name: 'B', password: 'mango-tree-42' }), 410);
    const now = await list();
    expect(now.invitations.map((i) => i.email)).not.toContain(email);
    expect(now.people.find((p) => p.email === email)).toMatchObject({ role: 'staff', is_active: true });
    const trail = expectOk<{ items: AuditEntry[] }>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/audit?entity=staff_invitation&id=${made.id}`,
        token: admin.access,
      }),
    ).items;
    expect(trail.map((e) => e.action)).toEqual(['accepted', 'invited']);
  });

  it('refuses an address already on the staff or already invited, and bad input', async () => {
    expect(expectError(await invite(DEMO.clerk.email), 409).errors).toHaveProperty('email');
    const email = fresh();
    expectOk(await invite(email), 201);
    expect(expectError(await invite(email, 'admin'), 409).errors).toHaveProperty('email');
    expectError(await invite('not-an-email'), 400);
    expectError(await invite(fresh(), 'customer'), 400);
    expectError(await invite(fresh(), 'superadmin'), 400);
  });

  it('resend kills the old link; revoke and expiry say so plainly', async () => {
    const email = fresh();
    const made = expectOk<PendingInvitation>(await invite(email), 201);
    const first = (await linkFor(email)).token;
    expectOk(
      await t.request({
        method: 'POST',
        url: `/v1/admin/staff/invitations/${made.id}/resend`,
        token: admin.access,
      }),
    );
    await expect.poll(async () => (await linkFor(email)).token).not.toBe(first);
    const second = (await linkFor(email)).token;
    expectError(await read(first), 404);
    expectOk(await read(second));

    expectOk(
      await t.request({
        method: 'DELETE',
        url: `/v1/admin/staff/invitations/${made.id}`,
        token: admin.access,
      }),
    );
    expect(expectError(await read(second), 410).message).toMatch(/withdrawn/);
    expectError(
      await accept({ token: second, first_name: 'A', last_name: 'B', password: 'mango-tree-42' }),
      410,
    );
    expectError(
      await t.request({
        method: 'DELETE',
        url: `/v1/admin/staff/invitations/${made.id}`,
        token: admin.access,
      }),
      409,
    );

    const late = fresh();
    const old = expectOk<PendingInvitation>(await invite(late), 201);
    const { staffInvitations } = await import('../db/schema');
    await t.database.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, old.id));
    const lateToken = (await linkFor(late)).token;
    expect(expectError(await read(lateToken), 410).message).toMatch(/expired/);
    expect((await list()).invitations.find((i) => i.id === old.id)?.status).toBe('expired');
    // Inviting the address again replaces the expired invitation.
    expectOk(await invite(late), 201);
  });

  it('promotes an existing customer only with their current password', async () => {
    const customer = await signUp(t);
    expectOk(await invite(customer.email), 201);
    const { token } = await linkFor(customer.email);
    expect(expectOk<InvitationInfo>(await read(token)).existing_account).toBe(true);
    expect(expectError(await accept({ token, password: 'wrong-password-1' }), 400).errors).toHaveProperty(
      'password',
    );
    const tokens = expectOk<Tokens>(await accept({ token, password: customer.password }));
    expect(tokens.user).toMatchObject({ id: customer.userId, role: 'staff', email_verified: true });
  });

  it('is for admins of the company only', async () => {
    const clerk = (await t.login(DEMO.clerk.email, DEMO.clerk.password)).access;
    const customer = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
    for (const token of [clerk, customer]) {
      expectError(await invite(fresh(), 'staff', token), 403);
      expectError(await t.request({ method: 'GET', url: '/v1/admin/staff', token }), 403);
    }
    const made = expectOk<PendingInvitation>(await invite(fresh()), 201);
    // Another company's admin, on their own host: the invitation is not theirs.
    const b = await signUp(t, 'blue.localhost');
    const { users } = await import('../db/schema');
    await t.database.db
      .update(users)
      .set({ role: 'admin', emailVerifiedAt: new Date() })
      .where(eq(users.id, b.userId));
    const blueAdmin = (await t.login(b.email, b.password, 'blue.localhost')).access;
    const blue = (method: 'POST' | 'DELETE', url: string) =>
      t.request({ method, url, token: blueAdmin, host: 'blue.localhost' });
    expectError(await blue('POST', `/v1/admin/staff/invitations/${made.id}/resend`), 404);
    expectError(await blue('DELETE', `/v1/admin/staff/invitations/${made.id}`), 404);
    const blueList = expectOk<StaffList>(
      await t.request({ method: 'GET', url: '/v1/admin/staff', token: blueAdmin, host: 'blue.localhost' }),
    );
    expect(blueList.invitations.map((i) => i.id)).not.toContain(made.id);
    expect(blueList.people.map((p) => p.email)).not.toContain(DEMO.admin.email);
  });
});
