import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceSummary } from '../../contract/invoices';
import type { Notification, NotificationPage } from '../../contract/notifications';
import type { PackageSummary } from '../../contract/packages';
import type { PointsPage } from '../../contract/points';
import type { AccountSummary, Profile } from '../../contract/profile';
import { type Cast, cast, expectRefused, outsiders } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching, mailsAfterSettling } from '../test/helpers';
import { multipart } from '../test/multipart';

type Page<T> = { items: T[]; page: number; pageSize: number; total: number };

describe('notifications and the account summary', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  });
  afterAll(() => t.close());

  const list = async (token: string, query = '', host = 'localhost') =>
    expectOk<NotificationPage>(
      await t.request({ method: 'GET', url: `/v1/notifications${query}`, token, host }),
    );
  const summary = async (token: string, host = 'localhost') =>
    expectOk<AccountSummary>(await t.request({ method: 'GET', url: '/v1/account/summary', token, host }));
  const me = async (token: string) =>
    expectOk<Profile>(await t.request({ method: 'GET', url: '/v1/profile', token }));
  const setStatus = (id: string, status: string, note = '') =>
    t.request({
      method: 'POST',
      url: `/v1/admin/packages/${id}/status`,
      token: c.admin.access,
      payload: { status, note },
    });

  it('lists the seeded notifications, newest first, with the unread count', async () => {
    const page = await list(c.customer.access, '?pageSize=100');
    expect(page.total).toBeGreaterThanOrEqual(8);
    expect(page.unread_count).toBe(page.items.filter((n) => n.read_at === null).length);
    expect(page.unread_count).toBeGreaterThan(0);
    const kinds = new Set(page.items.map((n) => n.kind));
    expect(kinds).toEqual(new Set(['package_status', 'invoice', 'purchase_request']));
    const times = page.items.map((n) => n.created_at);
    expect([...times].sort().reverse()).toEqual(times);
    const unread = await list(c.customer.access, '?unread=true&pageSize=100');
    expect(unread.items.every((n) => n.read_at === null)).toBe(true);
    expect(unread.total).toBe(page.unread_count);
    expect(await list(c.neighbour.access)).toMatchObject({ items: [], total: 0, unread_count: 0 });
  });

  it('records a status change for the owner and mails it (per the preferences)', async () => {
    const pkg = expectOk<Page<PackageSummary>>(
      await t.request({ method: 'GET', url: '/v1/packages?status=in_transit', token: c.customer.access }),
    ).items[0];
    if (!pkg) throw new Error('no package');
    expectOk(await setStatus(pkg.id, 'at_customs', 'Landed at Norman Manley'));
    const [latest] = (await list(c.customer.access)).items;
    expect(latest).toMatchObject({
      kind: 'package_status',
      title: `${pkg.tracking_number}: At local port / customs`,
      link: `/user/packages/${pkg.id}`,
      read_at: null,
    });
    expect(latest?.body).toContain('Landed at Norman Manley');
    const mail = await mailMatching(
      t,
      'customer@demo.test',
      `${pkg.tracking_number}: At local port / customs · Island Express`,
    );
    expect(mail?.links).toEqual([`http://localhost/user/packages/${pkg.id}`]);

    // "Ready for pickup" e-mails off (a moment with its own choice): the notification is still recorded, no mail.
    expectOk(
      await t.request({
        method: 'PUT',
        url: '/v1/profile',
        token: c.customer.access,
        payload: { notification_preferences: { package_ready_email: false } },
      }),
    );
    expectOk(await setStatus(pkg.id, 'ready_for_pickup'));
    expect((await list(c.customer.access)).items[0]?.title).toBe(`${pkg.tracking_number}: Ready for pickup`);
    const mails = await mailsAfterSettling(t, 'customer@demo.test');
    expect(mails.some((m) => m.subject.startsWith(`${pkg.tracking_number}: Ready for pickup`))).toBe(false);
    expectOk(
      await t.request({
        method: 'PUT',
        url: '/v1/profile',
        token: c.customer.access,
        payload: { notification_preferences: { package_ready_email: true } },
      }),
    );
  });

  it('records a receipt at the warehouse for the owner', async () => {
    const { mailbox_number } = await me(c.neighbour.access);
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/admin/packages/receive',
        token: c.admin.access,
        ...(await multipart({
          tracking_number: 'NOTE-00001',
          mailbox_number,
          weight: '3.2',
          description: 'Blender',
        })),
      }),
      201,
    );
    const page = await list(c.neighbour.access);
    expect(page.unread_count).toBe(1);
    expect(page.items[0]).toMatchObject({
      kind: 'package_status',
      title: 'NOTE-00001: Received at US warehouse',
    });
  });

  it('marks one and all as read', async () => {
    const before = await list(c.customer.access, '?unread=true');
    const target = before.items[0] as Notification;
    const read = expectOk<Notification>(
      await t.request({
        method: 'POST',
        url: `/v1/notifications/${target.id}/read`,
        token: c.customer.access,
      }),
      200,
      'Marked as read',
    );
    expect(read.read_at).not.toBeNull();
    // Again: still read, same time.
    const again = expectOk<Notification>(
      await t.request({
        method: 'POST',
        url: `/v1/notifications/${target.id}/read`,
        token: c.customer.access,
      }),
    );
    expect(again.read_at).toBe(read.read_at);
    expect((await list(c.customer.access)).unread_count).toBe(before.unread_count - 1);
    const all = expectOk<{ updated: number; unread_count: number }>(
      await t.request({ method: 'POST', url: '/v1/notifications/read-all', token: c.customer.access }),
    );
    expect(all).toEqual({ updated: before.unread_count - 1, unread_count: 0 });
    expect((await list(c.customer.access)).unread_count).toBe(0);
    expectError(
      await t.request({
        method: 'POST',
        url: '/v1/notifications/00000000-0000-4000-8000-000000000000/read',
        token: c.customer.access,
      }),
      404,
    );
  });

  it('sums up the account for the dashboard', async () => {
    const s = await summary(c.customer.access);
    const invoices = expectOk<Page<InvoiceSummary>>(
      await t.request({ method: 'GET', url: '/v1/invoices?pageSize=100', token: c.customer.access }),
    ).items;
    const open = invoices.filter((i) => ['issued', 'partially_paid', 'overdue'].includes(i.status));
    const points = expectOk<PointsPage>(
      await t.request({ method: 'GET', url: '/v1/points', token: c.customer.access }),
    );
    expect(s).toEqual({
      // What is still owed: a partly paid invoice counts for its balance.
      balance_due_cents: open.reduce((n, i) => n + i.balance_cents, 0),
      currency: 'JMD',
      open_invoices: open.length,
      overdue_invoices: 1,
      points_balance: points.balance,
      unread_notifications: 0,
      // Which of them depends on today's date against the seeded ready times (storage.routes.test.ts checks them).
      storage_ending_soon: expect.any(Array),
    });
    expect(s.balance_due_cents).toBeGreaterThan(0);
    expect(await summary(c.neighbour.access)).toMatchObject({
      balance_due_cents: 0,
      points_balance: 0,
      unread_notifications: 1,
    });
    expect((await summary(c.blue.access, 'blue.localhost')).balance_due_cents).toBeGreaterThan(0);
  });

  it('nobody else reads or marks them', async () => {
    const victim = (await list(c.customer.access)).items[0] as Notification;
    const { mailbox_number } = await me(c.customer.access);
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/admin/packages/receive',
        token: c.admin.access,
        ...(await multipart({ tracking_number: 'NOTE-00002', mailbox_number, weight: '1' })),
      }),
      201,
    );
    const unread = (await list(c.customer.access, '?unread=true')).items[0] as Notification;
    const callers = outsiders(c);
    await expectRefused(callers, [
      {
        name: 'read one',
        run: (token, host) =>
          t.request({ method: 'POST', url: `/v1/notifications/${unread.id}/read`, token, host }),
      },
    ]);
    for (const who of callers) {
      const res = await t.request({
        method: 'GET',
        url: '/v1/notifications?pageSize=100',
        token: who.token,
        host: who.host,
      });
      if (who.expect.includes(404)) {
        expect(
          expectOk<NotificationPage>(res).items.some((n) => n.id === victim.id || n.id === unread.id),
        ).toBe(false);
      } else expect(who.expect).toContain(res.statusCode);
      const all = await t.request({
        method: 'POST',
        url: '/v1/notifications/read-all',
        token: who.token,
        host: who.host,
      });
      if (!who.expect.includes(404)) expect(who.expect).toContain(all.statusCode);
    }
    // Still unread for its owner, whatever the others did.
    expect((await list(c.customer.access, '?unread=true')).items.map((n) => n.id)).toContain(unread.id);
  });
});
