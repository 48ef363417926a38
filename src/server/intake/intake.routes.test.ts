import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult, Lookup, Received, Recent } from '../../contract/intake';
import type { PackageDetail, Prealert } from '../../contract/packages';
import { auditLog, packages, users } from '../db/schema';
import type { Session } from '../test/access';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, mailMatching, type SignedUp, signUp } from '../test/helpers';
import { multipart, PDF, PNG } from '../test/multipart';
import { filesOnDisk, prealertFields } from '../test/packages';

let t: TestApp;
let admin: Session;
let clerk: Session;
let blueAdmin: Session;
/** Two fresh verified customers: Shanice Grant (with pre-alerts) and a namesake-free one found by email. */
let shanice: SignedUp;
let other: SignedUp;
let seq = 0;
const tn = (p = 'INT') => `${p}${Date.now().toString(36).toUpperCase()}${++seq}`;

async function verified(overrides: Record<string, unknown> = {}) {
  const s = await signUp(t, 'localhost', overrides);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
  return s;
}

async function receive(
  token: string,
  fields: Record<string, string>,
  opts: { photo?: Buffer; photoType?: string; key?: string; host?: string } = {},
) {
  const body = await multipart(
    fields,
    opts.photo
      ? [{ name: 'parcel.png', bytes: opts.photo, type: opts.photoType ?? 'image/png', field: 'photo' }]
      : [],
  );
  return t.request({
    method: 'POST',
    url: '/v1/admin/packages/receive',
    token,
    ...(opts.host ? { host: opts.host } : {}),
    payload: body.payload,
    headers: { ...body.headers, ...(opts.key ? { 'idempotency-key': opts.key } : {}) },
  });
}

async function prealert(s: SignedUp, tracking: string) {
  const body = await multipart(prealertFields(tracking), [{ name: 'invoice.pdf', bytes: PDF }]);
  return expectOk<Prealert>(
    await t.request({ method: 'POST', url: '/v1/peralert', token: s.access, ...body }),
    201,
  );
}

const packageRow = async (id: string) =>
  (await t.database.db.select().from(packages).where(eq(packages.id, id)).limit(1))[0];

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login(DEMO.admin.email, DEMO.admin.password);
  clerk = await t.login(DEMO.clerk.email, DEMO.clerk.password);
  blueAdmin = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');
  shanice = await verified({ first_name: 'Zora', last_name: `Intake${Date.now().toString(36)}` });
  other = await verified({ first_name: 'Kemar', last_name: 'Bailey' });
  // The customer wants package mail (the default), so a receipt mails them.
});

afterAll(async () => {
  await t?.close();
});

