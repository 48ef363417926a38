import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { StaffPackageDetail, StaffPackagePage } from '../../contract/staff-packages';
import { prealerts } from '../db/schema';
import { type Cast, cast } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import {
  auditOf,
  customer,
  notificationsOf,
  pendingPrealertOf,
  receive,
  tracking,
  unassigned,
} from '../test/staff-packages';

describe('staff packages', () => {
  let t: TestApp;
  let c: Cast;
  let a: Awaited<ReturnType<typeof customer>>;
  let b: Awaited<ReturnType<typeof customer>>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    [a, b] = await Promise.all([customer(t), customer(t)]);
  });
  afterAll(() => t.close());

  const list = (query: string, token = c.admin.access, host = 'localhost') =>
    t.request({ method: 'GET', url: `/v1/admin/packages?${query}`, token, host });
  const detail = (id: string, token = c.admin.access) =>
    t.request({ method: 'GET', url: `/v1/admin/packages/${id}`, token });

  it('lists the company’s packages, found by tracking number, mailbox, email or name, each filter narrowing', async () => {
    const mine = await receive(t, c.admin, a.mailboxNumber);
    const loose = await unassigned(t, 'MARY BROWN BOX 4242');

    const byTracking = expectOk<StaffPackagePage>(await list(`q=${mine.tracking_number.toLowerCase()}`));
    expect(byTracking.items.map((p) => p.id)).toEqual([mine.id]);
    expect(byTracking.items[0]).toMatchObject({
      owner: { id: a.userId, mailbox_number: a.mailboxNumber, email: a.email },
      status: 'received_us',
      has_prealert: false,
      shipment: null,
    });
    // The index is read for a search's end only: a search that ends the same but is not in the text finds nothing.
    const sameEnd = expectOk<StaffPackagePage>(await list(`q=QQ${mine.tracking_number.slice(-8)}`));
    expect(sameEnd.items).toHaveLength(0);
    const byMailbox = expectOk<StaffPackagePage>(await list(`q=${a.mailboxNumber}`));
    expect(byMailbox.items.map((p) => p.id)).toContain(mine.id);
    const byEmail = expectOk<StaffPackagePage>(await list(`q=${encodeURIComponent(a.email)}`));
    expect(byEmail.items.map((p) => p.id)).toEqual([mine.id]);
    const byHint = expectOk<StaffPackagePage>(await list('q=mary%20brown'));
    expect(byHint.items.map((p) => p.id)).toEqual([loose.id]);

    const onlyUnassigned = expectOk<StaffPackagePage>(await list('unassigned=1&pageSize=100'));
    expect(onlyUnassigned.items.every((p) => p.owner === null)).toBe(true);
    expect(onlyUnassigned.items.map((p) => p.id)).toContain(loose.id);
    expect(onlyUnassigned.items.find((p) => p.id === loose.id)?.consignee_hint).toBe('MARY BROWN BOX 4242');

    const today = new Date().toISOString().slice(0, 10);
    const received = expectOk<StaffPackagePage>(
      await list(
        `q=${mine.tracking_number}&from=${today}&to=${today}&shipment=none&prealert=no&status=received_us`,
      ),
    );
    expect(received.items).toHaveLength(1);
    const yesterday = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    expect(
      expectOk<StaffPackagePage>(await list(`q=${mine.tracking_number}&to=${yesterday}`)).items,
    ).toHaveLength(0);
    expect(expectOk<StaffPackagePage>(await list(`q=${mine.tracking_number}&hold=1`)).items).toHaveLength(0);
    expect(
      expectOk<StaffPackagePage>(await list(`q=${mine.tracking_number}&prealert=yes`)).items,
    ).toHaveLength(0);
  });

  it('counts the first page, or a later one when asked: paging on costs no count', async () => {
    await Promise.all([receive(t, c.admin, b.mailboxNumber), receive(t, c.admin, b.mailboxNumber)]);
    const first = expectOk<StaffPackagePage>(await list(`q=${b.mailboxNumber}&pageSize=1`));
    expect(first.items).toHaveLength(1);
    expect(first.total).toBeGreaterThanOrEqual(2);
    const second = expectOk<StaffPackagePage>(await list(`q=${b.mailboxNumber}&pageSize=1&page=2`));
    expect(second.items).toHaveLength(1);
    expect(second.total).toBeNull();
    expect(second.items[0]?.id).not.toBe(first.items[0]?.id);
    const asked = expectOk<StaffPackagePage>(await list(`q=${b.mailboxNumber}&pageSize=1&page=2&count=1`));
    expect(asked.total).toBe(first.total);
    const pastTheEnd = expectOk<StaffPackagePage>(await list(`q=${b.mailboxNumber}&page=9&count=1`));
    expect(pastTheEnd).toMatchObject({ items: [], total: first.total });
    expect(expectOk<StaffPackagePage>(await list(`q=${b.mailboxNumber}&count=0`)).total).toBeNull();
  });

  it('refuses bad filters field by field', async () => {
    const body = expectError(await list('status=lost&from=2026-13-40&shipment=abc&prealert=maybe'), 400);
    expect(Object.keys(body.errors ?? {})).toEqual(
      expect.arrayContaining(['status', 'from', 'shipment', 'prealert']),
    );
  });

  it('is staff only, and staff of another company see none of this company’s packages', async () => {
    const p = await receive(t, c.admin, a.mailboxNumber);
    expectError(await list('', a.session.access), 403);
    expectError(await detail(p.id, a.session.access), 403);
    const blue = expectOk<StaffPackagePage>(
      await list(`q=${p.tracking_number}`, c.blueStaff.access, 'blue.localhost'),
    );
    expect(blue.items).toHaveLength(0);
    expectError(
      await t.request({
        method: 'GET',
        url: `/v1/admin/packages/${p.id}`,
        token: c.blueStaff.access,
        host: 'blue.localhost',
      }),
      404,
    );
    expectError(
      await t.request({
        method: 'PUT',
        url: `/v1/admin/packages/${p.id}`,
        token: c.blueStaff.access,
        host: 'blue.localhost',
        payload: { weight: 9 },
      }),
      404,
    );
  });

  it('edits fields with an audit entry of the diff; an edit that changes nothing writes none', async () => {
    const p = await receive(t, c.admin, a.mailboxNumber);
    const put = (payload: object) =>
      t.request({ method: 'PUT', url: `/v1/admin/packages/${p.id}`, token: c.admin.access, payload });
    const saved = expectOk<StaffPackageDetail>(
      await put({ weight: 3.25, fragile: true, customs_hold: true, carrier: 'UPS', note: 'Reweighed' }),
      200,
      'Package saved',
    );
    expect(saved).toMatchObject({ weight: '3.25', fragile: true, customs_hold: true, carrier: 'UPS' });
    const trail = await auditOf(t, c.admin, 'package', p.id);
    expect(trail[0]).toMatchObject({
      action: 'updated',
      note: 'Reweighed',
      changes: {
        weight: ['1.50', '3.25'],
        fragile: [false, true],
        customs_hold: [false, true],
        carrier: ['', 'UPS'],
      },
    });
    expectOk(await put({ weight: 3.25 }));
    expect(await auditOf(t, c.admin, 'package', p.id)).toHaveLength(trail.length);
    const held = expectOk<StaffPackagePage>(await list(`q=${p.tracking_number}&hold=1`));
    expect(held.items.map((x) => x.id)).toEqual([p.id]);

    const bad = expectError(await put({ weight: -1, pieces: 0, declared_value_cents: 1.5 }), 400);
    expect(Object.keys(bad.errors ?? {})).toEqual(
      expect.arrayContaining(['weight', 'pieces', 'declared_value_cents']),
    );
  });

  it('assigns an Unassigned parcel: the customer is told once, the trail says who got it', async () => {
    const loose = await unassigned(t);
    const before = (await notificationsOf(t, b.session)).total;
    const assign = (customer_id: string, token = c.admin.access) =>
      t.request({
        method: 'POST',
        url: `/v1/admin/packages/${loose.id}/assign`,
        token,
        payload: { customer_id },
      });
    const done = expectOk<StaffPackageDetail>(await assign(b.userId), 200, 'Package assigned');
    expect(done.owner?.id).toBe(b.userId);
    const after = await notificationsOf(t, b.session);
    expect(after.total).toBe(before + 1);
    expect(after.items[0]?.title).toContain(loose.trackingNumber);
    expect((await auditOf(t, c.admin, 'package', loose.id))[0]).toMatchObject({
      action: 'assigned',
      changes: { owner: [null, b.mailboxNumber] },
    });
    // The customer now sees it in their own list.
    const theirs = expectOk<{ items: { id: string }[] }>(
      await t.request({
        method: 'GET',
        url: `/v1/packages?q=${loose.trackingNumber}`,
        token: b.session.access,
      }),
    );
    expect(theirs.items.map((p) => p.id)).toEqual([loose.id]);

    expectError(await assign(b.userId), 409);
    const blueCustomer = await customer(t, 'blue.localhost');
    const refused = expectError(await assign(blueCustomer.userId), 400);
    expect(refused.errors?.customer_id).toEqual(['No such customer']);
  });

  it('links and unlinks a pre-alert; another customer’s is refused; an Unassigned parcel takes its customer', async () => {
    const p = await receive(t, c.admin, a.mailboxNumber);
    const preA = await pendingPrealertOf(t, a.userId);
    const preB = await pendingPrealertOf(t, b.userId);
    const link = (pkg: string, prealert_id: string) =>
      t.request({
        method: 'POST',
        url: `/v1/admin/packages/${pkg}/prealert`,
        token: c.admin.access,
        payload: { prealert_id },
      });
    expect(expectError(await link(p.id, preB.id), 400).errors?.prealert_id).toEqual([
      'This pre-alert is another customer’s',
    ]);
    const linked = expectOk<StaffPackageDetail>(await link(p.id, preA.id));
    expect(linked.prealert).toMatchObject({ id: preA.id, status: 'matched', package_id: p.id });
    expect(linked.has_prealert).toBe(true);
    expectError(await link(p.id, preA.id), 409);

    const unlinked = expectOk<StaffPackageDetail>(
      await t.request({
        method: 'DELETE',
        url: `/v1/admin/packages/${p.id}/prealert`,
        token: c.admin.access,
      }),
    );
    expect(unlinked.prealert).toBeNull();
    const [row] = await t.database.db.select().from(prealerts).where(eq(prealerts.id, preA.id));
    expect(row).toMatchObject({ status: 'pending', packageId: null });

    // By the pre-alert's tracking number (the customer's spelling), for the owner's pending one only.
    const byNumber = expectOk<StaffPackageDetail>(
      await t.request({
        method: 'POST',
        url: `/v1/admin/packages/${p.id}/prealert`,
        token: c.admin.access,
        payload: { tracking_number: preA.trackingNumber.toLowerCase() },
      }),
    );
    expect(byNumber.prealert?.id).toBe(preA.id);
    const p2 = await receive(t, c.admin, a.mailboxNumber);
    const linkBy = (payload: object) =>
      t.request({
        method: 'POST',
        url: `/v1/admin/packages/${p2.id}/prealert`,
        token: c.admin.access,
        payload,
      });
    expect(expectError(await linkBy({ tracking_number: preB.trackingNumber }), 400).errors).toEqual({
      tracking_number: ['This customer has no pending pre-alert with this tracking number'],
    });
    expectError(await linkBy({}), 400);

    const loose = await unassigned(t);
    const took = expectOk<StaffPackageDetail>(await link(loose.id, preB.id));
    expect(took.owner?.id).toBe(b.userId);
    expect(took.prealert?.id).toBe(preB.id);
  });

  it('bulk: a status for parcels of two customers tells each customer once, with an audit entry per package', async () => {
    const ofA = await Promise.all([1, 2, 3].map(() => receive(t, c.admin, a.mailboxNumber)));
    const ofB = await Promise.all([1, 2].map(() => receive(t, c.admin, b.mailboxNumber)));
    const [na, nb] = [
      (await notificationsOf(t, a.session)).total,
      (await notificationsOf(t, b.session)).total,
    ];
    const ids = [...ofA, ...ofB].map((p) => p.id);
    const res = expectOk<{ updated: number; notified: number }>(
      await t.request({
        method: 'POST',
        url: '/v1/admin/packages/bulk',
        token: c.admin.access,
        payload: {
          action: 'status',
          ids,
          status: 'on_hold',
          note: 'Awaiting documents',
          hold_reason: 'missing_invoice',
        },
      }),
      200,
      '5 packages updated',
    );
    expect(res).toEqual({ updated: 5, notified: 2 });
    const afterA = await notificationsOf(t, a.session);
    expect(afterA.total).toBe(na + 1);
    expect(afterA.items[0]?.title).toMatch(/^3 packages: /);
    for (const p of ofA) expect(afterA.items[0]?.body).toContain(p.tracking_number);
    expect((await notificationsOf(t, b.session)).total).toBe(nb + 1);
    for (const id of ids) {
      expect((await auditOf(t, c.admin, 'package', id))[0]).toMatchObject({
        action: 'status',
        changes: { status: ['received_us', 'on_hold'] },
      });
    }
    const held = expectOk<StaffPackagePage>(await list(`hold=1&q=${b.mailboxNumber}`));
    expect(held.items.map((p) => p.id).sort()).toEqual(ofB.map((p) => p.id).sort());
  });

  it('bulk: one unknown id changes nothing; too many ids or a bad action are field errors', async () => {
    const p = await receive(t, c.admin, a.mailboxNumber);
    const bulk = (payload: object) =>
      t.request({ method: 'POST', url: '/v1/admin/packages/bulk', token: c.admin.access, payload });
    expectError(
      await bulk({
        action: 'status',
        ids: [p.id, '00000000-0000-4000-8000-000000000000'],
        status: 'in_transit',
      }),
      404,
    );
    expect(expectOk<StaffPackageDetail>(await detail(p.id)).status).toBe('received_us');
    const many = Array.from(
      { length: 501 },
      (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
    );
    expect(
      expectError(await bulk({ action: 'status', ids: many, status: 'in_transit' }), 400).errors,
    ).toHaveProperty('ids');
    expectError(await bulk({ action: 'explode', ids: [p.id] }), 400);
    expect(
      expectError(await bulk({ action: 'assign', ids: [p.id], customer_id: c.blueStaff.userId }), 400).errors,
    ).toEqual({
      customer_id: ['No such customer'],
    });
  });

  it('bulk: assigns Unassigned parcels to a customer, who hears once', async () => {
    const loose = await Promise.all([unassigned(t), unassigned(t)]);
    const before = (await notificationsOf(t, a.session)).total;
    const res = expectOk<{ updated: number; notified: number }>(
      await t.request({
        method: 'POST',
        url: '/v1/admin/packages/bulk',
        token: c.admin.access,
        payload: { action: 'assign', ids: loose.map((p) => p.id), customer_id: a.userId },
      }),
    );
    expect(res).toEqual({ updated: 2, notified: 1 });
    expect((await notificationsOf(t, a.session)).total).toBe(before + 1);
  });

  it('exports the filtered list as CSV', async () => {
    const p = await receive(t, c.admin, b.mailboxNumber, tracking('CSV'));
    const res = await t.request({
      method: 'GET',
      url: `/v1/admin/packages/export.csv?q=${b.mailboxNumber}&status=received_us`,
      token: c.admin.access,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/csv/);
    const lines = res.body.trim().split('\r\n');
    expect(lines[0]).toMatch(/^Tracking number,Mailbox,Customer,/);
    expect(lines.some((l) => l.startsWith(`${p.tracking_number},${b.mailboxNumber},`))).toBe(true);
    expect(lines.every((l, i) => i === 0 || l.includes(b.mailboxNumber))).toBe(true);
    expectError(
      await t.request({ method: 'GET', url: '/v1/admin/packages/export.csv', token: a.session.access }),
      403,
    );
  });
});
