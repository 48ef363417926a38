import { count, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ShipmentDetail } from '../../contract/shipments';
import type { StaffPackageDetail } from '../../contract/staff-packages';
import { auditLog, notifications, packageEvents, packages } from '../db/schema';
import { type Cast, cast } from '../test/access';
import { counterCustomer, idTypes } from '../test/counter';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { multipart } from '../test/multipart';
import { customer, receive, tracking } from '../test/staff-packages';

/*
 * An illegal move through each capability that moves a package's status: a 409 naming both statuses, and nothing
 * changed (the packages, their timelines, their audit trails, what their customers were told).
 */
describe('an illegal status move, through every capability: 409, nothing changed', () => {
  let t: TestApp;
  let c: Cast;
  let who: Awaited<ReturnType<typeof customer>>;
  let ids: Awaited<ReturnType<typeof idTypes>>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    who = await customer(t);
    ids = await idTypes(t);
  });
  afterAll(() => t.close());

  const post = (url: string, payload: object) =>
    t.request({ method: 'POST', url, token: c.admin.access, payload });
  const setStatus = (id: string, status: string) =>
    post(`/v1/admin/packages/${id}/status`, { status, note: 'Test move', hold_reason: 'customs_inspection' });
  const parcel = async (...statuses: string[]) => {
    const p = await receive(t, c.admin, who.mailboxNumber);
    for (const s of statuses) expectOk(await setStatus(p.id, s));
    return p;
  };

  /** What a move would change: the packages, their events and audit entries, and the customers' bell. */
  async function state(ids: string[]) {
    const { db } = t.database;
    const rows = await db
      .select({ id: packages.id, status: packages.statusCode, updated: packages.updatedAt })
      .from(packages)
      .where(inArray(packages.id, ids))
      .orderBy(packages.id);
    const [[events], [audit], [told]] = await Promise.all([
      db.select({ n: count() }).from(packageEvents).where(inArray(packageEvents.packageId, ids)),
      db.select({ n: count() }).from(auditLog).where(inArray(auditLog.entityId, ids)),
      db.select({ n: count() }).from(notifications).where(eq(notifications.userId, who.userId)),
    ]);
    return { rows, events: events?.n, audit: audit?.n, told: told?.n };
  }

  async function refused(ids: string[], move: () => ReturnType<typeof post>, message: string) {
    const before = await state(ids);
    const res = expectError(await move(), 409);
    expect(res.message).toBe(message);
    expect(await state(ids)).toEqual(before);
    return res;
  }

  it('a staff member, by hand: a Delivered package moves nowhere; a parcel at the branch leaves only by the counter', async () => {
    const done = await parcel('out_for_delivery', 'delivered');
    const res = await refused(
      [done.id],
      () => setStatus(done.id, 'in_transit'),
      'A package that is Delivered / Collected cannot move to In transit',
    );
    expect(res.errors?.status).toEqual([
      `${done.tracking_number}: A package that is Delivered / Collected cannot move to In transit`,
    ]);
    const waiting = await parcel('ready_for_pickup');
    await refused(
      [waiting.id],
      () => setStatus(waiting.id, 'delivered'),
      'A package that is Ready for pickup cannot move to Delivered / Collected (only at the pickup counter, where the ID and the payment are checked)',
    );
  });

  it('a bulk action: one package that may not move refuses the whole action', async () => {
    const fine = await parcel();
    const back = await parcel('returned');
    await refused(
      [fine.id, back.id],
      () =>
        post('/v1/admin/packages/bulk', { action: 'status', ids: [fine.id, back.id], status: 'in_transit' }),
      'A package that is Returned cannot move to In transit',
    );
  });

  it('a shipment advanced: a parcel on hold in it is not moved along (its hold is lifted by hand)', async () => {
    const held = await parcel('on_hold');
    const other = await parcel();
    const s = expectOk<ShipmentDetail>(
      await post('/v1/admin/shipments', { reference: `ILL-${tracking()}`, mode: 'air' }),
      201,
    );
    expectOk(await post(`/v1/admin/shipments/${s.id}/packages`, { ids: [held.id, other.id] }));
    await refused(
      [held.id, other.id],
      () => post(`/v1/admin/shipments/${s.id}/advance`, { status: 'in_transit' }),
      'A package that is On hold cannot move to In transit (only by hand, on the package)',
    );
    const after = expectOk<ShipmentDetail>(
      await t.request({ method: 'GET', url: `/v1/admin/shipments/${s.id}`, token: c.admin.access }),
    );
    expect(after.status).toBe('open');
  });

  it('the counter: a parcel put on hold is not at the counter any more', async () => {
    const cu = await counterCustomer(t, c.admin, 1);
    const [p] = cu.parcels;
    if (!p) throw new Error('no parcel');
    expectOk(await setStatus(p.id, 'on_hold'));
    const res = await refused(
      [p.id],
      () =>
        post('/v1/admin/counter/release', {
          package_ids: [p.id],
          identification_id: ids.passport.id,
          id_number: 'X1234',
          override_reason: 'Test',
        }),
      `Not at the counter: ${p.tracking_number} (On hold) cannot move to Delivered / Collected`,
    );
    expect(res.errors?.package_ids).toEqual([`${p.tracking_number} is On hold`]);
  });

  it('intake: a parcel received again is refused, saying whose it is and its status', async () => {
    const done = await parcel('out_for_delivery', 'delivered');
    const { owner } = expectOk<StaffPackageDetail>(
      await t.request({ method: 'GET', url: `/v1/admin/packages/${done.id}`, token: c.admin.access }),
    );
    const body = await multipart({ tracking_number: done.tracking_number, weight: '1' });
    const res = await refused(
      [done.id],
      () => t.request({ method: 'POST', url: '/v1/admin/packages/receive', token: c.admin.access, ...body }),
      `Received before: ${done.tracking_number} for ${owner?.name} (${owner?.mailbox_number}), Delivered / Collected`,
    );
    expect(res.errors?.existing_package_id).toEqual([done.id]);
  });

  it('intake’s undo: a receipt whose package moved on is not undone', async () => {
    const moved = await parcel('in_transit');
    await refused(
      [moved.id],
      () => post(`/v1/admin/packages/${moved.id}/undo-receive`, {}),
      'The receipt of a package that is In transit cannot be undone: change the package instead',
    );
  });
});