describe('receive', () => {
  it('by mailbox number: the package, its event, the photo, an audit entry and the customer told (bell + mail with the photo)', async () => {
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

describe('lookup and recent', () => {
  it('lookup: the customer, a pending pre-alert of any customer, an already-received package', async () => {
    const tracking = tn('LK');
    const pre = await prealert(shanice, tracking);
    const look = async (q: string) =>
      expectOk<Lookup>(
        await t.request({ method: 'GET', url: `/v1/admin/intake/lookup?${q}`, token: clerk.access }),
      );
    const a = await look(`tracking_number=${tracking.toLowerCase()}`);
    expect(a.tracking_number).toBe(tracking);
    expect(a.customer).toMatchObject({ id: shanice.userId, how: 'prealert' });
    expect(a.prealert).toMatchObject({ id: pre.id, description: 'Running shoes' });
    expect(a.existing).toBeNull();
    const b = await look(`tracking_number=${tracking}&mailbox_number=${other.mailboxNumber}`);
    expect(b.customer).toMatchObject({ id: other.userId, how: 'mailbox' });
    expect(b.prealert).toBeNull();
    const got = expectOk<Received>(
      await receive(clerk.access, {
        tracking_number: tracking,
        weight: '1',
        mailbox_number: shanice.mailboxNumber,
      }),
      201,
    );
    const c = await look(`tracking_number=${tracking}`);
    expect(c.existing).toMatchObject({ id: got.id, status_name: 'Received at US warehouse' });
    expect(c.prealert).toBeNull();
    expectError(
      await t.request({ method: 'GET', url: '/v1/admin/intake/lookup', token: shanice.access }),
      403,
    );
  });

  it('recent: today’s counts and the caller’s last receipts with their undo window', async () => {
    const before = expectOk<Recent>(
      await t.request({ method: 'GET', url: '/v1/admin/intake/recent', token: admin.access }),
    );
    const tracking = tn();
    await receive(admin.access, { tracking_number: tracking, weight: '1' });
    const after = expectOk<Recent>(
      await t.request({ method: 'GET', url: '/v1/admin/intake/recent', token: admin.access }),
    );
    expect(after.today_mine).toBe(before.today_mine + 1);
    expect(after.today_company).toBe(before.today_company + 1);
    expect(after.items[0]).toMatchObject({ tracking_number: tracking, unassigned: true });
    expect(Date.parse(after.items[0]?.undo_until ?? '')).toBeGreaterThan(Date.now());
    const clerks = expectOk<Recent>(
      await t.request({ method: 'GET', url: '/v1/admin/intake/recent', token: clerk.access }),
    );
    expect(clerks.items.map((i) => i.tracking_number)).not.toContain(tracking);
  });
});

describe('undo', () => {
  const undo = (token: string, id: string) =>
    t.request({ method: 'POST', url: `/v1/admin/packages/${id}/undo-receive`, token });

  it('within the window: the package, its photo bytes and its bell notification go; a matched pre-alert is pending again', async () => {
    const tracking = tn('UNDO');
    const pre = await prealert(shanice, tracking);
    const filesBefore = filesOnDisk(t).length;
    const got = expectOk<Received>(
      await receive(
        clerk.access,
        { tracking_number: tracking, weight: '1', mailbox_number: shanice.mailboxNumber },
        { photo: PNG },
      ),
      201,
    );
    expect(filesOnDisk(t).length).toBe(filesBefore + 1);
    // Another clerk may not undo it; its receiver may.
    const otherClerk = await verified();
    await t.database.db.update(users).set({ role: 'staff' }).where(eq(users.id, otherClerk.userId));
    const otherSession = await t.login(otherClerk.email, otherClerk.password);
    expectError(await undo(otherSession.access, got.id), 403);
    expect(expectOk<{ prealert_id: string }>(await undo(clerk.access, got.id)).prealert_id).toBe(pre.id);
    expect(await packageRow(got.id)).toBeUndefined();
    expect(filesOnDisk(t).length).toBe(filesBefore);
    const list = expectOk<{ items: Prealert[] }>(
      await t.request({ method: 'GET', url: '/v1/peralert', token: shanice.access }),
    );
    expect(list.items.find((p) => p.id === pre.id)?.status).toBe('pending');
    const bell = expectOk<{ items: { link: string }[] }>(
      await t.request({ method: 'GET', url: '/v1/notifications', token: shanice.access }),
    );
    expect(bell.items.map((n) => n.link)).not.toContain(`/user/packages/${got.id}`);
    const trail = await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, got.id));
    expect(trail.map((a) => a.action).sort()).toEqual(['received', 'undone']);
    // Received again after the undo: a fresh package that matches the pre-alert again.
    const again = expectOk<Received>(
      await receive(clerk.access, {
        tracking_number: tracking,
        weight: '1',
        mailbox_number: shanice.mailboxNumber,
      }),
      201,
    );
    expect(again.matched.prealert_id).toBe(pre.id);
  });

  it('refused once something else happened, after the window, and for customers', async () => {
    const got = expectOk<Received>(
      await receive(clerk.access, {
        tracking_number: tn(),
        weight: '1',
        mailbox_number: other.mailboxNumber,
      }),
      201,
    );
    expectError(await undo(other.access, got.id), 403);
    expectOk<PackageDetail>(
      await t.request({
        method: 'POST',
        url: `/v1/admin/packages/${got.id}/status`,
        token: admin.access,
        payload: { status: 'in_transit', note: '' },
      }),
    );
    expectError(await undo(clerk.access, got.id), 409);
    const late = expectOk<Received>(await receive(clerk.access, { tracking_number: tn(), weight: '1' }), 201);
    await t.database.db
      .update(packages)
      .set({ receivedAt: new Date(Date.now() - 11 * 60_000) })
      .where(eq(packages.id, late.id));
    expectError(await undo(admin.access, late.id), 409);
    expectError(await undo(clerk.access, '00000000-0000-4000-8000-000000000000'), 404);
  });
});

describe('CSV import', () => {
  const preview = async (csv: string, mapping?: Record<string, string>) =>
    t.request({
      method: 'POST',
      url: '/v1/admin/intake/import/preview',
      token: clerk.access,
      payload: { csv, ...(mapping ? { mapping } : {}) },
    });
  const confirm = async (csv: string, rows: number[]) =>
    t.request({
      method: 'POST',
      url: '/v1/admin/intake/import/confirm',
      token: clerk.access,
      payload: { csv, rows },
    });

  it('previews every row (valid, invalid with its reason, customer or Unassigned, pre-alert); confirm imports the chosen ones once', async () => {
    const pre = tn('CSVPRE');
    await prealert(shanice, pre);
    const [a, b, c, d] = [tn('CSV'), tn('CSV'), tn('CSV'), tn('CSV')];
    const csv = [
      'Consignee,Mailbox #,E-mail,Shipper,Carrier,Tracking No.,HAWB,Description,Pcs,Value (USD),Weight (lb),L,W,H,Date Received,On Hold',
      `,${shanice.mailboxNumber},,Amazon,UPS,${pre},H1,Shoes,1,45.99,2.5,10,8,4,2026-11-20,no`,
      `,,${other.email},eBay,USPS,${a},,Phone case,1,"$1,200.00",0.5,,,,,`,
      `Nobody Here,IEX-00000,,Temu,DHL,${b},,Toys,3,20,4,,,,,yes`,
      `,${shanice.mailboxNumber},,Shein,FedEx,${c},,Dress,1,30,,,,,,`,
      `,${shanice.mailboxNumber},,Shein,FedEx,${a},,Dup,1,30,1,,,,,`,
      `,${shanice.mailboxNumber},,Shein,FedEx,${d},,Bad date,1,30,1,,,,not-a-date,`,
    ].join('\n');
    const p = expectOk<ImportPreview>(await preview(csv));
    expect(p.mapping).toMatchObject({
      tracking_number: 'Tracking No.',
      mailbox_number: 'Mailbox #',
      email: 'E-mail',
      weight: 'Weight (lb)',
      value: 'Value (USD)',
      on_hold: 'On Hold',
    });
    expect([p.valid, p.invalid]).toEqual([3, 3]);
    const [r1, r2, r3, r4, r5, r6] = p.rows;
    expect(r1).toMatchObject({ valid: true, customer: { id: shanice.userId, how: 'mailbox' } });
    expect(r1?.prealert_id).not.toBeNull();
    expect(r2).toMatchObject({ valid: true, customer: { id: other.userId, how: 'email' } });
    expect(r3).toMatchObject({ valid: true, customer: null });
    expect(r4?.valid).toBe(false);
    expect(r4?.errors.join()).toMatch(/weight/i);
    expect(r5?.errors.join()).toMatch(/same tracking number as row 2/);
    expect(r6?.errors.join()).toMatch(/not a date/);

    const done = expectOk<ImportResult>(await confirm(csv, [1, 2, 3]), 201);
    expect(done.imported).toBe(3);
    const rows = await t.database.db.select().from(packages).where(eq(packages.trackingNumber, b));
    expect(rows[0]).toMatchObject({
      userId: null,
      customsHold: true,
      pieces: 3,
      consigneeHint: 'IEX-00000 · Nobody Here',
    });
    const first = (await t.database.db.select().from(packages).where(eq(packages.trackingNumber, pre)))[0];
    expect(first?.prealertId).not.toBeNull();
    expect(first?.receivedAt?.toISOString().slice(0, 10)).toBe('2026-11-20');
    expect(
      (await t.database.db.select().from(packages).where(eq(packages.trackingNumber, a)))[0]
        ?.declaredValueCents,
    ).toBe(120000);

    // Again: nothing twice; the preview says so and a confirm skips and says it.
    const again = expectOk<ImportPreview>(await preview(csv));
    expect(again.rows.slice(0, 3).map((r) => r.errors)).toEqual([
      ['Already received'],
      ['Already received'],
      ['Already received'],
    ]);
    const skipped = expectOk<ImportResult>(await confirm(csv, [1, 2, 3]), 201);
    expect(skipped.imported).toBe(0);
    expect(skipped.skipped.map((s) => s.row)).toEqual([1, 2, 3]);
    // Choosing an invalid row refuses the whole import.
    expectError(await confirm(csv, [4]), 400);
  });

  it('a file it cannot read: a clear 400', async () => {
    expect(expectError(await preview('just one line'), 400).errors?.csv).toBeDefined();
    expect(expectError(await preview('Foo,Bar\n1,2'), 400).errors?.csv?.[0]).toMatch(/tracking number/);
    expect(
      expectError(await preview('Tracking,Weight\nA,1', { weight: 'Nope' }), 400).errors?.['mapping.weight'],
    ).toBeDefined();
    expectError(await preview('a'.repeat(10 * 1024 * 1024)), 413);
  });

  it('5,000 rows preview in under 5 s', async () => {
    const lines = ['Tracking Number,Mailbox,Weight,Description,Value'];
    for (let i = 0; i < 5000; i += 1)
      lines.push(
        `BULK${Date.now().toString(36).toUpperCase()}X${i},${i % 2 ? shanice.mailboxNumber : 'IEX-0'},1.5,Item ${i},10`,
      );
    const started = performance.now();
    const p = expectOk<ImportPreview>(await preview(lines.join('\n')));
    const ms = performance.now() - started;
    console.info(`intake: preview of 5,000 rows took ${Math.round(ms)} ms`);
    expect(p.valid).toBe(5000);
    expect(ms).toBeLessThan(5000);
  });
});
