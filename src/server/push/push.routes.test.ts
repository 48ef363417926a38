import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageDetail } from '../../contract/packages';
import type { PushMessage, PushSubscriptionRow } from '../../contract/push';
import { pushSubscriptions } from '../db/schema';
import { jobsDatabaseOf } from '../jobs/queue';
import { type Cast, cast } from '../test/access';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailsAfterSettling } from '../test/helpers';
import { multipart } from '../test/multipart';
import { type LocalPushService, startPushService } from '../test/push-service';

type Me = { mailbox_number: string; user: { email: string } };

describe('web push', () => {
  let t: TestApp;
  let c: Cast;
  let ps: LocalPushService;

  beforeAll(async () => {
    [t, ps] = await Promise.all([createTestApp(), startPushService()]);
    c = await cast(t);
  });
  afterAll(async () => {
    await t.close();
    await ps.close();
  });

  const get = (url: string, token: string) => t.request({ method: 'GET', url, token });
  const publicKey = async (token: string) =>
    expectOk<{ public_key: string }>(await get('/v1/push/public-key', token)).public_key;
  const me = async (token: string) => expectOk<Me>(await get('/v1/profile', token));
  const setPrefs = async (token: string, prefs: Record<string, boolean>) =>
    expectOk(
      await t.request({
        method: 'PUT',
        url: '/v1/profile',
        token,
        payload: { notification_preferences: prefs },
      }),
    );

  /** A browser subscribing at the local push service, then telling the portal. */
  async function subscribeDevice(token: string, deviceName = 'Pixel 8 · Chrome') {
    const sub = await ps.subscribe(await publicKey(token));
    const row = expectOk<PushSubscriptionRow>(
      await t.request({
        method: 'POST',
        url: '/v1/push/subscriptions',
        token,
        payload: { endpoint: sub.endpoint, keys: sub.keys, device_name: deviceName },
      }),
      201,
    );
    return { ...sub, row };
  }

  async function receive(tracking: string, token: string) {
    const { mailbox_number } = await me(token);
    return expectOk<{ id: string }>(
      await t.request({
        method: 'POST',
        url: '/v1/admin/packages/receive',
        token: c.admin.access,
        ...(await multipart({
          tracking_number: tracking,
          mailbox_number,
          weight: '2.5',
          description: 'Kettle',
        })),
      }),
      201,
    );
  }
  const settle = () => t.app.services.jobs.drain();

  it('gives signed-in users the same VAPID public key, made once', async () => {
    const a = await publicKey(c.customer.access);
    expect(a).toMatch(/^[A-Za-z0-9_-]{80,90}$/);
    expect(await publicKey(c.neighbour.access)).toBe(a);
    expectError(await t.request({ method: 'GET', url: '/v1/push/public-key' }), 401);
  });

  it('a clerk receives a parcel: the subscribed customer gets the push, decrypted, with the tracking number', async () => {
    const device = await subscribeDevice(c.neighbour.access);
    const pkg = await receive('PUSH-RECV-0001', c.neighbour.access);
    await settle();
    const [msg] = (await ps.received(device.clientHash)) as PushMessage[];
    expect(msg).toMatchObject({
      web_push: 8030,
      notification: {
        title: 'PUSH-RECV-0001: Received at US warehouse',
        tag: `package:${pkg.id}`,
        navigate: `http://localhost/user/packages/${pkg.id}`,
        lang: 'en',
        dir: 'ltr',
        silent: false,
      },
    });
    expect(msg?.notification.body).toContain('PUSH-RECV-0001');
    expect(msg?.notification.app_badge).toBeGreaterThanOrEqual(1);

    // The app re-sends its subscription on every start: still one device.
    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/push/subscriptions',
        token: c.neighbour.access,
        payload: { endpoint: device.endpoint, keys: device.keys, device_name: 'Pixel 8 · Chrome' },
      }),
      201,
    );
    const mine = expectOk<PushSubscriptionRow[]>(await get('/v1/push/subscriptions', c.neighbour.access));
    expect(mine.map((s) => s.id)).toEqual([device.row.id]);
    // Nobody else lists or removes it.
    expect(expectOk<PushSubscriptionRow[]>(await get('/v1/push/subscriptions', c.customer.access))).toEqual(
      [],
    );
    expectError(
      await t.request({
        method: 'DELETE',
        url: `/v1/push/subscriptions/${device.row.id}`,
        token: c.customer.access,
      }),
      404,
    );
    expectOk(
      await t.request({
        method: 'DELETE',
        url: `/v1/push/subscriptions/${device.row.id}`,
        token: c.neighbour.access,
      }),
    );
    expect(expectOk<PushSubscriptionRow[]>(await get('/v1/push/subscriptions', c.neighbour.access))).toEqual(
      [],
    );
  });

  it('an expired subscription is removed after one 410', async () => {
    const device = await subscribeDevice(c.neighbour.access, 'Old laptop');
    await ps.expire(device.clientHash);
    await receive('PUSH-GONE-0001', c.neighbour.access);
    await settle();
    const rows = await t.database.db
      .select()
      .from(pushSubscriptions)
      .where(eq(pushSubscriptions.id, device.row.id));
    expect(rows).toEqual([]);
    // One attempt: the push job completed (a 410 is not retried).
    const { rows: jobs } = await jobsDatabaseOf(t.database.db).db.executeSql(
      `SELECT state::text AS state, retry_count FROM pgboss.job WHERE name = 'push' AND data->>'subscriptionId' = $1`,
      [device.row.id],
    );
    expect(jobs).toEqual([{ state: 'completed', retry_count: 0 }]);
  });

  it('preferences off: no push (and e-mail off: no mail); the bell still has it', async () => {
    const device = await subscribeDevice(c.neighbour.access, 'Tablet');
    const { user } = await me(c.neighbour.access);
    await setPrefs(c.neighbour.access, { package_received_push: false, package_received_email: false });
    await receive('PUSH-OFF-0001', c.neighbour.access);
    await settle();
    expect(await ps.received(device.clientHash)).toEqual([]);
    const mails = await mailsAfterSettling(t, user.email);
    expect(mails.some((m) => m.subject.includes('PUSH-OFF-0001'))).toBe(false);
    const bell = expectOk<{ items: { title: string }[] }>(await get('/v1/notifications', c.neighbour.access));
    expect(bell.items[0]?.title).toBe('PUSH-OFF-0001: Received at US warehouse');

    // Staff see the choices on the customer's record (read-only: only the customer changes them).
    const record = expectOk<{ notification_preferences: Record<string, boolean>; push_devices: number }>(
      await get(`/v1/admin/customers/${c.neighbour.userId}`, c.admin.access),
    );
    expect(record.notification_preferences).toMatchObject({
      package_received_push: false,
      package_received_email: false,
      package_ready_push: true,
    });
    expect(record.push_devices).toBe(1);

    // Push back on, e-mail still off: the push comes, the mail does not.
    await setPrefs(c.neighbour.access, { package_received_push: true });
    await receive('PUSH-OFF-0002', c.neighbour.access);
    await settle();
    const got = (await ps.received(device.clientHash)) as PushMessage[];
    expect(got.map((m) => m.notification.title)).toEqual(['PUSH-OFF-0002: Received at US warehouse']);
    expect((await mailsAfterSettling(t, user.email)).some((m) => m.subject.includes('PUSH-OFF-0002'))).toBe(
      false,
    );
    await setPrefs(c.neighbour.access, { package_received_email: true });
  });

  it('a hold says its reason and what to do, on the push and on the package', async () => {
    const device = await subscribeDevice(c.neighbour.access, 'Desk');
    const pkg = await receive('PUSH-HOLD-0001', c.neighbour.access);
    await settle();
    const move = (payload: object) =>
      t.request({
        method: 'POST',
        url: `/v1/admin/packages/${pkg.id}/status`,
        token: c.admin.access,
        payload,
      });
    const refused = expectError(await move({ status: 'on_hold' }), 400);
    expect(Object.keys(refused.errors ?? {})).toEqual(['hold_reason']);
    const held = expectOk<PackageDetail>(await move({ status: 'on_hold', hold_reason: 'missing_invoice' }));
    expect(held.hold).toMatchObject({ reason: 'missing_invoice', label: 'Missing invoice' });
    await settle();
    const last = ((await ps.received(device.clientHash)) as PushMessage[]).at(-1);
    expect(last?.notification.title).toBe('PUSH-HOLD-0001: On hold');
    expect(last?.notification.body).toContain('Reason: Missing invoice. Upload the store invoice');
    expect(last?.notification.tag).toBe(`package:${pkg.id}`);
    // The customer's own answer carries it too.
    const mine = expectOk<PackageDetail>(await get(`/v1/packages/${pkg.id}`, c.neighbour.access));
    expect(mine.hold?.what_to_do).toMatch(/^Upload the store invoice/);
  });

  it('an invoice issued and its payment received are pushed, tagged with the invoice', async () => {
    const device = await subscribeDevice(c.neighbour.access, 'Invoice phone');
    const draft = expectOk<{ id: string }>(
      await t.request({
        method: 'POST',
        url: '/v1/invoices',
        token: c.admin.access,
        payload: {
          customer_id: c.neighbour.userId,
          lines: [
            { type: 'other', description: 'Customs brokerage', quantity: 1, unit_price_cents: 250_000 },
          ],
        },
      }),
      201,
    );
    const issued = expectOk<{ number: string; due_at: string }>(
      await t.request({
        method: 'PUT',
        url: `/v1/invoices/${draft.id}`,
        token: c.admin.access,
        payload: { status: 'issued' },
      }),
    );
    expectOk(
      await t.request({
        method: 'POST',
        url: `/v1/invoices/${draft.id}/payments`,
        token: c.admin.access,
        payload: { amount_cents: 100_000, method: 'cash' },
      }),
      201,
    );
    await settle();
    const got = (await ps.received(device.clientHash)) as PushMessage[];
    expect(got.map((m) => m.notification.title)).toEqual([
      `Invoice ${issued.number} is ready`,
      `Payment received for ${issued.number}`,
    ]);
    expect(got.every((m) => m.notification.tag === `invoice:${draft.id}`)).toBe(true);
    expect(got[0]?.notification.navigate).toBe(`http://localhost/user/invoices/${draft.id}`);
    expect(got[0]?.notification.body).toMatch(/due by/);
  });

  it('refuses endpoints that are not a push service, with a field error', async () => {
    const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
    const post = (endpoint: string) =>
      t.request({
        method: 'POST',
        url: '/v1/push/subscriptions',
        token: c.customer.access,
        payload: { endpoint, keys, device_name: 'x' },
      });
    for (const endpoint of ['file:///etc/passwd', 'https://10.0.0.8/push', 'http://169.254.169.254/latest']) {
      expect(Object.keys(expectError(await post(endpoint), 400).errors ?? {}), endpoint).toEqual([
        'endpoint',
      ]);
    }
  });
});

