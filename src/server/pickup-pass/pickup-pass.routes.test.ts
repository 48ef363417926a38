import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CounterLookup } from '../../contract/counter';
import type { MyPickupPasses, SharedPickupPass } from '../../contract/pickup-pass';
import { packages, users } from '../db/schema';
import { type Cast, cast } from '../test/access';
import { roomy } from '../test/auth';
import { counterCustomer, idTypes } from '../test/counter';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { receive, tracking } from '../test/staff-packages';

describe('pickup pass', () => {
  let t: TestApp;
  let c: Cast;
  let ids: Awaited<ReturnType<typeof idTypes>>;

  beforeAll(async () => {
    t = await createTestApp(roomy);
    c = await cast(t);
    ids = await idTypes(t);
  });
  afterAll(() => t.close());

  const mine = async (token: string, host = 'localhost') =>
    expectOk<MyPickupPasses>(await t.request({ method: 'GET', url: '/v1/pickup-pass', token, host }));
  const shared = (token: string, host = 'localhost') =>
    t.request({ method: 'GET', url: `/v1/pickup-pass/shared/${token}`, host });
  const lookup = (pass: string, token = c.admin.access, host = 'localhost') =>
    t.request({ method: 'GET', url: `/v1/admin/counter?pass=${encodeURIComponent(pass)}`, token, host });
  const tokenOf = (url: string | null) => url?.split('/pass/')[1] ?? '';
  const toReady = (ids: string[]) =>
    t.request({
      method: 'POST',
      url: '/v1/admin/packages/bulk',
      token: c.admin.access,
      host: 'localhost',
      payload: { action: 'status', ids, status: 'ready_for_pickup' },
    });

  it('says none until a parcel is ready, then issues a pass per holder covering the ready parcels', async () => {
    const cu = await counterCustomer(t, c.admin, 0);
    const empty = await mine(cu.session.access);
    expect(empty.pass).toMatchObject({ state: 'none', code: null, qr_svg: null, parcels: [] });
    expect(empty.shared).toHaveLength(1);

    const a = await receive(t, c.admin, cu.mailboxNumber, tracking('PAS'));
    expectOk(await toReady([a.id]));
    const first = await mine(cu.session.access);
    expect(first.pass.state).toBe('active');
    expect(first.pass.code).toMatch(/^[2-9A-HJKMNP-TV-Z]{4}-[2-9A-HJKMNP-TV-Z]{4}$/);
    expect(first.pass.qr_svg).toMatch(/^<svg[\s\S]*<\/svg>\s*$/);
    expect(first.pass.share_url).toMatch(/^http:\/\/localhost(:\d+)?\/pass\/[A-Za-z0-9_-]{20,}$/);
    expect(first.pass.parcels.map((p) => p.tracking_number)).toEqual([a.tracking_number]);
    const [sister] = first.shared;
    expect(sister).toMatchObject({ holder: { name: 'Marcia Counter' }, state: 'active' });
    expect(sister?.code).not.toBe(first.pass.code);
    // Opened again with nothing new: the same pass.
    expect((await mine(cu.session.access)).pass.code).toBe(first.pass.code);

    // Another parcel becomes ready: a fresh pass covers both; the share link stays the same.
    const b = await receive(t, c.admin, cu.mailboxNumber, tracking('PAS'));
    expectOk(await toReady([b.id]));
    const second = await mine(cu.session.access);
    expect(second.pass.code).not.toBe(first.pass.code);
    expect(second.pass.parcels.map((p) => p.tracking_number).sort()).toEqual(
      [a.tracking_number, b.tracking_number].sort(),
    );
    expect(second.shared[0]?.share_url).toBe(sister?.share_url);

    // The older code still lands on the customer at the counter, with its own parcel selected.
    const old = expectOk<CounterLookup>(await lookup(first.pass.code ?? ''));
    expect(old.matched_by).toBe('pass');
    expect(old.customer.id).toBe(cu.userId);
    expect(old.pass?.package_ids).toEqual([a.id]);
  });

  it('is found at the counter by code (any case, spaces) or scanned link, names the holder, then says collected', async () => {
    const cu = await counterCustomer(t, c.admin, 2);
    const passes = await mine(cu.session.access);
    const code = passes.pass.code ?? '';
    const typed = ` ${code.replace('-', ' ').toLowerCase()} `;
    const l = expectOk<CounterLookup>(await lookup(typed));
    expect(l.customer.id).toBe(cu.userId);
    expect(l.pass).toMatchObject({ code, holder_name: passes.pass.holder.name, authorized_person_id: null });
    expect(l.pass?.package_ids.sort()).toEqual(cu.parcels.map((p) => p.id).sort());

    // The authorized person's QR code (its share link) names them as the one collecting.
    const person = passes.shared[0];
    const scanned = expectOk<CounterLookup>(await lookup(person?.share_url ?? ''));
    expect(scanned.pass).toMatchObject({ holder_name: 'Marcia Counter', authorized_person_id: cu.person.id });

    expectOk(
      await t.request({
        method: 'POST',
        url: '/v1/admin/counter/release',
        token: c.admin.access,
        host: 'localhost',
        payload: {
          package_ids: cu.parcels.map((p) => p.id),
          authorized_person_id: cu.person.id,
          identification_id: ids.passport.id,
          id_number: 'PA-778812345',
          override_reason: 'Paid cash at the desk',
        },
      }),
    );
    const after = await mine(cu.session.access);
    expect(after.pass).toMatchObject({ state: 'collected', code });
    expect(after.pass.collected_at).not.toBeNull();
    expect(after.pass.parcels.every((p) => p.collected)).toBe(true);
    // No longer works at the counter.
    expect(expectError(await lookup(code), 410).message).toMatch(/already collected/);
    const link = expectOk<SharedPickupPass>(await shared(tokenOf(person?.share_url ?? null)));
    expect(link.state).toBe('collected');
  });

  it('the share link shows that one pass and nothing else of the account', async () => {
    const cu = await counterCustomer(t, c.admin, 1);
    const passes = await mine(cu.session.access);
    const person = passes.shared[0];
    const res = await shared(tokenOf(person?.share_url ?? null));
    const s = expectOk<SharedPickupPass>(res);
    expect(Object.keys(s).sort()).toEqual(
      ['collected_at', 'code', 'company', 'holder_name', 'issued_at', 'parcels', 'qr_svg', 'state'].sort(),
    );
    expect(s).toMatchObject({ holder_name: 'Marcia Counter', code: person?.code, state: 'active' });
    expect(s.parcels).toEqual([{ tracking_number: cu.parcels[0]?.tracking_number, collected: false }]);
    // Nothing of the account: no mailbox number, e-mail, the customer's own code or other passes.
    for (const secret of [cu.mailboxNumber, cu.email, passes.pass.code ?? '-', 'PA-778812345']) {
      expect(res.body).not.toContain(secret);
    }
    // Unknown or malformed links, and another company's host: 404 / 400, never the pass.
    expectError(await shared('A'.repeat(32)), 404);
    expectError(await shared('short'), 400);
    expectError(await shared(tokenOf(person?.share_url ?? null), 'blue.localhost'), 404);
  });

  it('codes are unique, and another company’s code is not found', async () => {
    const blue = await counterCustomer(t, c.blueStaff, 0, 'blue.localhost');
    const [row] = await t.database.db.select().from(users).where(eq(users.id, blue.userId));
    // Written directly: the receiving helpers work on this company's host only.
    await t.database.db.insert(packages).values({
      companyId: row?.companyId ?? '',
      userId: blue.userId,
      trackingNumber: tracking('BLU'),
      statusCode: 'ready_for_pickup',
    });
    const bluePass = await mine(blue.session.access, 'blue.localhost');
    const code = bluePass.pass.code ?? '';
    expectError(await lookup(code), 404);
    expect(
      expectOk<CounterLookup>(await lookup(code, c.blueStaff.access, 'blue.localhost')).customer.id,
    ).toBe(blue.userId);
    expectError(await lookup('not-a-code!'), 400);
    expectError(await lookup('ZZZZ-ZZZZ'), 404);
    // A customer cannot use the counter lookup.
    expectError(await lookup(code, blue.session.access, 'blue.localhost'), 403);
    const all = await t.database.db.query.pickupPasses.findMany();
    const keys = all.map((p) => `${p.companyId}:${p.code}`);
    expect(new Set(keys).size).toBe(keys.length);
    console.log(`pickup pass: ${all.length} passes issued, ${new Set(keys).size} distinct codes`);
  });
});
