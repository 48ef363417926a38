import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';

type Named = { id: number; name: string; code: string };
type Status = {
  id: number;
  code: string;
  name: string;
  sort_order: number;
  is_exception: boolean;
  is_final: boolean;
};

describe('reference data (public, the same for every company)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists the 14 parishes of Jamaica, Kingston first, to anyone (sign-up needs them)', async () => {
    const res = await t.request({ method: 'GET', url: '/v1/parishes' });
    const parishes = expectOk<Named[]>(res);
    expect(parishes).toHaveLength(14);
    expect(parishes[0]).toMatchObject({ name: 'Kingston', code: 'kingston' });
    expect(parishes.at(-1)).toMatchObject({ name: 'St. Catherine', code: 'st-catherine' });
    expect(new Set(parishes.map((p) => p.name)).size).toBe(14);
    expect(res.headers['cache-control']).toBe('public, max-age=300');
    // The same list on the other company's host.
    expect(
      expectOk<Named[]>(await t.request({ method: 'GET', url: '/v1/parishes', host: 'blue.localhost' })),
    ).toEqual(parishes);
  });

  it('lists the identification documents', async () => {
    const ids = expectOk<Named[]>(await t.request({ method: 'GET', url: '/v1/identifications' }));
    expect(ids.map((i) => i.code)).toEqual([
      'drivers_licence',
      'passport',
      'national_id',
      'trn_card',
      'voter_id',
    ]);
    expect(ids[1]?.name).toBe('Passport');
  });

  it('lists the package statuses in their order, pre_alerted to returned', async () => {
    const statuses = expectOk<Status[]>(await t.request({ method: 'GET', url: '/v1/package_statuses' }));
    expect(statuses.map((s) => s.code)).toEqual([
      'pre_alerted',
      'received_us',
      'in_transit',
      'at_customs',
      'ready_for_pickup',
      'out_for_delivery',
      'delivered',
      'on_hold',
      'returned',
    ]);
    const orders = statuses.map((s) => s.sort_order);
    expect(orders).toEqual([...orders].sort((a, b) => a - b));
    expect(statuses.find((s) => s.code === 'delivered')).toMatchObject({
      is_final: true,
      is_exception: false,
    });
    expect(statuses.find((s) => s.code === 'on_hold')).toMatchObject({ is_final: false, is_exception: true });
  });

  it('shows one package status by id', async () => {
    const statuses = expectOk<Status[]>(await t.request({ method: 'GET', url: '/v1/package_statuses' }));
    const inTransit = statuses.find((s) => s.code === 'in_transit') as Status;
    const res = await t.request({ method: 'GET', url: `/v1/package_statuses/${inTransit.id}` });
    expect(expectOk<Status>(res)).toEqual(inTransit);
  });

  it('answers an unknown status id with 404', async () => {
    expectError(
      await t.request({ method: 'GET', url: '/v1/package_statuses/9999' }),
      404,
      'Package status not found',
    );
  });

  it.each(['abc', '0', '-1', '1.5', '99999999999'])('answers the id %s with 400, not 500', async (id) => {
    const err = expectError(await t.request({ method: 'GET', url: `/v1/package_statuses/${id}` }), 400);
    expect(err.message).toBe('Validation failed (params)');
    expect(err.errors?.id).toBeTruthy();
  });
});
