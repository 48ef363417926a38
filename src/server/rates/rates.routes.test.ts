import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { DutyCategory, DutyEstimate } from '../../contract/duty';
import type { Fees } from '../../contract/fees';
import type { InvoiceSummary, UnbilledPackage } from '../../contract/invoices';
import type { RateSet, RatesOverview, RateVersion } from '../../contract/rates';
import { type Cast, cast } from '../test/access';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';
import type { Page } from '../test/packages';

const HOUR = 3_600_000;

describe('effective-dated rates: /v1/admin/rates and who reads them', () => {
  let t: TestApp;
  let c: Cast;
  let clerk: string;
  let general: DutyCategory;

  const call = (
    method: 'GET' | 'POST' | 'DELETE',
    url: string,
    token: string,
    payload?: object,
    host = 'localhost',
  ) => t.request({ method, url, token, host, ...(payload ? { payload } : {}) });
  const overview = async () => expectOk<RatesOverview>(await call('GET', '/v1/admin/rates', c.admin.access));
  const fees = async (token = c.customer.access, host = 'localhost') =>
    expectOk<Fees>(await call('GET', '/v1/fees', token, undefined, host));
  const sample = () => ({ category_id: general.id, value_usd: 150, weight_lb: 2.3, shipping_method: 'air' });
  const estimate = async () =>
    expectOk<DutyEstimate>(await call('POST', '/v1/dutycalculator', c.customer.access, sample()));
  const save = (rates: RateSet, effective: Date, token = c.admin.access) =>
    call('POST', '/v1/admin/rates', token, { rates, effective_from: effective.toISOString(), note: 'test' });
  /** The rates in force with every air bracket's charge raised by J$100 (10,000 cents). */
  const raised = (r: RateSet, by = 10_000): RateSet => ({
    ...r,
    freight: {
      ...r.freight,
      air: {
        ...r.freight.air,
        brackets: r.freight.air.brackets.map((b) => ({ ...b, charge_cents: b.charge_cents + by })),
      },
    },
  });

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    clerk = (await t.login(DEMO.clerk.email, DEMO.clerk.password)).access;
    const cats = expectOk<DutyCategory[]>(await call('GET', '/v1/dutycategories', c.customer.access));
    const g = cats.find((k) => k.code === 'general');
    if (!g) throw new Error('no general category');
    general = g;
  });
  afterAll(() => t.close());

  it('shows the admin the version in force (the company’s starting rates) and nothing scheduled', async () => {
    const o = await overview();
    expect(o.current?.rates.exchange_rate).toBe('157.2500');
    expect(o.current?.rates.freight.air.brackets[0]).toEqual({ max_lb: 1, charge_cents: 55_000 });
    expect(o.scheduled).toEqual([]);
    const f = await fees();
    expect(f.freight.brackets).toEqual(o.current?.rates.freight.air.brackets);
    expect(f.exchange_rate).toBe('157.2500');
  });

  it('refuses clerks, customers and the other company’s admin', async () => {
    const current = (await overview()).current?.rates as RateSet;
    for (const token of [clerk, c.customer.access]) {
      expectError(await call('GET', '/v1/admin/rates', token), 403);
      expectError(await save(raised(current), new Date(Date.now() + HOUR), token), 403);
      expectError(await call('GET', '/v1/admin/duty-categories', token), 403);
    }
    // Blue Parcel's admin on its own host sees Blue Parcel's rates, never these.
    const blue = expectOk<RatesOverview>(
      await call('GET', '/v1/admin/rates', c.blueStaff.access, undefined, 'blue.localhost'),
    );
    expect(blue.current?.rates.exchange_rate).toBe('156.8000');
    expect((await overview()).scheduled).toEqual([]);
  });

  it('refuses overlapping brackets, a negative fee, a zero exchange rate or a past start, saving nothing', async () => {
    const current = (await overview()).current?.rates as RateSet;
    const brackets = [...current.freight.air.brackets];
    brackets[2] = { max_lb: 2, charge_cents: 135_000 }; // row 3 repeats row 2's 2 lb
    const overlap = {
      ...current,
      freight: { ...current.freight, air: { ...current.freight.air, brackets } },
    };
    const e1 = expectError(await save(overlap, new Date()), 400);
    expect(e1.errors?.['rates.freight.air.brackets.2.max_lb']?.[0]).toMatch(/^Row 3: .*overlap/);
    const negative = { ...current, storage: { ...current.storage, per_day_cents: -1 } };
    expect(expectError(await save(negative, new Date()), 400).errors).toHaveProperty([
      'rates.storage.per_day_cents',
    ]);
    const zero = { ...current, exchange_rate: '0' };
    expect(expectError(await save(zero, new Date()), 400).errors).toHaveProperty(['rates.exchange_rate']);
    const past = expectError(await save(current, new Date(Date.now() - 24 * HOUR)), 400);
    expect(past.errors).toHaveProperty(['effective_from']);
    const o = await overview();
    expect(o.scheduled).toEqual([]);
    expect(o.history).toEqual([]);
  });

  it('previews draft rates with the estimator’s own numbers, saving nothing', async () => {
    const current = (await overview()).current?.rates as RateSet;
    const today = await estimate();
    const same = expectOk<DutyEstimate>(
      await call('POST', '/v1/admin/rates/preview', c.admin.access, { rates: current, sample: sample() }),
    );
    expect(same.lines).toEqual(today.lines);
    const draft = expectOk<DutyEstimate>(
      await call('POST', '/v1/admin/rates/preview', c.admin.access, {
        rates: raised(current),
        sample: sample(),
      }),
    );
    expect(draft.freight).toBe(today.freight + 10_000);
    expect((await estimate()).total).toBe(today.total);
  });

  it('a raise effective tomorrow leaves today’s estimate and fees as they are, until it is deleted', async () => {
    const before = { fees: await fees(), estimate: await estimate() };
    const current = (await overview()).current?.rates as RateSet;
    const tomorrow = new Date(Date.now() + 24 * HOUR);
    const v = expectOk<RateVersion>(await save(raised(current), tomorrow), 201);
    expect(await fees()).toEqual(before.fees);
    expect(await estimate()).toEqual(before.estimate);
    const o = await overview();
    expect(o.scheduled.map((s) => s.id)).toEqual([v.id]);
    expect(o.current?.rates).toEqual(current);
    expectOk(await call('DELETE', `/v1/admin/rates/${v.id}`, c.admin.access));
    expect((await overview()).scheduled).toEqual([]);
    // The one in force cannot be deleted.
    expectError(await call('DELETE', `/v1/admin/rates/${o.current?.id}`, c.admin.access), 409);
  });

  it('a raise effective now changes the estimate, the fees and a new draft, not an issued invoice nor Blue Parcel', async () => {
    const issued = expectOk<Page<InvoiceSummary>>(
      await call('GET', '/v1/invoices?status=paid&pageSize=5', c.admin.access),
    ).items;
    expect(issued.length).toBeGreaterThan(0);
    const blueBefore = await fees(c.blue.access, 'blue.localhost');
    const before = await estimate();
    const current = (await overview()).current?.rates as RateSet;
    const startedAt = new Date();
    expectOk(await save({ ...raised(current), exchange_rate: '160.0000' }, startedAt), 201);

    const after = await estimate();
    expect(after.freight).toBe(before.freight + 10_000);
    expect(after.exchange_rate).toBe('160.0000');
    const f = await fees();
    expect(f.freight.brackets[0]?.charge_cents).toBe(
      (current.freight.air.brackets[0]?.charge_cents ?? 0) + 10_000,
    );
    expect(f.exchange_rate).toBe('160.0000');
    expect(await fees(c.blue.access, 'blue.localhost')).toEqual(blueBefore);

    // Issued invoices keep their totals; a new draft's computed lines use the new rates.
    const again = expectOk<Page<InvoiceSummary>>(
      await call('GET', '/v1/invoices?status=paid&pageSize=5', c.admin.access),
    ).items;
    expect(again.map((i) => [i.id, i.total_cents])).toEqual(issued.map((i) => [i.id, i.total_cents]));
    const unbilled = expectOk<UnbilledPackage[]>(
      await call('GET', `/v1/admin/invoices/unbilled?customer_id=${c.customer.userId}`, c.admin.access),
    );
    const weighed = unbilled.find((p) => p.weight_lb && p.lines.some((l) => l.type === 'shipping'));
    if (!weighed?.weight_lb) throw new Error('no weighed unbilled package');
    const pounds = Math.max(1, Math.ceil(weighed.weight_lb));
    const bracket = current.freight.air.brackets.find((b) => pounds <= b.max_lb);
    if (!bracket) throw new Error('heavier than the brackets');
    expect(weighed.lines.find((l) => l.type === 'shipping')?.unit_price_cents).toBe(
      bracket.charge_cents + 10_000,
    );

    // The previous version is history now, and the audit says who changed which price, before → after, and when.
    const o = await overview();
    expect(o.history.map((h) => h.rates)).toEqual([current]);
    const me = expectOk<{ id: string; exchange_rate: string }>(
      await call('GET', '/v1/companies/me', c.admin.access),
    );
    expect(me.exchange_rate).toBe('160.0000'); // the company's rate is the one in force, not a copy
    const trail = expectOk<{ items: AuditEntry[] }>(
      await call('GET', `/v1/admin/audit?entity=rates&id=${me.id}`, c.admin.access),
    ).items;
    expect(trail[0]).toMatchObject({ action: 'changed', actor: { name: expect.any(String) } });
    expect(trail[0]?.changes.exchange_rate).toEqual(['157.2500', '160.0000']);
    expect(trail[0]?.changes['freight.air.brackets.0.charge_cents']).toEqual([55_000, 65_000]);
    expect(trail[0]?.note).toContain(startedAt.toISOString());
  });
});
