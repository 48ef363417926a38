import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentMethods } from '../../contract/constants';
import type { Closeout, CounterLookup, ReleaseResult } from '../../contract/counter';
import type { PackageDetail } from '../../contract/packages';
import { authorizedPersons, companies, packageReleases, users } from '../db/schema';
import { type Cast, cast } from '../test/access';
import { roomy } from '../test/auth';
import { counterCustomer, idTypes, invoiceOn, paymentOn } from '../test/counter';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { auditOf, notificationsOf, receive, tracking } from '../test/staff-packages';
import { nextDate, startOfDay } from './day';

describe('pickup counter', () => {
  let t: TestApp;
  let c: Cast;
  let ids: Awaited<ReturnType<typeof idTypes>>;
  /** Releases this file made, to hold the close-out to them. */
  const made = { packages: 0, overridden: 0 };

  beforeAll(async () => {
    t = await createTestApp(roomy);
    c = await cast(t);
    ids = await idTypes(t);
  });
  afterAll(() => t.close());

  const lookup = (query: string, token = c.admin.access, host = 'localhost') =>
    t.request({ method: 'GET', url: `/v1/admin/counter?${query}`, token, host });
  const release = (payload: object, opts: { token?: string; host?: string; key?: string } = {}) =>
    t.request({
      method: 'POST',
      url: '/v1/admin/counter/release',
      token: opts.token ?? c.admin.access,
      host: opts.host ?? 'localhost',
      payload,
      ...(opts.key ? { headers: { 'idempotency-key': opts.key } } : {}),
    });
  const released = (r: ReleaseResult) => {
    made.packages += r.released.length;
    made.overridden += r.overridden;
    return r;
  };

  it('finds a customer by mailbox (with or without the prefix) or by a scanned package, with what they owe', async () => {
    const cu = await counterCustomer(t, c.admin, 3);
    const [a, b, d] = cu.parcels;
    if (!a || !b || !d) throw new Error('parcels missing');
    // A paid invoice for a, an issued one with a balance for b (partly paid), d on a draft only.
    await invoiceOn(t, cu.userId, [a.id], { status: 'paid', totalCents: 1200_00 });
    const open = await invoiceOn(t, cu.userId, [b.id], {
      status: 'partially_paid',
      totalCents: 3000_00,
      paidCents: 1000_00,
      dueAt: '2000-01-31',
    });
    await invoiceOn(t, cu.userId, [d.id], { status: 'draft', totalCents: 800_00 });
    // A cancelled invoice on a says nothing about it.
    await invoiceOn(t, cu.userId, [a.id], { status: 'cancelled', totalCents: 99_00 });
    // Not at the counter yet: received only.
    const away = await receive(t, c.admin, cu.mailboxNumber, tracking('CTR'));
    // An inactive authorized person may not collect: not listed.
    const [row] = await t.database.db.select().from(users).where(eq(users.id, cu.userId));
    await t.database.db.insert(authorizedPersons).values({
      companyId: row?.companyId ?? '',
      userId: cu.userId,
      fullName: 'Former Helper',
      identificationId: ids.licence.id,
      idNumber: 'DL-1',
      phone: '876-555-0100',
      relationship: 'Neighbour',
      isActive: false,
    });

    const l = expectOk<CounterLookup>(
      await lookup(`mailbox=${encodeURIComponent(cu.mailboxNumber.toLowerCase())}`),
    );
    expect(l.matched_by).toBe('mailbox');
    expect(l.customer).toMatchObject({ id: cu.userId, mailbox_number: cu.mailboxNumber, email: cu.email });
    expect(l.scanned).toBeNull();
    const byId = Object.fromEntries(l.packages.map((p) => [p.id, p]));
    expect(Object.keys(byId).sort()).toEqual([a.id, b.id, d.id].sort());
    expect(byId[away.id]).toBeUndefined();
    expect(byId[a.id]).toMatchObject({
      billing: 'paid',
      status: 'ready_for_pickup',
      invoice: { status: 'paid' },
    });
    expect(byId[b.id]).toMatchObject({
      billing: 'unpaid',
      invoice: { id: open.id, status: 'partially_paid', balance_cents: 2000_00 },
    });
    expect(byId[d.id]).toMatchObject({ billing: 'not_billed', invoice: { status: 'draft', number: null } });
    expect(l.invoices).toEqual([
      expect.objectContaining({
        id: open.id,
        balance_cents: 2000_00,
        amount_paid_cents: 1000_00,
        overdue: true,
        tracking_numbers: [b.tracking_number],
      }),
    ]);
    expect(l.balance_due_cents).toBe(2000_00);
    expect(l.authorized_persons).toEqual([
      expect.objectContaining({
        id: cu.person.id,
        full_name: 'Marcia Counter',
        id_number: 'PA-778812345',
        relationship: 'Sister',
        identification: expect.objectContaining({ code: 'passport' }),
      }),
    ]);

    // The number alone takes the company's prefix.
    const digits = cu.mailboxNumber.split('-').pop() ?? '';
    expect(expectOk<CounterLookup>(await lookup(`mailbox=${digits}`)).customer.id).toBe(cu.userId);
    // A scanned label, as a scanner or a clerk types it.
    const scanned = expectOk<CounterLookup>(
      await lookup(`tracking=${encodeURIComponent(` ${b.tracking_number.toLowerCase()} `)}`),
    );
    expect(scanned).toMatchObject({ matched_by: 'tracking', customer: { id: cu.userId } });
    expect(scanned.scanned).toMatchObject({ id: b.id, at_counter: true, released: null });
    expect(scanned.packages).toHaveLength(3);
    const notYet = expectOk<CounterLookup>(await lookup(`tracking=${away.tracking_number}`));
    expect(notYet.scanned).toMatchObject({ id: away.id, at_counter: false, status: 'received_us' });
  });

  it('finds nobody of another company, nor from a customer’s token; no query is a field error', async () => {
    const [blue] = await t.database.db.select().from(users).where(eq(users.id, c.blue.userId));
    expectError(await lookup(`mailbox=${blue?.mailboxNumber}`), 404);
    expectError(
      await lookup('mailbox=IEX-99999999'),
      404,
      'No customer with the mailbox number IEX-99999999',
    );
    expectError(await lookup(`tracking=${tracking('NONE')}`), 404);
    // The other company's staff, on their own host, do not find this company's customer.
    const cu = await counterCustomer(t, c.admin, 1);
    const parcel = cu.parcels[0]?.tracking_number ?? '';
    expectError(await lookup(`mailbox=${cu.mailboxNumber}`, c.blueStaff.access, 'blue.localhost'), 404);
    expectError(await lookup(`tracking=${parcel}`, c.blueStaff.access, 'blue.localhost'), 404);
    expectError(await lookup(`mailbox=${cu.mailboxNumber}`, c.customer.access), 403);
    expect(expectError(await lookup(''), 400).errors).toEqual({
      mailbox: ['Enter a mailbox number or scan a package'],
    });
    expect(Object.keys(expectError(await lookup('tracking=%24%24'), 400).errors ?? {})).toEqual(['tracking']);
  });

  it('releases to an authorized person whose ID matches, and the customer reads who collected it', async () => {
    const cu = await counterCustomer(t, c.admin, 2);
    const [a, b] = cu.parcels;
    if (!a || !b) throw new Error('parcels missing');
    await invoiceOn(t, cu.userId, [a.id, b.id], { status: 'paid', totalCents: 2500_00 });
    const base = {
      package_ids: [a.id, b.id],
      authorized_person_id: cu.person.id,
      identification_id: ids.passport.id,
      id_number: 'PA-778812345',
    };
    // The ID shown at the desk must be the one on record: another number, another type.
    const wrongNumber = expectError(await release({ ...base, id_number: 'PA-000000000' }), 400);
    expect(wrongNumber.errors).toEqual({
      id_number: ['Does not match the ID number on record for Marcia Counter'],
    });
    const wrongType = expectError(await release({ ...base, identification_id: ids.licence.id }), 400);
    expect(Object.keys(wrongType.errors ?? {})).toEqual(['identification_id']);
    // Someone else's authorized person is nobody here.
    const other = await counterCustomer(t, c.admin, 0);
    expect(
      Object.keys(
        expectError(await release({ ...base, authorized_person_id: other.person.id }), 400).errors ?? {},
      ),
    ).toEqual(['authorized_person_id']);
    // Bad input: field errors, never a 500.
    const bad = expectError(await release({ package_ids: [], identification_id: 'x', id_number: '' }), 400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['id_number', 'identification_id', 'package_ids']);

    // Written as people write it (spaces, lower case): the same number.
    const r = released(
      expectOk<ReleaseResult>(
        await release({ ...base, id_number: 'pa 7788 12345' }),
        200,
        '2 packages released to Marcia Counter',
      ),
    );
    expect(r).toMatchObject({
      customer_id: cu.userId,
      collected_by: 'Marcia Counter',
      authorized_person_id: cu.person.id,
      id_type: 'Passport',
      id_number_masked: '…2345',
      overridden: 0,
    });
    const rows = await t.database.db
      .select()
      .from(packageReleases)
      .where(eq(packageReleases.packageId, a.id));
    expect(rows).toEqual([
      expect.objectContaining({
        authorizedPersonId: cu.person.id,
        collectedBy: 'Marcia Counter',
        idType: 'Passport',
        idNumber: 'pa 7788 12345',
        overrideReason: null,
        releasedBy: c.admin.userId,
      }),
    ]);

    // The customer's timeline: Delivered, collected by the person, the ID masked to its last four.
    const mine = expectOk<PackageDetail>(
      await t.request({ method: 'GET', url: `/v1/packages/${a.id}`, token: cu.session.access }),
    );
    expect(mine.status).toBe('delivered');
    expect(mine.delivered_at).not.toBeNull();
    expect(mine.events.at(-1)).toMatchObject({
      status: 'delivered',
      note: 'Collected by Marcia Counter (Passport …2345)',
    });
    expect(JSON.stringify(mine)).not.toContain('778812345');
    // One bell entry for both, naming who collected.
    const bell = (await notificationsOf(t, cu.session)).items.filter((n) => n.body.includes('collected by'));
    expect(bell).toHaveLength(1);
    expect(bell[0]?.body).toContain('were collected by Marcia Counter (Passport …2345)');
    // The audit trail, in full for staff.
    expect((await auditOf(t, c.admin, 'package', a.id))[0]).toMatchObject({
      action: 'released',
      changes: { status: ['ready_for_pickup', 'delivered'], collected_by: [null, 'Marcia Counter'] },
      note: 'Released at the counter, paid',
    });

    // Released once only; the lookup no longer lists them, and a scan says who took it.
    const again = expectError(await release(base), 409);
    expect(again.message).toMatch(/^Already collected: .+ by Marcia Counter, .+ by Marcia Counter$/);
    const after = expectOk<CounterLookup>(await lookup(`tracking=${a.tracking_number}`));
    expect(after.packages).toEqual([]);
    expect(after.scanned).toMatchObject({ at_counter: false, released: { collected_by: 'Marcia Counter' } });
  });

  it('an unpaid or unbilled parcel leaves only on an override reason; the customer collects in person', async () => {
    const cu = await counterCustomer(t, c.admin, 2);
    const [a, b] = cu.parcels;
    if (!a || !b) throw new Error('parcels missing');
    await invoiceOn(t, cu.userId, [a.id], { status: 'issued', totalCents: 1500_00 });
    const base = { package_ids: [a.id, b.id], identification_id: ids.trn.id, id_number: '123-456-789' };
    const refused = expectError(await release(base), 400);
    expect(refused.errors?.override_reason?.[0]).toContain(a.tracking_number);
    expect(refused.errors?.override_reason?.[0]).toContain(b.tracking_number);
    expectError(await release({ ...base, override_reason: '   ' }), 400);
    const nothing = await t.database.db
      .select()
      .from(packageReleases)
      .where(eq(packageReleases.packageId, a.id));
    expect(nothing).toEqual([]);

    const r = released(
      expectOk<ReleaseResult>(await release({ ...base, override_reason: 'Manager approved: pays Friday' })),
    );
    expect(r).toMatchObject({ authorized_person_id: null, overridden: 2, id_type: 'TRN card' });
    const [owner] = await t.database.db.select().from(users).where(eq(users.id, cu.userId));
    expect(r.collected_by).toBe(`${owner?.firstName} ${owner?.lastName}`);
    const rows = await t.database.db
      .select()
      .from(packageReleases)
      .where(eq(packageReleases.packageId, b.id));
    expect(rows[0]).toMatchObject({
      overrideReason: 'Manager approved: pays Friday',
      authorizedPersonId: null,
    });
    expect((await auditOf(t, c.admin, 'package', b.id))[0]?.note).toBe(
      'Released unpaid (not billed): Manager approved: pays Friday',
    );
    expect((await auditOf(t, c.admin, 'package', a.id))[0]?.note).toMatch(/^Released unpaid \(balance due\)/);
  });

  it('refuses another company’s parcels, two customers at once, and parcels not at the counter', async () => {
    const cu = await counterCustomer(t, c.admin, 1);
    const other = await counterCustomer(t, c.admin, 1);
    const mine = cu.parcels[0]?.id ?? '';
    const body = {
      package_ids: [mine],
      identification_id: ids.passport.id,
      id_number: 'X1234567',
      override_reason: 'Test',
    };
    // The other company's staff, naming this company's parcel: it does not exist for them.
    expectError(await release(body, { token: c.blueStaff.access, host: 'blue.localhost' }), 404);
    expectError(await release(body, { token: c.customer.access }), 403);
    expectError(await release({ ...body, package_ids: [mine, '00000000-0000-4000-8000-000000000000'] }), 404);
    expect(
      expectError(await release({ ...body, package_ids: [mine, other.parcels[0]?.id] }), 400).errors,
    ).toEqual({ package_ids: ['Release the packages of one customer at a time'] });
    const away = await receive(t, c.admin, cu.mailboxNumber, tracking('CTR'));
    const notHere = expectError(await release({ ...body, package_ids: [away.id] }), 409);
    expect(notHere.message).toMatch(/^Not at the counter: /);
    // Nothing of it happened.
    const rows = await t.database.db
      .select()
      .from(packageReleases)
      .where(eq(packageReleases.packageId, mine));
    expect(rows).toEqual([]);
  });

  it('a retry with the same Idempotency-Key gets the first reply; racing desks release once', async () => {
    const cu = await counterCustomer(t, c.admin, 2);
    const [a, b] = cu.parcels;
    if (!a || !b) throw new Error('parcels missing');
    const body = {
      package_ids: [a.id],
      identification_id: ids.passport.id,
      id_number: 'X7654321',
      override_reason: 'Trusted customer',
    };
    const key = `counter-${tracking()}`;
    const first = await release(body, { key });
    released(expectOk<ReleaseResult>(first));
    const second = await release(body, { key });
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json().data).toEqual(first.json().data);
    const bell = (await notificationsOf(t, cu.session)).items.filter(
      (n) => n.link === `/user/packages/${a.id}`,
    );
    expect(bell.filter((n) => n.body.includes('collected by'))).toHaveLength(1);

    const race = await Promise.all([
      release({ ...body, package_ids: [b.id] }),
      release({ ...body, package_ids: [b.id] }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const won = race.find((r) => r.statusCode === 200);
    if (won) released(won.json().data);
    expect(
      await t.database.db.select().from(packageReleases).where(eq(packageReleases.packageId, b.id)),
    ).toHaveLength(1);
  });

  it('the close-out of a day sums its payments by method and staff as an independent sum does', async () => {
    const [demo] = await t.database.db.select().from(companies).where(eq(companies.slug, 'island-express'));
    const [blueCo] = await t.database.db.select().from(companies).where(eq(companies.slug, 'blue-parcel'));
    if (!demo || !blueCo) throw new Error('no demo companies');
    const staff = await t.database.db.select().from(users).where(eq(users.companyId, demo.id));
    const clerks = staff.filter((u) => u.role === 'staff' || u.role === 'admin');
    expect(clerks.length).toBeGreaterThanOrEqual(2);
    const cu = await counterCustomer(t, c.admin, 0);
    const inv = await invoiceOn(t, cu.userId, [], { status: 'issued', totalCents: 1_000_000_00 });

    // 2031-03-09 is the day New York moves its clocks forward: that day is 23 hours long there.
    const date = '2031-03-09';
    const tz = 'America/New_York';
    expect(startOfDay(date, tz).toISOString()).toBe('2031-03-09T05:00:00.000Z');
    expect(startOfDay(nextDate(date), tz).toISOString()).toBe('2031-03-10T04:00:00.000Z');

    let seed = 7;
    const rnd = (n: number) => {
      seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31;
      return seed % n;
    };
    type Made = { amount: number; method: (typeof paymentMethods)[number]; by: string; reversed: boolean };
    const taken: Made[] = [];
    for (let i = 0; i < 60; i++) {
      const m: Made = {
        amount: 1 + rnd(5_000_00),
        method: paymentMethods[rnd(paymentMethods.length)] ?? 'cash',
        by: clerks[rnd(clerks.length)]?.id ?? '',
        reversed: rnd(6) === 0,
      };
      taken.push(m);
      await paymentOn(t, inv, {
        amountCents: m.amount,
        method: m.method,
        paidOn: date,
        recordedBy: m.by,
        // Reversed the same day (local 10:00), or not at all.
        reversedAt: m.reversed ? new Date('2031-03-09T14:00:00Z') : null,
        reversedBy: m.reversed ? c.admin.userId : null,
      });
    }
    // Other days and the other company: not that day's money.
    await paymentOn(t, inv, {
      amountCents: 777,
      method: 'cash',
      paidOn: '2031-03-08',
      recordedBy: clerks[0]?.id ?? null,
    });
    await paymentOn(t, inv, {
      amountCents: 888,
      method: 'cash',
      paidOn: '2031-03-10',
      recordedBy: clerks[0]?.id ?? null,
    });
    const blueCustomer = await counterCustomer(t, c.blueStaff, 0, 'blue.localhost');
    const blueInv = await invoiceOn(t, blueCustomer.userId, [], { status: 'issued' });
    await paymentOn(t, blueInv, { amountCents: 999, method: 'cash', paidOn: date, recordedBy: null });
    // Reversals of older payments, on the edges of the local day.
    const edge = (at: string, amount: number) =>
      paymentOn(t, inv, {
        amountCents: amount,
        method: 'card',
        paidOn: '2031-03-01',
        recordedBy: clerks[0]?.id ?? null,
        reversedAt: new Date(at),
        reversedBy: c.admin.userId,
      });
    await edge('2031-03-09T04:59:59Z', 1); // 23:59:59 on the 8th, New York time
    await edge('2031-03-09T05:00:00Z', 20); // local midnight
    await edge('2031-03-10T03:59:59Z', 300); // 23:59:59 EDT
    await edge('2031-03-10T04:00:00Z', 4000); // the 10th

    const out = expectOk<Closeout>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/counter/closeout?date=${date}&tz=${encodeURIComponent(tz)}`,
        token: c.admin.access,
      }),
    );
    const kept = taken.filter((m) => !m.reversed);
    const sum = (ms: Made[]) => ms.reduce((n, m) => n + m.amount, 0);
    expect(out).toMatchObject({ date, tz, from: '2031-03-09T05:00:00.000Z', to: '2031-03-10T04:00:00.000Z' });
    expect(out.payments.count).toBe(kept.length);
    expect(out.payments.total_cents).toBe(sum(kept));
    expect(out.payments.items).toHaveLength(kept.length);
    for (const method of paymentMethods) {
      const of = kept.filter((m) => m.method === method);
      expect(out.payments.by_method.find((x) => x.method === method)).toEqual({
        method,
        count: of.length,
        total_cents: sum(of),
      });
    }
    const staffIds = [...new Set(kept.map((m) => m.by))];
    expect(out.payments.by_staff.map((s) => s.staff_id).sort()).toEqual(staffIds.sort());
    for (const s of out.payments.by_staff) {
      const of = kept.filter((m) => m.by === s.staff_id);
      expect(s.total_cents).toBe(sum(of));
      expect(s.count).toBe(of.length);
      expect(s.by_method.reduce((n, x) => n + x.total_cents, 0)).toBe(sum(of));
    }
    const reversedThatDay = taken.filter((m) => m.reversed);
    expect(out.reversals.count).toBe(reversedThatDay.length + 2);
    expect(out.reversals.total_cents).toBe(sum(reversedThatDay) + 20 + 300);

    // UTC draws the line elsewhere: the 23:59:59 reversal belongs to the 10th there, the midnight one to the 9th.
    const utc = expectOk<Closeout>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/counter/closeout?date=${date}`,
        token: c.admin.access,
      }),
    );
    expect(utc.reversals.total_cents).toBe(sum(reversedThatDay) + 1 + 20);

    // The other company's staff see none of it.
    const blue = expectOk<Closeout>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/counter/closeout?date=${date}`,
        token: c.blueStaff.access,
        host: 'blue.localhost',
      }),
    );
    expect(blue.payments).toMatchObject({ count: 1, total_cents: 999 });
    expect(
      expectError(
        await t.request({
          method: 'GET',
          url: '/v1/admin/counter/closeout?tz=Mars%2FOlympus',
          token: c.admin.access,
        }),
        400,
      ).errors,
    ).toEqual({ tz: ['Not a time zone this server knows'] });
    expectError(
      await t.request({
        method: 'GET',
        url: '/v1/admin/counter/closeout?date=2031-02-30',
        token: c.admin.access,
      }),
      400,
    );
  });

  it('the close-out of today counts the parcels released and those on an override', async () => {
    expect(made.packages).toBeGreaterThan(0);
    const out = expectOk<Closeout>(
      await t.request({ method: 'GET', url: '/v1/admin/counter/closeout', token: c.admin.access }),
    );
    expect(out.tz).toBe('UTC');
    expect(out.date).toBe(new Date().toISOString().slice(0, 10));
    expect(out.releases.count).toBe(made.packages);
    expect(out.releases.with_override).toBe(made.overridden);
    expect(out.releases.items.filter((r) => r.override_reason !== null)).toHaveLength(made.overridden);
    expect(out.releases.items[0]).toMatchObject({
      released_by: expect.any(String),
      id_type: expect.any(String),
    });
  });
});
