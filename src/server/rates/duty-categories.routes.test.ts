import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { DutyCategory, DutyEstimate } from '../../contract/duty';
import type { AdminDutyCategory } from '../../contract/rates';
import { type Cast, cast } from '../test/access';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';

const HOUR = 3_600_000;

describe('duty categories with effective-dated rates: /v1/admin/duty-categories', () => {
  let t: TestApp;
  let c: Cast;
  let clerk: string;

  const call = (
    method: 'GET' | 'POST' | 'PUT',
    url: string,
    token: string,
    payload?: object,
    host = 'localhost',
  ) => t.request({ method, url, token, host, ...(payload ? { payload } : {}) });
  const offered = async (token = c.customer.access, host = 'localhost') =>
    expectOk<DutyCategory[]>(await call('GET', '/v1/dutycategories', token, undefined, host));
  const estimate = (categoryId: number) =>
    call('POST', '/v1/dutycalculator', c.customer.access, {
      category_id: categoryId,
      value_usd: 400,
      weight_lb: 3,
      shipping_method: 'air',
    });
  const body = (over: Record<string, unknown> = {}) => ({
    name: 'Drones',
    description: 'Camera drones',
    duty_rate: '0.10',
    gct_rate: '0.15',
    other_rate: '0.05',
    other_label: 'Special consumption tax',
    effective_from: new Date().toISOString(),
    ...over,
  });

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    clerk = (await t.login(DEMO.clerk.email, DEMO.clerk.password)).access;
  });
  afterAll(() => t.close());

  it('refuses clerks and customers; a bad rate is a field error and nothing is added', async () => {
    for (const token of [clerk, c.customer.access]) {
      expectError(await call('POST', '/v1/admin/duty-categories', token, { code: 'drones', ...body() }), 403);
    }
    const bad = expectError(
      await call('POST', '/v1/admin/duty-categories', c.admin.access, {
        code: 'drones',
        ...body({ duty_rate: '-1' }),
      }),
      400,
    );
    expect(bad.errors).toHaveProperty(['duty_rate']);
    expect((await offered()).some((k) => k.code === 'drones')).toBe(false);
  });

  it('adds a category effective now: the estimator offers it and applies its other charge', async () => {
    const added = expectOk<AdminDutyCategory>(
      await call('POST', '/v1/admin/duty-categories', c.admin.access, { code: 'drones', ...body() }),
      201,
    );
    expect(added).toMatchObject({ status: 'active', current: { duty_rate: '0.1000', other_rate: '0.0500' } });
    const cat = (await offered()).find((k) => k.code === 'drones');
    expect(cat).toMatchObject({ duty_rate: '0.1000', other_label: 'Special consumption tax' });
    const e = expectOk<DutyEstimate>(await estimate(added.id));
    const other = e.lines.find((l) => l.code === 'other');
    expect(other?.label).toMatch(/^Special consumption tax \(5 % of CIF\)/);
    expect(e.customs_total).toBe(e.duty + e.scf + e.envl + e.gct + (e.other ?? 0) + e.stamp + e.caf);
    // The other company never sees it.
    expect((await offered(c.blue.access, 'blue.localhost')).some((k) => k.code === 'drones')).toBe(false);
    expectError(
      await call('POST', '/v1/admin/duty-categories', c.admin.access, { code: 'drones', ...body() }),
      409,
    );
  });

  it('a change effective tomorrow leaves today’s estimate unchanged and is listed as scheduled', async () => {
    const drones = (await offered()).find((k) => k.code === 'drones');
    if (!drones) throw new Error('no drones');
    const today = expectOk<DutyEstimate>(await estimate(drones.id));
    const tomorrow = new Date(Date.now() + 24 * HOUR).toISOString();
    const changed = expectOk<AdminDutyCategory>(
      await call(
        'PUT',
        `/v1/admin/duty-categories/${drones.id}`,
        c.admin.access,
        body({ duty_rate: '0.30', effective_from: tomorrow }),
      ),
    );
    expect(changed.current?.duty_rate).toBe('0.1000');
    expect(changed.scheduled.map((s) => s.duty_rate)).toEqual(['0.3000']);
    expect(expectOk<DutyEstimate>(await estimate(drones.id)).total).toBe(today.total);
    const trail = expectOk<{ items: AuditEntry[] }>(
      await call('GET', `/v1/admin/audit?entity=duty_category&id=${drones.id}`, c.admin.access),
    ).items;
    expect(trail[0]?.changes.duty_rate).toEqual(['0.1000', '0.30']);
    expect(trail[0]?.note).toContain(tomorrow);
  });

  it('retires a category: gone from the estimator, kept (retired) in the admin list, never deleted', async () => {
    const drones = (await offered()).find((k) => k.code === 'drones');
    if (!drones) throw new Error('no drones');
    expectError(await call('POST', `/v1/admin/duty-categories/${drones.id}/retire`, clerk), 403);
    const retired = expectOk<AdminDutyCategory>(
      await call('POST', `/v1/admin/duty-categories/${drones.id}/retire`, c.admin.access),
    );
    expect(retired.status).toBe('retired');
    expect((await offered()).some((k) => k.code === 'drones')).toBe(false);
    expect(expectError(await estimate(drones.id), 400).errors).toHaveProperty(['category_id']);
    const all = expectOk<AdminDutyCategory[]>(await call('GET', '/v1/admin/duty-categories', c.admin.access));
    expect(all.find((k) => k.id === drones.id)?.status).toBe('retired');
    expectError(await call('POST', `/v1/admin/duty-categories/${drones.id}/retire`, c.admin.access), 409);
    // Another company's admin cannot reach it.
    expectError(
      await call(
        'POST',
        `/v1/admin/duty-categories/${drones.id}/retire`,
        c.blueStaff.access,
        undefined,
        'blue.localhost',
      ),
      404,
    );
  });
});
