import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Received } from '../../contract/intake';
import { auditLog, packages, users } from '../db/schema';
import { expectError, expectOk, mailMatching } from '../test/helpers';
import { type IntakeBed, intakeBed, tn } from '../test/intake';
import { multipart, PDF, PNG } from '../test/multipart';
import { filesOnDisk } from '../test/packages';

let bed: IntakeBed;
beforeAll(async () => {
  bed = await intakeBed();
});
afterAll(async () => {
  await bed?.t.close();
});

describe('receive', () => {
  it('by mailbox number: the package, its event, the photo, an audit entry and the customer told (bell + mail with the photo)', async () => {
    const { t, clerk, shanice, receive, packageRow } = bed;
    const tracking = tn();
    const res = await receive(
      clerk.access,
      {
        tracking_number: ` ${tracking.toLowerCase()} `,
        weight: '3.25',
        length: '12',
        width: '8',
        height: '4',
        mailbox_number: shanice.mailboxNumber.toLowerCase(),
        shipper: 'Amazon',
        carrier: 'UPS',
        description: 'Blender',
        declared_value: '49.99',
        package_type: 'box',
        pieces: '2',
        house_awb: 'HAWB-1',
        fragile: 'true',
        customs_hold: 'on',
      },
      { photo: PNG },
    );
    const got = expectOk<Received>(res, 201);
    expect(got.tracking_number).toBe(tracking);
    expect(got.owner?.mailbox_number).toBe(shanice.mailboxNumber);
    expect(got.matched).toEqual({ customer: 'mailbox', prealert_id: null });
    expect(got.events.map((e) => e.status_name)).toEqual(['Received at US warehouse']);
    expect(got.declared_value_cents).toBe(4999);
    expect(got.receipts).toHaveLength(1);
    const row = await packageRow(got.id);
    expect(row).toMatchObject({
      carrier: 'UPS',
      houseAwb: 'HAWB-1',
      pieces: 2,
      fragile: true,
      hazardous: false,
      customsHold: true,
      packageType: 'box',
      receivedBy: clerk.userId,
      userId: shanice.userId,
    });
    // The owner sees the photo.
    const photo = await t.request({
      method: 'GET',
      url: got.receipts[0]?.file.url ?? '',
      token: shanice.access,
    });
    expect(photo.statusCode).toBe(200);
    expect(photo.headers['content-type']).toMatch(/image\/png/);
    // …and cannot delete it: the warehouse's photo is the company's record.
    expectError(
      await t.request({
        method: 'DELETE',
        url: `/v1/packagereceipts/${got.receipts[0]?.id}`,
        token: shanice.access,
      }),
      403,
    );
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, got.id));
    expect(trail.map((a) => a.action)).toEqual(['received']);
    const bell = expectOk<{ items: { title: string }[] }>(
      await t.request({ method: 'GET', url: '/v1/notifications', token: shanice.access }),
    );
    expect(bell.items[0]?.title).toBe(`${tracking}: Received at US warehouse`);
    const mail = await mailMatching(t, shanice.email, new RegExp(tracking));
    expect(mail).toBeDefined();
    expect(mail?.attachments).toEqual([
      { filename: 'parcel.png', contentType: 'image/png', size: expect.any(Number) },
    ]);
  });

  it('a pending pre-alert fills what the clerk left empty, is matched and locked, and its files follow', async () => {
    const { t, admin, shanice, receive, prealert } = bed;
    const tracking = tn('PRE');
    const pre = await prealert(shanice, tracking);
    const got = expectOk<Received>(
      await receive(admin.access, {
        tracking_number: tracking,
        weight: '2.5',
        mailbox_number: shanice.mailboxNumber,
      }),
      201,
    );
    expect(got.matched).toEqual({ customer: 'mailbox', prealert_id: pre.id });
    expect(got.description).toBe('Running shoes');
    expect(got.seller_name).toBe('Amazon');
    expect(got.declared_value_cents).toBe(4599);
    expect(got.prealert?.status).toBe('matched');
    expect(got.prealert?.files).toHaveLength(1);
    expect(got.events.map((e) => e.status)).toEqual(['pre_alerted', 'received_us']);
    expectError(
      await t.request({ method: 'POST', url: `/v1/peralert/${pre.id}/cancel`, token: shanice.access }),
      409,
    );
  });

  it('by email, by exact full name, by the only pre-alert of the tracking number; none → Unassigned with the label kept', async () => {
    const { t, clerk, shanice, other, receive, prealert, packageRow } = bed;
    const byEmail = expectOk<Received>(
      await receive(clerk.access, {
        tracking_number: tn(),
        weight: '1',
        consignee: other.email.toUpperCase(),
      }),
      201,
    );
    expect(byEmail.matched.customer).toBe('email');
    expect(byEmail.owner?.id).toBe(other.userId);
    const me = await t.database.db.select().from(users).where(eq(users.id, shanice.userId));
    const name = `${me[0]?.firstName} ${me[0]?.lastName}`;
    const byName = expectOk<Received>(
      await receive(clerk.access, {
        tracking_number: tn(),
        weight: '1',
        consignee: `  ${name.toLowerCase()} `,
      }),
      201,
    );
    expect(byName.matched.customer).toBe('name');
    expect(byName.owner?.id).toBe(shanice.userId);
    const preTracking = tn('PRE');
    await prealert(other, preTracking);
    const byPre = expectOk<Received>(
      await receive(clerk.access, { tracking_number: preTracking, weight: '1' }),
      201,
    );
    expect(byPre.matched.customer).toBe('prealert');
    expect(byPre.owner?.id).toBe(other.userId);
    expect(byPre.matched.prealert_id).not.toBeNull();

    const unknown = await receive(clerk.access, {
      tracking_number: tn(),
      weight: '1',
      mailbox_number: 'IEX-99999',
      consignee: 'Nobody Known',
    });
    const u = expectOk<Received>(unknown, 201, 'Received as Unassigned');
    expect(u.owner).toBeNull();
    expect(u.matched).toEqual({ customer: null, prealert_id: null });
    expect((await packageRow(u.id))?.consigneeHint).toBe('IEX-99999 · Nobody Known');
  });

  it('a name two customers share places the parcel with neither', async () => {
    const { clerk, verified, receive } = bed;
    const twin = `Twin${Date.now().toString(36)}`;
    await verified({ first_name: 'Ann', last_name: twin });
    await verified({ first_name: 'Ann', last_name: twin });
    const got = expectOk<Received>(
      await receive(clerk.access, { tracking_number: tn(), weight: '1', consignee: `Ann ${twin}` }),
      201,
    );
    expect(got.owner).toBeNull();
  });

  it('a tracking number already received: 409 naming the package, its customer and status; nothing duplicated', async () => {
    const { t, admin, clerk, shanice, receive } = bed;
    const tracking = tn();
    const first = expectOk<Received>(
      await receive(clerk.access, {
        tracking_number: tracking,
        weight: '1',
        mailbox_number: shanice.mailboxNumber,
      }),
      201,
    );
    const again = expectError(
      await receive(admin.access, { tracking_number: tracking.toLowerCase(), weight: '2' }),
      409,
    );
    // Whose parcel it is and where it stands, as the desk says it.
    const said = `Received before: ${tracking} for ${first.owner?.name} (${shanice.mailboxNumber}), Received at US warehouse`;
    expect(again.message).toBe(said);
    expect(again.errors).toEqual({ tracking_number: [said], existing_package_id: [first.id] });
    const rows = await t.database.db.select().from(packages).where(eq(packages.trackingNumber, tracking));
    expect(rows).toHaveLength(1);
  });

  it('replaying the same Idempotency-Key creates nothing twice and answers the first reply', async () => {
    const { t, clerk, other, receive } = bed;
    const tracking = tn();
    const key = `intake-${tracking}`;
    const fields = { tracking_number: tracking, weight: '1.5', mailbox_number: other.mailboxNumber };
    const first = expectOk<Received>(await receive(clerk.access, fields, { key, photo: PNG }), 201);
    const files = filesOnDisk(t);
    const replay = await receive(clerk.access, fields, { key, photo: PNG });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(expectOk<Received>(replay, 201).id).toBe(first.id);
    // Committed files only: a replay's staged upload is discarded as its request ends.
    expect(filesOnDisk(t).filter((f) => !f.includes('.staging') && !files.includes(f))).toEqual([]);
    const rows = await t.database.db.select().from(packages).where(eq(packages.trackingNumber, tracking));
    expect(rows).toHaveLength(1);
  });

  it('bad input: field errors, a PDF as the photo, two photos; customers and the other company refused', async () => {
    const { t, clerk, blueAdmin, shanice, receive } = bed;
    const bad = expectError(
      await receive(clerk.access, { tracking_number: 'x', weight: '-1', pieces: '0' }),
      400,
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['pieces', 'tracking_number', 'weight']);
    expect(
      expectError(await receive(clerk.access, { tracking_number: tn(), weight: '1' }, { photo: PDF }), 415)
        .errors?.photo,
    ).toBeDefined();
    const two = await multipart({ tracking_number: tn(), weight: '1' }, [
      { name: 'a.png', bytes: PNG, field: 'photo' },
      { name: 'b.png', bytes: PNG, field: 'photo' },
    ]);
    expect(
      expectError(
        await t.request({ method: 'POST', url: '/v1/admin/packages/receive', token: clerk.access, ...two }),
        400,
      ).errors?.photo,
    ).toBeDefined();
    expectError(await receive(shanice.access, { tracking_number: tn(), weight: '1' }), 403);
    // The other company's staff: a mailbox of this company is nobody there.
    const blue = await receive(
      blueAdmin.access,
      { tracking_number: tn(), weight: '1', mailbox_number: shanice.mailboxNumber },
      { host: 'blue.localhost' },
    );
    expect(blue.statusCode).toBe(403);
  });
});
