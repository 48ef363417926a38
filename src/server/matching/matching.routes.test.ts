import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { Paginated } from '../../contract/envelope';
import type { PackageWithoutPrealert, UnmatchedPrealert } from '../../contract/matching';
import type { Notification } from '../../contract/notifications';
import type { Prealert } from '../../contract/packages';
import { packages, users } from '../db/schema';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, signUp } from '../test/helpers';
import { multipart, PDF } from '../test/multipart';

describe('pre-alert matching', () => {
  let t: TestApp;
  let clerk: string;
  let companyId: string;
  let cust: { access: string; userId: string; mailbox: string };
  let other: { access: string; userId: string; mailbox: string };
  let blueStaff: string;
  let seq = 0;

  const verified = async () => {
    const s = await signUp(t);
    await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
    const l = await t.login(s.email, s.password);
    return { access: l.access, userId: s.userId, mailbox: s.mailboxNumber };
  };

  beforeAll(async () => {
    t = await createTestApp();
    const c = await t.login(DEMO.clerk.email, DEMO.clerk.password);
    clerk = c.access;
    const [row] = await t.database.db.select().from(users).where(eq(users.id, c.userId));
    companyId = row?.companyId ?? '';
    cust = await verified();
    other = await verified();
    const b = await signUp(t, 'blue.localhost');
    await t.database.db
      .update(users)
      .set({ role: 'admin', emailVerifiedAt: new Date() })
      .where(eq(users.id, b.userId));
    blueStaff = (await t.login(b.email, b.password, 'blue.localhost')).access;
  });
  afterAll(() => t.close());

  const prealert = async (token: string, tracking: string, seller = 'Amazon') => {
    const body = await multipart(
      {
        tracking_number: tracking,
        seller_name: seller,
        description: 'Blender',
        weight: '2',
        value: '40.00',
        package_type: 'parcel',
      },
      [{ name: 'invoice.pdf', bytes: PDF }],
    );
    return expectOk<Prealert>(await t.request({ method: 'POST', url: '/v1/peralert', token, ...body }), 201);
  };
  /** A received parcel: for a customer, or Unassigned (no customer) when userId is null. */
  const received = async (tracking: string, userId: string | null, seller = '') => {
    seq += 1;
    const [k] = await t.database.db
      .insert(packages)
      .values({
        companyId,
        userId,
        trackingNumber: tracking,
        sellerName: seller,
        description: `Parcel ${seq}`,
        statusCode: 'received_us',
        receivedAt: new Date(),
      })
      .returning();
    if (!k) throw new Error('no package');
    return k;
  };
  const unmatched = async (token = clerk, host = 'localhost') =>
    expectOk<Paginated<UnmatchedPrealert>>(
      await t.request({ method: 'GET', url: '/v1/admin/prealerts/unmatched?pageSize=100', token, host }),
    );
  const withoutPrealert = async () =>
    expectOk<Paginated<PackageWithoutPrealert>>(
      await t.request({
        method: 'GET',
        url: '/v1/admin/packages/without-prealert?pageSize=100',
        token: clerk,
      }),
    );
  const match = (id: string, packageId: string, token = clerk, host = 'localhost') =>
    t.request({
      method: 'POST',
      url: `/v1/admin/prealerts/${id}/match`,
      token,
      host,
      payload: { package_id: packageId },
    });
  const trail = async (entity: string, id: string) =>
    expectOk<{ items: AuditEntry[] }>(
      await t.request({ method: 'GET', url: `/v1/admin/audit?entity=${entity}&id=${id}`, token: clerk }),
    ).items;
  /** The pre-alert as its customer sees it in their list. */
  const mineOf = async (id: string) =>
    expectOk<Paginated<Prealert>>(
      await t.request({ method: 'GET', url: '/v1/peralert?pageSize=100', token: cust.access }),
    ).items.find((p) => p.id === id);
  const bell = async (token: string) =>
    expectOk<Paginated<Notification>>(await t.request({ method: 'GET', url: '/v1/notifications', token }))
      .items;

  it('suggests similar Unassigned parcels, the customer’s own, and the seller’s, never another customer’s', async () => {
    const p = await prealert(cust.access, '1Z-999 AA1 0123');
    const similar = await received('1Z999AA10123', null);
    const contained = await received('XX1Z999AA10123YY', null);
    const own = await received('OWN-0001', cust.userId);
    const sameSeller = await received('ZZZ-UNRELATED', null, 'amazon');
    const others = await received('1Z999AA10123', other.userId);
    const unrelated = await received('QQQ-777', null);
    const item = (await unmatched()).items.find((i) => i.id === p.id);
    const ids = item?.suggestions.map((s) => s.id) ?? [];
    expect(ids).toEqual(expect.arrayContaining([similar.id, contained.id, own.id, sameSeller.id]));
    expect(ids).not.toContain(others.id);
    expect(ids).not.toContain(unrelated.id);
    expect(ids.length).toBeLessThanOrEqual(5);
    expect(item?.suggestions.find((s) => s.id === similar.id)?.reason).toBe('tracking');
    expect(item?.suggestions.find((s) => s.id === own.id)?.reason).toBe('same_customer');
    expect(item?.customer.mailbox_number).toBe(cust.mailbox);

    const queue = (await withoutPrealert()).items;
    const pkg = queue.find((k) => k.id === similar.id);
    expect(pkg?.customer).toBeNull();
    expect(pkg?.suggestions.map((s) => s.id)).toContain(p.id);
    // Another company's staff see none of it.
    const blue = await unmatched(blueStaff, 'blue.localhost');
    expect(blue.items.map((i) => i.id)).not.toContain(p.id);
  });

  it('matches an Unassigned parcel: it takes the customer, who is told; audited on both', async () => {
    const p = await prealert(cust.access, 'MATCH-0001');
    const k = await received('MATCH0001', null);
    expectError(await match(p.id, k.id, blueStaff, 'blue.localhost'), 404);
    const reply = expectOk<{ status: string; package_id: string }>(await match(p.id, k.id));
    expect(reply).toMatchObject({ status: 'matched', package_id: k.id });
    const [after] = await t.database.db.select().from(packages).where(eq(packages.id, k.id));
    expect(after).toMatchObject({ userId: cust.userId, prealertId: p.id });
    expect(await mineOf(p.id)).toMatchObject({ status: 'matched', package_id: k.id });
    const told = (await bell(cust.access)).find((n) => n.title.startsWith('MATCH0001: '));
    expect(told?.link).toBe(`/user/packages/${k.id}`);
    expect((await trail('prealert', p.id)).map((e) => e.action)).toContain('matched by hand');
    expect((await trail('package', k.id)).map((e) => e.action)).toContain('assigned by pre-alert match');
    // Matched now: neither goes again.
    expectError(await match(p.id, k.id), 409);
    expect((await unmatched()).items.map((i) => i.id)).not.toContain(p.id);
    expect((await withoutPrealert()).items.map((i) => i.id)).not.toContain(k.id);
  });

  it('refuses another customer’s parcel and a parcel that already has a pre-alert', async () => {
    const p = await prealert(cust.access, 'RULES-0001');
    const theirs = await received('RULES0001', other.userId);
    expectError(await match(p.id, theirs.id), 409, /another customer/);
    const q = await prealert(cust.access, 'RULES-0002');
    const k = await received('RULES0002', cust.userId);
    expectOk(await match(q.id, k.id));
    expectError(await match(p.id, k.id), 409, /already has a pre-alert/);
    expectError(await match(p.id, '00000000-0000-4000-8000-000000000000'), 404);
    expectError(await match(p.id, 'nope'), 400);
    expectError(await match(p.id, k.id, cust.access), 403);
  });

  it('cancels with a reason the customer sees, and tells them', async () => {
    const p = await prealert(cust.access, 'CANCEL-0001');
    const balance = async () =>
      expectOk<{ balance: number }>(await t.request({ method: 'GET', url: '/v1/points', token: cust.access }))
        .balance;
    const withBonus = await balance();
    const cancel = (reason: unknown, token = clerk) =>
      t.request({
        method: 'POST',
        url: `/v1/admin/prealerts/${p.id}/cancel`,
        token,
        payload: { reason } as object,
      });
    expectError(await cancel(''), 400);
    expectError(await cancel('Duplicate', cust.access), 403);
    expectOk(await cancel('Duplicate of your earlier pre-alert'));
    // The pre-alert bonus (it was sent with its invoice) goes back, as when the customer cancels it.
    expect(await balance()).toBeLessThan(withBonus);
    const mine = await mineOf(p.id);
    expect(mine).toMatchObject({ status: 'cancelled', cancel_reason: 'Duplicate of your earlier pre-alert' });
    expect(mine?.cancelled_at).not.toBeNull();
    const note = (await bell(cust.access)).find((n) => n.title === 'Pre-alert CANCEL-0001 cancelled');
    expect(note?.body).toContain('Duplicate of your earlier pre-alert');
    const entry = (await trail('prealert', p.id)).find((e) => e.action === 'cancelled');
    expect(entry?.note).toBe('Duplicate of your earlier pre-alert');
    expectError(await cancel('again'), 409);
  });
});
