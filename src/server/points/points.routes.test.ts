import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { Prealert } from '../../contract/packages';
import type { PointsEntry, PointsPage } from '../../contract/points';
import { pointsLedger } from '../db/schema';
import { type Cast, cast, expectRefused, outsiders } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import { multipart, PDF } from '../test/multipart';

describe('points', () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  });
  afterAll(() => t.close());

  const points = async (token: string, query = '', host = 'localhost') =>
    expectOk<PointsPage>(await t.request({ method: 'GET', url: `/v1/points${query}`, token, host }));
  const adjust = (payload: unknown, token = c.admin.access) =>
    t.request({ method: 'POST', url: '/v1/admin/points/adjust', token, payload: payload as object });
  const prealert = async (token: string, tracking: string) => {
    const body = await multipart(
      {
        tracking_number: tracking,
        seller_name: 'Amazon',
        description: 'Kitchen scale',
        weight: '1.2',
        value: '25.00',
        package_type: 'parcel',
      },
      [{ name: 'invoice.pdf', bytes: PDF }],
    );
    return expectOk<Prealert>(await t.request({ method: 'POST', url: '/v1/peralert', token, ...body }), 201);
  };

  it('shows the seeded history, newest first, with a running balance that never goes below 0', async () => {
    const page = await points(c.customer.access, '?pageSize=100');
    expect(page.total).toBe(page.items.length);
    expect(page.balance).toBe(page.items.reduce((s, e) => s + e.points, 0));
    expect(page.items[0]?.balance_after).toBe(page.balance);
    const kinds = new Set(page.items.map((e) => e.kind));
    expect([...kinds].sort()).toEqual(['invoice_paid', 'prealert_bonus', 'redemption', 'welcome']);
    const oldestFirst = [...page.items].reverse();
    let running = 0;
    for (const e of oldestFirst) {
      running += e.points;
      expect(e.balance_after).toBe(running);
      expect(running).toBeGreaterThanOrEqual(0);
    }
    const paged = await points(c.customer.access, '?pageSize=3&page=2');
    expect(paged.items.map((e) => e.id)).toEqual(page.items.slice(3, 6).map((e) => e.id));
    expect(paged.balance).toBe(page.balance);
  });

  it('names references as people read them, links invoices, and says what points are worth', async () => {
    const page = await points(c.customer.access, '?pageSize=100');
    const earned = page.items.filter((e) => e.kind === 'invoice_paid');
    expect(earned.length).toBeGreaterThan(0);
    for (const e of earned) {
      expect(e.reference_label).toMatch(/^Invoice INV-\d{4}-\d+$/);
      expect(e.invoice_id).toMatch(/^[0-9a-f-]{36}$/);
    }
    for (const e of page.items.filter((x) => x.kind === 'prealert_bonus')) {
      expect(e.reference_label).toMatch(/^Pre-alert \S+$/);
    }
    expect(page.items.some((e) => /^(invoice|prealert)[-:]/.test(e.reference_label ?? ''))).toBe(false);
    expect(page.rules).toMatchObject({ currency: 'JMD', point_value_cents: 100, cents_per_point: 10000 });
  });

  it('a new customer starts at 0 and sees only their own ledger', async () => {
    const page = await points(c.neighbour.access);
    expect(page).toMatchObject({ balance: 0, items: [], total: 0 });
    const blue = await points(c.blue.access, '', 'blue.localhost');
    expect(blue.balance).toBeGreaterThan(0);
  });

  it('awards the pre-alert bonus once per tracking number and gives it back on cancel', async () => {
    const before = (await points(c.neighbour.access)).balance;
    const p = await prealert(c.neighbour.access, 'PTS-000001');
    const after = await points(c.neighbour.access);
    expect(after.balance).toBe(before + 25);
    expect(after.items[0]).toMatchObject({
      kind: 'prealert_bonus',
      points: 25,
      reference: 'prealert:PTS-000001',
    });
    expectOk(
      await t.request({ method: 'POST', url: `/v1/peralert/${p.id}/cancel`, token: c.neighbour.access }),
    );
    const cancelled = await points(c.neighbour.access);
    expect(cancelled.balance).toBe(before);
    expect(cancelled.items[0]).toMatchObject({ kind: 'prealert_bonus_reversed', points: -25 });
    // Sending it again earns nothing more (no farming by cancel and resend).
    await prealert(c.neighbour.access, 'PTS-000001');
    expect((await points(c.neighbour.access)).balance).toBe(before);
    // A replayed request (same Idempotency-Key) awards nothing twice.
    const body = await multipart(
      {
        tracking_number: 'PTS-000002',
        seller_name: 'x',
        description: 'Books',
        weight: '1',
        value: '5',
        package_type: 'parcel',
      },
      [{ name: 'i.pdf', bytes: PDF }],
    );
    const headers = { ...body.headers, 'idempotency-key': 'points-replay-0001' };
    for (let i = 0; i < 2; i++) {
      const res = await t.request({
        method: 'POST',
        url: '/v1/peralert',
        token: c.neighbour.access,
        payload: body.payload,
        headers,
      });
      expect(res.statusCode).toBe(201);
    }
    expect((await points(c.neighbour.access)).balance).toBe(before + 25);
  });

  it('a cancel never takes the balance below 0 (spent bonus points are not clawed back past it)', async () => {
    const start = (await points(c.neighbour.access)).balance;
    const p = await prealert(c.neighbour.access, 'PTS-000003');
    // Staff redeem everything the customer has.
    const all = start + 25;
    expectOk(
      await adjust({
        user_id: c.neighbour.userId,
        points: -all,
        kind: 'redemption',
        reason: 'Freight discount',
      }),
      201,
    );
    expectOk(
      await t.request({ method: 'POST', url: `/v1/peralert/${p.id}/cancel`, token: c.neighbour.access }),
    );
    const page = await points(c.neighbour.access);
    expect(page.balance).toBe(0);
    expect(page.items[0]?.kind).toBe('redemption');
  });

  it('staff add and take points; a deduction past the balance is refused', async () => {
    const added = expectOk<{ entry: PointsEntry; balance: number }>(
      await adjust({ user_id: c.neighbour.userId, points: 40, reason: 'Sorry for the delay' }),
      201,
      'Points recorded',
    );
    expect(added.entry).toMatchObject({ kind: 'adjustment', points: 40, reason: 'Sorry for the delay' });
    const refused = expectError(
      await adjust({
        user_id: c.neighbour.userId,
        points: -(added.balance + 1),
        kind: 'redemption',
        reason: 'Too much',
      }),
      409,
    );
    expect(refused.errors?.points?.[0]).toBe(`The balance is only ${added.balance} points`);
    const taken = expectOk<{ balance: number }>(
      await adjust({
        user_id: c.neighbour.userId,
        points: -added.balance,
        kind: 'redemption',
        reason: 'All of it',
      }),
      201,
    );
    expect(taken.balance).toBe(0);
    // Both moves are on the customer's audit trail, newest first, with who made them and why; the refused one is not.
    const trail = expectOk<{ items: AuditEntry[] }>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/audit?entity=user&id=${c.neighbour.userId}`,
        token: c.admin.access,
      }),
    );
    expect(trail.items.slice(0, 2).map((e) => [e.action, e.changes.points, e.note])).toEqual([
      ['points taken', [null, -added.balance], 'All of it'],
      ['points added', [null, 40], 'Sorry for the delay'],
    ]);
    expect(trail.items[0]?.actor?.id).toBe(c.admin.userId);
    const bad = expectError(await adjust({ user_id: 'x', points: 0, reason: '' }), 400);
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(['points', 'reason', 'user_id']);
    const foreign = expectError(
      await adjust({ user_id: c.blue.userId, points: 5, reason: 'Other company' }),
      400,
    );
    expect(foreign.errors?.user_id).toBeDefined();
    expectError(
      await adjust({ user_id: c.neighbour.userId, points: 5, reason: 'Self-service' }, c.customer.access),
      403,
    );
  });

  it('concurrent deductions cannot spend the same points twice', async () => {
    expectOk(await adjust({ user_id: c.neighbour.userId, points: 100, reason: 'Top up' }), 201);
    const results = await Promise.all(
      Array.from({ length: 4 }, () =>
        adjust({ user_id: c.neighbour.userId, points: -60, kind: 'redemption', reason: 'Race' }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 201)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 409)).toHaveLength(3);
    expect((await points(c.neighbour.access)).balance).toBe(40);
  });

  it('the ledger is append-only in the database itself', async () => {
    const [row] = await t.database.db.select().from(pointsLedger).limit(1);
    if (!row) throw new Error('no entry');
    await expect(
      t.database.db.update(pointsLedger).set({ points: 1_000_000 }).where(eq(pointsLedger.id, row.id)),
    ).rejects.toThrow();
    await expect(t.database.db.delete(pointsLedger).where(eq(pointsLedger.id, row.id))).rejects.toThrow();
  });

  it('refuses anonymous, unverified and other-company callers', async () => {
    await expectRefused(
      outsiders(c).filter((o) => !o.expect.includes(404)),
      [
        {
          name: 'points',
          run: (token, host) => t.request({ method: 'GET', url: '/v1/points', token, host }),
        },
      ],
    );
    expectError(
      await t.request({ method: 'GET', url: '/v1/points?pageSize=500', token: c.customer.access }),
      400,
    );
  });
});
