import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PackageDetail, Prealert } from '../../contract/packages';
import type { Session } from '../test/access';
import type { TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { multipart, PDF } from '../test/multipart';
import { packageCalls, packagesCast, prealertFields } from '../test/packages';

describe('packages: lists, details, staff receive and status', () => {
  let t: TestApp;
  let customer: Session;
  let admin: Session;
  let blue: Session;
  let neighbour: Session;

  beforeAll(async () => {
    ({ t, customer, admin, blue, neighbour } = await packagesCast());
  });
  afterAll(() => t.close());
  const { list, postPrealert } = packageCalls(() => t);

  describe('GET /v1/packages', () => {
    it('lists the customer’s ~40 seeded packages, newest first, paginated', async () => {
      const first = await list(customer.access, '?pageSize=15');
      expect(first.total).toBe(40);
      expect(first.items).toHaveLength(15);
      const dates = first.items.map((p) => p.created_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      const third = await list(customer.access, '?pageSize=15&page=3');
      expect(third.items).toHaveLength(10);
      const ids = new Set([...first.items, ...third.items].map((p) => p.id));
      expect(ids.size).toBe(25);
      expect(first.items.every((p) => p.owner?.id === customer.userId)).toBe(true);
    });

    it('counts the first page, and a later page only when asked (count=1)', async () => {
      const first = await list(customer.access, '?pageSize=15');
      expect([first.total, first.total_capped]).toEqual([40, false]);
      const later = await list(customer.access, '?pageSize=15&page=2');
      expect([later.total, later.total_capped, later.items.length]).toEqual([null, false, 15]);
      expect((await list(customer.access, '?pageSize=15&page=2&count=1')).total).toBe(40);
      expect((await list(customer.access, '?pageSize=15&count=0')).total).toBeNull();
      const past = await list(customer.access, '?pageSize=15&page=9&count=1'); // an empty page still counts
      expect([past.total, past.items.length]).toEqual([40, 0]);
      expect((await list(customer.access, '?q=no-such-parcel')).total).toBe(0);
      expectError(
        await t.request({ method: 'GET', url: '/v1/packages?count=yes', token: customer.access }),
        400,
      );
    });

    it('filters by status, searches tracking/description/seller, sorts and limits by date', async () => {
      const delivered = await list(customer.access, '?status=delivered&pageSize=100');
      expect(delivered.total).toBe(12);
      expect(
        delivered.items.every((p) => p.status === 'delivered' && p.status_name === 'Delivered / Collected'),
      ).toBe(true);

      const any = (await list(customer.access, '?pageSize=1')).items[0];
      if (!any) throw new Error('no package');
      const byTracking = await list(customer.access, `?q=${any.tracking_number.slice(-8).toLowerCase()}`);
      expect(byTracking.items.map((p) => p.id)).toContain(any.id);
      const bySeller = await list(customer.access, `?q=${encodeURIComponent(any.seller_name)}&pageSize=100`);
      expect(
        bySeller.items.every(
          (p) => p.seller_name === any.seller_name || p.description.includes(any.seller_name),
        ),
      ).toBe(true);
      expect((await list(customer.access, '?q=%25')).total).toBe(0); // a literal %, not a wildcard

      const oldest = await list(customer.access, '?sort=oldest&pageSize=100');
      const created = oldest.items.map((p) => p.created_at);
      expect([...created].sort()).toEqual(created);

      const future = await list(customer.access, '?from=2999-01-01');
      expect(future.total).toBe(0);
      const day = any.created_at.slice(0, 10);
      const sameDay = await list(customer.access, `?from=${day}&to=${day}&pageSize=100`);
      expect(sameDay.items.map((p) => p.id)).toContain(any.id);
    });

    it('refuses bad queries with field errors', async () => {
      for (const q of ['?pageSize=101', '?page=0', '?status=lost', '?from=yesterday', '?sort=random']) {
        expectError(await t.request({ method: 'GET', url: `/v1/packages${q}`, token: customer.access }), 400);
      }
    });

    it('counts packages by status for the dashboard', async () => {
      const counts = expectOk<{ total: number; by_status: Record<string, number> }>(
        await t.request({ method: 'GET', url: '/v1/packages/counts', token: customer.access }),
      );
      expect(counts.total).toBe(40);
      expect(Object.keys(counts.by_status).sort()).toEqual(
        [
          'at_customs',
          'delivered',
          'in_transit',
          'on_hold',
          'out_for_delivery',
          'pre_alerted',
          'ready_for_pickup',
          'received_us',
          'returned',
        ].sort(),
      );
    });

    it('counts a pre-alert awaiting its parcel as Pre-alerted, for its customer only, until it is cancelled', async () => {
      type Counts = { total: number; by_status: Record<string, number>; awaiting_prealerts: number };
      const counts = async (s: Session) =>
        expectOk<Counts>(await t.request({ method: 'GET', url: '/v1/packages/counts', token: s.access }));
      const awaiting = async (s: Session) =>
        expectOk<{ items: Prealert[]; total: number }>(
          await t.request({ method: 'GET', url: '/v1/peralert?awaiting=1&pageSize=100', token: s.access }),
        ).items.map((p) => p.tracking_number);
      const before = await counts(customer);
      const neighbourBefore = await counts(neighbour);
      const staffBefore = await counts(admin);
      // The seeded Pre-alerted packages carry their pending pre-alert: counted once, as packages.
      expect(await awaiting(customer)).toEqual([]);

      const sent = expectOk<Prealert>(
        await postPrealert(customer.access, prealertFields('AWAIT-0001'), [{ name: 'i.pdf', bytes: PDF }]),
        201,
      );
      const after = await counts(customer);
      expect(after.total).toBe(before.total + 1);
      expect(after.by_status.pre_alerted).toBe((before.by_status.pre_alerted ?? 0) + 1);
      expect(after.awaiting_prealerts).toBe(before.awaiting_prealerts + 1);
      expect(await awaiting(customer)).toEqual(['AWAIT-0001']);
      // Nobody else's: another customer of the company, and staff (whose counts are of packages received).
      expect(await counts(neighbour)).toEqual(neighbourBefore);
      expect(await awaiting(neighbour)).toEqual([]);
      expect((await counts(admin)).total).toBe(staffBefore.total);

      expectOk(
        await t.request({ method: 'POST', url: `/v1/peralert/${sent.id}/cancel`, token: customer.access }),
      );
      expect(await counts(customer)).toEqual(before);
      expect(await awaiting(customer)).toEqual([]);
    });

    it('shows staff their company’s packages, never another company’s', async () => {
      const all = await list(admin.access, '?pageSize=100');
      expect(all.total).toBeGreaterThanOrEqual(40);
      expect(all.items.some((p) => p.owner?.id === customer.userId)).toBe(true);
      const blues = await list(blue.access, '?pageSize=100', 'blue.localhost');
      expect(blues.total).toBeGreaterThan(0);
      expect(blues.items.every((p) => p.owner?.id === blue.userId)).toBe(true);
    });
  });

  describe('GET /v1/packages/{id}', () => {
    it('gives events in order, receipts and the linked pre-alert', async () => {
      const page = await list(customer.access, '?status=delivered&pageSize=100');
      let withPrealert: PackageDetail | undefined;
      for (const p of page.items) {
        const d = expectOk<PackageDetail>(
          await t.request({ method: 'GET', url: `/v1/packages/${p.id}`, token: customer.access }),
        );
        expect(d.events.at(-1)?.status).toBe('delivered');
        const times = d.events.map((e) => e.created_at);
        expect([...times].sort()).toEqual(times);
        if (d.prealert) withPrealert = d;
      }
      expect(withPrealert?.prealert?.status).toBe('matched');
      expect(withPrealert?.prealert?.files.length).toBeGreaterThan(0);
    });

    it('is 404 for an unknown id and 400 for a malformed one', async () => {
      expectError(
        await t.request({
          method: 'GET',
          url: '/v1/packages/00000000-0000-4000-8000-000000000000',
          token: customer.access,
        }),
        404,
      );
      expectError(
        await t.request({ method: 'GET', url: '/v1/packages/not-a-uuid', token: customer.access }),
        400,
      );
    });
  });

  describe('staff receive and status, pre-alert matching', () => {
    it('receiving a pre-alerted parcel matches and locks the pre-alert; status changes add events', async () => {
      const me = expectOk<{ mailbox_number: string }>(
        await t.request({ method: 'GET', url: '/v1/auth/me', token: customer.access }),
      );
      const pre = expectOk<Prealert>(
        await postPrealert(customer.access, prealertFields('MATCH-0001'), [{ name: 'i.pdf', bytes: PDF }]),
        201,
      );
      const receive = async (fields: Record<string, string>) =>
        t.request({
          method: 'POST',
          url: '/v1/admin/packages/receive',
          token: admin.access,
          ...(await multipart(fields)),
        });
      const received = expectOk<PackageDetail>(
        await receive({ tracking_number: ' match-0001 ', mailbox_number: me.mailbox_number, weight: '2.7' }),
        201,
      );
      expect(received.status).toBe('received_us');
      expect(received.prealert?.id).toBe(pre.id);
      expect(received.prealert?.status).toBe('matched');
      expect(received.events.map((e) => e.status)).toEqual(['pre_alerted', 'received_us']);
      expectError(
        await t.request({ method: 'POST', url: `/v1/peralert/${pre.id}/cancel`, token: customer.access }),
        409,
      );
      const moved = expectOk<PackageDetail>(
        await t.request({
          method: 'POST',
          url: `/v1/admin/packages/${received.id}/status`,
          token: admin.access,
          payload: { status: 'in_transit', note: 'Flight JM-12' },
        }),
      );
      expect(moved.events.at(-1)).toMatchObject({ status: 'in_transit', note: 'Flight JM-12' });
      const again = await receive({
        tracking_number: 'MATCH-0001',
        mailbox_number: me.mailbox_number,
        weight: '2.7',
      });
      expect(expectError(again, 409).errors?.existing_package_id).toEqual([received.id]);
    });
  });
});