describe('web push on a production server', () => {
  let t: TestApp;
  let access: string;
  beforeAll(async () => {
    t = await createTestApp({ config: { production: true } });
    // No local mailbox in production (cast() signs someone up through it): the seeded customer signs in.
    access = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
  });
  afterAll(() => t.close());

  const keys = { p256dh: 'B'.repeat(87), auth: 'A'.repeat(22) };
  const post = (endpoint: string) =>
    t.request({
      method: 'POST',
      url: '/v1/push/subscriptions',
      token: access,
      payload: { endpoint, keys, device_name: 'Phone' },
    });

  it('takes only https endpoints of known push services: http, loopback, private, file, credentials, odd ports refused', async () => {
    const refused = [
      'http://localhost:8090/notify/abc',
      'http://fcm.googleapis.com/fcm/send/abc',
      'https://127.0.0.1/notify/abc',
      'https://[::1]/notify/abc',
      'https://localhost/notify/abc',
      'https://10.1.2.3/push',
      'https://192.168.0.10/push',
      'https://172.16.5.4/push',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00::1]/push',
      'file:///etc/passwd',
      'https://user:secret@fcm.googleapis.com/fcm/send/abc',
      'https://fcm.googleapis.com:8443/fcm/send/abc',
      'https://evil.example.com/push',
      'https://fcm.googleapis.com.evil.example/push',
      'gopher://fcm.googleapis.com/x',
      `https://fcm.googleapis.com/fcm/send/${'a'.repeat(1100)}`,
      'not a url',
    ];
    for (const endpoint of refused) {
      const body = expectError(await post(endpoint), 400);
      expect(Object.keys(body.errors ?? {}), endpoint).toEqual(['endpoint']);
    }
    expect(await t.database.db.select().from(pushSubscriptions)).toEqual([]);
    for (const endpoint of [
      'https://fcm.googleapis.com/fcm/send/abc:def',
      'https://updates.push.services.mozilla.com/wpush/v2/abc',
      'https://web.push.apple.com/QGx',
      'https://wns2-par02p.notify.windows.com/w/?token=abc',
    ]) {
      expectOk(await post(endpoint), 201);
    }
  });
});
