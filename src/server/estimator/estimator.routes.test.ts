import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DutyCategory, DutyEstimate } from '../../contract/duty';
import type { Fees } from '../../contract/fees';
import { type Cast, cast, expectRefused, outsiders } from '../test/access';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';

describe('duty categories, the calculator and fees', () => {
  let t: TestApp;
  let c: Cast;
  let cats: DutyCategory[];
  const byCode = (code: string) => {
    const cat = cats.find((x) => x.code === code);
    if (!cat) throw new Error(`no category ${code}`);
    return cat;
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    cats = expectOk<DutyCategory[]>(
      await t.request({ method: 'GET', url: '/v1/dutycategories', token: c.customer.access }),
    );
  });
  afterAll(() => t.close());

  const calc = (payload: unknown, token = c.customer.access, host = 'localhost') =>
    t.request({ method: 'POST', url: '/v1/dutycalculator', token, host, payload: payload as object });

  it('lists the company’s duty categories with exact decimal rates', () => {
    expect(cats.map((x) => [x.code, x.duty_rate, x.gct_rate])).toEqual([
      ['general', '0.2000', '0.1500'],
      ['laptops', '0.0000', '0.1500'],
      ['textbooks', '0.0000', '0.0000'],
      ['audio', '0.2500', '0.1500'],
      ['auto_parts', '0.3000', '0.1500'],
      ['cellphones', '0.2000', '0.2500'],
      ['clothing', '0.2000', '0.1500'],
    ]);
  });

  it('estimates every line in JMD cents with its rate (worked example A of duty.test.ts)', async () => {
    const e = expectOk<DutyEstimate>(
      await calc({
        category_id: byCode('general').id,
        value_usd: 150,
        weight_lb: 2.3,
        shipping_method: 'air',
      }),
      200,
      'Estimate',
    );
    expect(e).toMatchObject({
      currency: 'JMD',
      exchange_rate: '157.2500',
      value_usd_cents: 15_000,
      weight_lb: 2.3,
      chargeable_weight_lb: 3,
      rates: { duty: '0.2000', gct: '0.1500', insurance: '0.01', scf: '0.003', envl: '0.005' },
      value_jmd: 2_358_750,
      freight: 135_000,
      insurance: 24_938,
      cif: 2_518_688,
      duty: 503_738,
      scf: 7_556,
      envl: 12_593,
      gct: 453_364,
      stamp: 10_000,
      caf: 250_000,
      customs_total: 1_237_251,
      handling: 0,
      total: 1_372_251,
      de_minimis_applied: false,
      de_minimis_usd_cents: 10_000,
      warning: null,
    });
    expect(e.exchange_rate_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(e.lines.map((l) => l.code)).toEqual([
      'value',
      'freight',
      'insurance',
      'cif',
      'duty',
      'scf',
      'envl',
      'gct',
      'stamp',
      'caf',
      'customs_total',
      'handling',
      'total',
    ]);
    expect(e.lines.find((l) => l.code === 'duty')).toMatchObject({ amount_cents: 503_738, rate: '0.2000' });
    expect(e.lines.find((l) => l.code === 'duty')?.label).toContain('20 %');
    expect(e.disclaimer).toMatch(/estimate/i);
  });

  it('applies the de minimis at US$100.00, not at US$100.01, and warns near it; sea costs more insurance', async () => {
    const general = byCode('general').id;
    const at = expectOk<DutyEstimate>(await calc({ category_id: general, value_usd: 100, weight_lb: 0.2 }));
    expect(at).toMatchObject({
      de_minimis_applied: true,
      customs_total: 0,
      total: 55_000,
      chargeable_weight_lb: 1,
    });
    expect(at.shipping_method).toBe('air'); // the default
    expect(at.warning).toMatch(/Close to the US\$100\.00 limit/);
    expect(at.lines.find((l) => l.code === 'caf')?.label).toMatch(/not charged/);
    const over = expectOk<DutyEstimate>(
      await calc({ category_id: general, value_usd: 100.01, weight_lb: 0.2 }),
    );
    expect(over).toMatchObject({ de_minimis_applied: false, customs_total: 897_847, total: 952_847 });
    expect(over.warning).toMatch(/Just over/);
    const sea = expectOk<DutyEstimate>(
      await calc({
        category_id: byCode('auto_parts').id,
        value_usd: 420,
        weight_lb: 35,
        shipping_method: 'sea',
      }),
    );
    expect(sea).toMatchObject({ insurance: 121_268, total: 5_967_501, rates: { insurance: '0.015' } });
  });

  it('uses the host company’s rate and schedules (Blue Parcel differs)', async () => {
    const blueCats = expectOk<DutyCategory[]>(
      await t.request({
        method: 'GET',
        url: '/v1/dutycategories',
        token: c.blue.access,
        host: 'blue.localhost',
      }),
    );
    const general = blueCats.find((x) => x.code === 'general');
    expect(general?.id).not.toBe(byCode('general').id);
    const e = expectOk<DutyEstimate>(
      await calc({ category_id: general?.id, value_usd: 100, weight_lb: 1 }, c.blue.access, 'blue.localhost'),
    );
    // 1 lb at Blue Parcel: J$600; value 10,000 × 156.80 = 1,568,000; insurance 1 % × 1,628,000 = 16,280
    expect(e).toMatchObject({
      exchange_rate: '156.8000',
      freight: 60_000,
      value_jmd: 1_568_000,
      insurance: 16_280,
    });
    // A category of the other company is not in this one's list.
    const foreign = expectError(await calc({ category_id: general?.id, value_usd: 100, weight_lb: 1 }), 400);
    expect(foreign.errors?.category_id).toBeDefined();
  });

  it('refuses bad input with an error on each field', async () => {
    const res = expectError(
      await calc({ category_id: 'general', value_usd: 0, weight_lb: -1, shipping_method: 'rail' }),
      400,
      'Validation failed',
    );
    expect(Object.keys(res.errors ?? {}).sort()).toEqual([
      'category_id',
      'shipping_method',
      'value_usd',
      'weight_lb',
    ]);
    const decimals = expectError(
      await calc({ category_id: byCode('general').id, value_usd: 10.001, weight_lb: 1.234 }),
      400,
    );
    expect(decimals.errors).toMatchObject({
      value_usd: ['Use at most 2 decimals'],
      weight_lb: ['Use at most 2 decimals'],
    });
    const missing = expectError(await calc({}), 400);
    expect(missing.errors?.value_usd).toEqual(['Enter the value in US dollars']);
    expectError(await calc({ category_id: 999_999, value_usd: 10, weight_lb: 1 }), 400);
    expectError(await calc({ category_id: byCode('general').id, value_usd: 2_000_000, weight_lb: 1 }), 400);
  });

  it('gives the fee schedule from the same settings', async () => {
    const fees = expectOk<Fees>(
      await t.request({ method: 'GET', url: '/v1/fees', token: c.customer.access }),
    );
    expect(fees.freight.brackets.map((b) => [b.max_lb, b.charge_cents / 100])).toEqual([
      [1, 550],
      [2, 950],
      [3, 1350],
      [5, 2000],
      [10, 3800],
      [20, 7400],
      [30, 10800],
      [40, 14800],
      [50, 18800],
    ]);
    expect(fees.freight.excess_per_lb_cents).toBe(38_000);
    expect(fees.handling.brackets[0]).toEqual({ max_lb: 5, charge_cents: 0 });
    expect(fees.storage).toEqual({ free_days: 7, per_day_cents: 15_000 });
    expect(fees.other_charges.map((o) => o.name)).toContain('Customs brokerage');
    expect(fees.customs).toMatchObject({ de_minimis_usd_cents: 10_000, caf_cents: 250_000 });
    expect(fees).toMatchObject({ currency: 'JMD', exchange_rate: '157.2500' });
    expect(fees.notes.join(' ')).toContain('J$380.00');
    const blue = expectOk<Fees>(
      await t.request({ method: 'GET', url: '/v1/fees', token: c.blue.access, host: 'blue.localhost' }),
    );
    expect(blue.freight.brackets[0]?.charge_cents).toBe(60_000);
    expect(blue.storage.free_days).toBe(5);
  });

  it('documents the estimator from the contract in the OpenAPI document', async () => {
    const doc = (await t.request({ method: 'GET', url: '/docs/json' })).json();
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining(['/v1/dutycategories', '/v1/dutycalculator', '/v1/fees']),
    );
    expect(
      doc.paths['/v1/dutycalculator'].post.requestBody.content['application/json'].schema.required,
    ).toEqual(expect.arrayContaining(['category_id', 'value_usd', 'weight_lb']));
  });

  it('is for signed-in, verified users of the host’s company', async () => {
    const callers = outsiders(c).filter((o) => !o.expect.includes(404));
    await expectRefused(callers, [
      {
        name: 'categories',
        run: (token, host) => t.request({ method: 'GET', url: '/v1/dutycategories', token, host }),
      },
      {
        name: 'calculator',
        run: (token, host) =>
          t.request({
            method: 'POST',
            url: '/v1/dutycalculator',
            token,
            host,
            payload: { category_id: byCode('general').id, value_usd: 10, weight_lb: 1 },
          }),
      },
      { name: 'fees', run: (token, host) => t.request({ method: 'GET', url: '/v1/fees', token, host }) },
    ]);
    // Staff may use the estimator too.
    expectOk(await calc({ category_id: byCode('general').id, value_usd: 10, weight_lb: 1 }, c.admin.access));
  });
});
