import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Shipment, ShipmentDetail } from '../../contract/shipments';
import type { StaffPackageDetail } from '../../contract/staff-packages';
import { type Cast, cast } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { expectValidPdf } from '../test/pdf';
import { auditOf, customer, notificationsOf, receive, tracking, unassigned } from '../test/staff-packages';

type AddResult = {
  results: { tracking_number: string; outcome: string; other_shipment: string | null }[];
  shipment: ShipmentDetail;
};

describe('shipments', () => {
  let t: TestApp;
  let c: Cast;
  let a: Awaited<ReturnType<typeof customer>>;
  let b: Awaited<ReturnType<typeof customer>>;
  let d: Awaited<ReturnType<typeof customer>>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    [a, b, d] = await Promise.all([customer(t), customer(t), customer(t)]);
  });
  afterAll(() => t.close());

  const create = (payload: object, token = c.admin.access, host = 'localhost') =>
    t.request({ method: 'POST', url: '/v1/admin/shipments', token, host, payload });
  const add = (id: string, payload: object) =>
    t.request({ method: 'POST', url: `/v1/admin/shipments/${id}/packages`, token: c.admin.access, payload });

  it('creates a shipment; a reference is unique per company; bad input is a field error', async () => {
    const ref = `AWB-${tracking()}`;
    const s = expectOk<ShipmentDetail>(
      await create({ reference: ref, mode: 'air', departs_on: '2026-12-01' }),
      201,
    );
    expect(s).toMatchObject({ reference: ref, mode: 'air', status: 'open', package_count: 0, packages: [] });
    expect(expectError(await create({ reference: ref, mode: 'sea' }), 409).errors).toEqual({
      reference: ['Another shipment already has this reference'],
    });
    // Another company may use the same reference.
    expectOk(await create({ reference: ref, mode: 'sea' }, c.blueStaff.access, 'blue.localhost'), 201);
    const bad = expectError(await create({ reference: '', mode: 'train', departs_on: 'soon' }), 400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['departs_on', 'mode', 'reference']);
    expectError(await create({ reference: 'X-1', mode: 'air' }, a.session.access), 403);
  });

  it('a shipment of five parcels of three customers: scanned in, advanced, each customer told once', async () => {
    const s = expectOk<ShipmentDetail>(await create({ reference: `MAWB-${tracking()}`, mode: 'air' }), 201);
    const parcels = [
      await receive(t, c.admin, a.mailboxNumber, tracking(), 2),
      await receive(t, c.admin, a.mailboxNumber, tracking(), 3.5),
      await receive(t, c.admin, b.mailboxNumber, tracking(), 1),
      await receive(t, c.admin, b.mailboxNumber, tracking(), 1.25),
      await receive(t, c.admin, d.mailboxNumber, tracking(), 10),
    ];
    const other = expectOk<ShipmentDetail>(
      await create({ reference: `SEA-${tracking()}`, mode: 'sea' }),
      201,
    );
    const elsewhere = await receive(t, c.admin, d.mailboxNumber);
    expectOk(await add(other.id, { tracking_numbers: [elsewhere.tracking_number] }));

    // Scanned as a clerk types: lower case and with spaces; one unknown, one in another shipment.
    const scanned = expectOk<AddResult>(
      await add(s.id, {
        tracking_numbers: [
          ...parcels.map((p) => p.tracking_number.toLowerCase()),
          'NOSUCH12345',
          elsewhere.tracking_number,
        ],
      }),
      200,
      '5 packages added',
    );
    const outcome = Object.fromEntries(scanned.results.map((r) => [r.tracking_number, r]));
    for (const p of parcels) expect(outcome[p.tracking_number]?.outcome).toBe('added');
    expect(outcome.NOSUCH12345?.outcome).toBe('not_found');
    expect(outcome[elsewhere.tracking_number]).toMatchObject({
      outcome: 'in_other_shipment',
      other_shipment: other.reference,
    });
    expect(scanned.shipment).toMatchObject({
      package_count: 5,
      pieces: 5,
      weight: '17.75',
      value_cents: 12_500,
    });

    // Scanning one again says so; `move` takes the other shipment's parcel.
    const again = expectOk<AddResult>(await add(s.id, { tracking_numbers: [parcels[0]?.tracking_number] }));
    expect(again.results[0]?.outcome).toBe('already_here');
    const moved = expectOk<AddResult>(
      await add(s.id, { tracking_numbers: [elsewhere.tracking_number], move: true }),
    );
    expect(moved.results[0]).toMatchObject({ outcome: 'moved', other_shipment: other.reference });
    expect(moved.shipment.package_count).toBe(6);
    expect((await auditOf(t, c.admin, 'package', elsewhere.id))[0]).toMatchObject({
      action: 'shipment',
      changes: { shipment: [other.reference, s.reference] },
    });
    // …and removing it again.
    const removed = expectOk<ShipmentDetail>(
      await t.request({
        method: 'DELETE',
        url: `/v1/admin/shipments/${s.id}/packages/${elsewhere.id}`,
        token: c.admin.access,
      }),
    );
    expect(removed.package_count).toBe(5);

    const before = await Promise.all([a, b, d].map(async (x) => (await notificationsOf(t, x.session)).total));
    const advanced = expectOk<{ shipment: ShipmentDetail; moved: number; notified: number }>(
      await t.request({
        method: 'POST',
        url: `/v1/admin/shipments/${s.id}/advance`,
        token: c.admin.access,
        payload: { status: 'ready_for_pickup', note: 'Collect at the Kingston branch' },
      }),
    );
    expect(advanced).toMatchObject({ moved: 5, notified: 3 });
    expect(advanced.shipment.status).toBe('ready_for_pickup');
    expect(advanced.shipment.packages.every((p) => p.status === 'ready_for_pickup')).toBe(true);
    const after = await Promise.all([a, b, d].map((x) => notificationsOf(t, x.session)));
    expect(after.map((n) => n.total)).toEqual(before.map((n) => n + 1));
    expect(after[0]?.items[0]?.title).toMatch(/^2 packages: /);
    expect(after[0]?.items[0]?.body).toContain('Collect at the Kingston branch');
    expect(after[2]?.items[0]?.title).toBe(
      `${parcels[4]?.tracking_number}: ${advanced.shipment.status_name}`,
    );

    const pkg = expectOk<StaffPackageDetail>(
      await t.request({ method: 'GET', url: `/v1/admin/packages/${parcels[0]?.id}`, token: c.admin.access }),
    );
    expect(pkg.events.at(-1)).toMatchObject({
      status: 'ready_for_pickup',
      note: 'Collect at the Kingston branch',
    });
    expect((await auditOf(t, c.admin, 'shipment', s.id))[0]).toMatchObject({
      action: 'advanced',
      changes: { status: ['open', 'ready_for_pickup'] },
    });

    const listed = expectOk<{ items: Shipment[] }>(
      await t.request({ method: 'GET', url: `/v1/admin/shipments?q=${s.reference}`, token: c.admin.access }),
    );
    expect(listed.items).toEqual([expect.objectContaining({ id: s.id, package_count: 5, weight: '17.75' })]);

    // The manifest: every parcel with its mailbox and customer, and the totals.
    const csv = await t.request({
      method: 'GET',
      url: `/v1/admin/shipments/${s.id}/manifest.csv`,
      token: c.admin.access,
    });
    expect(csv.statusCode).toBe(200);
    const lines = csv.body.trim().split('\r\n');
    expect(lines[0]).toBe('Tracking number,Mailbox,Customer,Pieces,Weight (lb),Value (USD),Description');
    expect(lines).toHaveLength(7);
    expect(lines).toContain(
      `${parcels[4]?.tracking_number},${d.mailboxNumber},Shanice Grant,1,10.00,25.00,Shoes`,
    );
    expect(lines.at(-1)).toBe('Total: 5 packages,,,5,17.75,125.00,');
    const pdf = await t.request({
      method: 'GET',
      url: `/v1/admin/shipments/${s.id}/manifest.pdf`,
      token: c.admin.access,
    });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(expectValidPdf(pdf.rawPayload).text).toContain(parcels[0]?.tracking_number ?? '-');
  });

  it('an Unassigned parcel travels too (nobody to tell); an empty shipment cannot be advanced', async () => {
    const s = expectOk<ShipmentDetail>(await create({ reference: `U-${tracking()}`, mode: 'sea' }), 201);
    const advance = () =>
      t.request({
        method: 'POST',
        url: `/v1/admin/shipments/${s.id}/advance`,
        token: c.admin.access,
        payload: { status: 'in_transit' },
      });
    expectError(await advance(), 409, 'The shipment has no packages yet');
    const loose = await unassigned(t);
    expectOk(await add(s.id, { ids: [loose.id] }));
    expect(expectOk<{ moved: number; notified: number }>(await advance())).toMatchObject({
      moved: 1,
      notified: 0,
    });
    expect(
      expectError(
        await t.request({
          method: 'POST',
          url: `/v1/admin/shipments/${s.id}/advance`,
          token: c.admin.access,
          payload: { status: 'delivered' },
        }),
        400,
      ).errors,
    ).toHaveProperty('status');
    expect(expectError(await add(s.id, {}), 400).errors).toHaveProperty('tracking_numbers');
  });

  it('another company’s staff reach none of it', async () => {
    const s = expectOk<ShipmentDetail>(await create({ reference: `X-${tracking()}`, mode: 'air' }), 201);
    const p = await receive(t, c.admin, a.mailboxNumber);
    const blue = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
      t.request({
        method,
        url,
        token: c.blueStaff.access,
        host: 'blue.localhost',
        ...(payload ? { payload } : {}),
      });
    expectError(await blue('GET', `/v1/admin/shipments/${s.id}`), 404);
    expectError(await blue('PUT', `/v1/admin/shipments/${s.id}`, { note: 'x' }), 404);
    expectError(await blue('GET', `/v1/admin/shipments/${s.id}/manifest.pdf`), 404);
    // Their own shipment cannot take this company's parcel: it is simply not found.
    const theirs = expectOk<ShipmentDetail>(
      await create({ reference: `B-${tracking()}`, mode: 'air' }, c.blueStaff.access, 'blue.localhost'),
      201,
    );
    const r = expectOk<AddResult>(
      await blue('POST', `/v1/admin/shipments/${theirs.id}/packages`, {
        tracking_numbers: [p.tracking_number],
        ids: [p.id],
      }),
    );
    expect(r.results.map((x) => x.outcome)).toEqual(['not_found', 'not_found']);
    // …nor can bulk put it into their shipment.
    expectError(
      await blue('POST', '/v1/admin/packages/bulk', {
        action: 'shipment',
        ids: [p.id],
        shipment_id: theirs.id,
      }),
      404,
    );
    expect(
      expectError(
        await t.request({
          method: 'POST',
          url: '/v1/admin/packages/bulk',
          token: c.admin.access,
          payload: { action: 'shipment', ids: [p.id], shipment_id: theirs.id },
        }),
        400,
      ).errors,
    ).toEqual({ shipment_id: ['No such shipment'] });
  });

  it('bulk "add to shipment" from the packages list', async () => {
    const s = expectOk<ShipmentDetail>(await create({ reference: `BULK-${tracking()}`, mode: 'air' }), 201);
    const ps = await Promise.all([1, 2].map(() => receive(t, c.admin, b.mailboxNumber)));
    expect(
      expectOk<{ updated: number }>(
        await t.request({
          method: 'POST',
          url: '/v1/admin/packages/bulk',
          token: c.admin.access,
          payload: { action: 'shipment', ids: ps.map((p) => p.id), shipment_id: s.id },
        }),
      ).updated,
    ).toBe(2);
    const list = expectOk<{ items: { id: string }[] }>(
      await t.request({ method: 'GET', url: `/v1/admin/packages?shipment=${s.id}`, token: c.admin.access }),
    );
    expect(list.items.map((x) => x.id).sort()).toEqual(ps.map((p) => p.id).sort());
  });
});
