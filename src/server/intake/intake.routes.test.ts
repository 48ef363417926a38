import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ImportPreview, ImportResult, Lookup, Received, Recent } from '../../contract/intake';
import type { PackageDetail, Prealert } from '../../contract/packages';
import { auditLog, packages, users } from '../db/schema';
import { expectError, expectOk } from '../test/helpers';
import { type IntakeBed, intakeBed, tn } from '../test/intake';
import { PNG } from '../test/multipart';
import { filesOnDisk } from '../test/packages';

let bed: IntakeBed;
beforeAll(async () => {
  bed = await intakeBed();
});
afterAll(async () => {
  await bed?.t.close();
});

describe('lookup and recent', () => {
  it('lookup: the customer, a pending pre-alert of any customer, an already-received package', async () => {
    const { t, clerk, shanice, other, receive, prealert } = bed;
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
    const { t, admin, clerk, receive } = bed;
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
    bed.t.request({ method: 'POST', url: `/v1/admin/packages/${id}/undo-receive`, token });

  it('within the window: the package, its photo bytes and its bell notification go; a matched pre-alert is pending again', async () => {
    const { t, clerk, shanice, verified, receive, prealert, packageRow } = bed;
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
    const { t, admin, clerk, other, receive } = bed;
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
    bed.t.request({
      method: 'POST',
      url: '/v1/admin/intake/import/preview',
      token: bed.clerk.access,
      payload: { csv, ...(mapping ? { mapping } : {}) },
    });
  const confirm = async (csv: string, rows: number[]) =>
    bed.t.request({
      method: 'POST',
      url: '/v1/admin/intake/import/confirm',
      token: bed.clerk.access,
      payload: { csv, rows },
    });

  it('previews every row (valid, invalid with its reason, customer or Unassigned, pre-alert); confirm imports the chosen ones once', async () => {
    const { t, shanice, other, prealert } = bed;
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
    const { shanice } = bed;
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
