import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Dashboard } from '../../contract/admin-dashboard';
import { companies, invoices, packages, prealerts, users } from '../db/schema';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';

describe('GET /v1/admin/dashboard', () => {
  let t: TestApp;
  let clerk: { access: string };
  let customer: { access: string; userId: string };
  let companyId: string;
  const today = async (query = '') =>
    expectOk<Dashboard>(
      await t.request({ method: 'GET', url: `/v1/admin/dashboard${query}`, token: clerk.access }),
    );

  beforeAll(async () => {
    t = await createTestApp();
    clerk = await t.login(DEMO.clerk.email, DEMO.clerk.password);
    customer = await t.login(DEMO.customer.email, DEMO.customer.password);
    const [row] = await t.database.db
      .select({ id: users.companyId })
      .from(users)
      .where(eq(users.id, customer.userId));
    companyId = row?.id ?? '';
  });
  afterAll(() => t.close());

  it('counts today’s work, and each figure moves when the work it counts does', async () => {
    const before = await today();
    const db = t.database.db;
    const now = new Date();
    // One parcel received now for nobody (Unassigned), one ready for pickup, a pending pre-alert, an overdue invoice.
    await db.insert(packages).values([
      {
        companyId,
        userId: null,
        trackingNumber: 'DASH-UNASSIGNED-1',
        statusCode: 'received_us',
        receivedAt: now,
      },
      { companyId, userId: customer.userId, trackingNumber: 'DASH-READY-1', statusCode: 'ready_for_pickup' },
    ]);
    await db.insert(prealerts).values({
      companyId,
      userId: customer.userId,
      trackingNumber: 'DASH-PRE-1',
      sellerName: 'Amazon',
      description: 'Shoes',
      weight: '2',
      valueCents: 5000,
      packageType: 'parcel',
    });
    await db.insert(invoices).values({
      companyId,
      userId: customer.userId,
      number: 'DASH-0001',
      status: 'issued',
      totalCents: 123_456,
      issuedAt: new Date(now.getTime() - 40 * 86_400_000),
      dueAt: new Date(now.getTime() - 10 * 86_400_000).toISOString().slice(0, 10),
    });
    const after = await today();
    expect({
      received_today: after.received_today - before.received_today,
      unassigned: after.unassigned - before.unassigned,
      unmatched_prealerts: after.unmatched_prealerts - before.unmatched_prealerts,
      ready_for_pickup: after.ready_for_pickup - before.ready_for_pickup,
      overdue_invoices: after.overdue_invoices - before.overdue_invoices,
      overdue_total_cents: after.overdue_total_cents - before.overdue_total_cents,
    }).toEqual({
      received_today: 1,
      unassigned: 1,
      unmatched_prealerts: 1,
      ready_for_pickup: 1,
      overdue_invoices: 1,
      overdue_total_cents: 123_456,
    });
    const [company] = await db.select().from(companies).where(eq(companies.id, companyId));
    expect(after.currency).toBe(company?.currency);

    // "Today" starts where the clerk's day starts: from tomorrow on, nothing was received yet.
    const tomorrow = new Date(now.getTime() + 86_400_000).toISOString();
    expect((await today(`?since=${encodeURIComponent(tomorrow)}`)).received_today).toBe(0);
    await db
      .update(packages)
      .set({ userId: customer.userId })
      .where(and(eq(packages.companyId, companyId), eq(packages.trackingNumber, 'DASH-UNASSIGNED-1')));
    expect((await today()).unassigned).toBe(before.unassigned);
  });

  it('refuses customers and bad input, and shows each company only its own work', async () => {
    expectError(await t.request({ method: 'GET', url: '/v1/admin/dashboard', token: customer.access }), 403);
    expectError(await t.request({ method: 'GET', url: '/v1/admin/dashboard' }), 401);
    const bad = expectError(
      await t.request({ method: 'GET', url: '/v1/admin/dashboard?since=yesterday', token: clerk.access }),
      400,
    );
    expect(bad.errors?.since).toBeDefined();
    // The other company's staff see their own (empty) day, not this company's.
    await t.database.db.update(users).set({ role: 'staff' }).where(eq(users.email, DEMO.blue.email));
    const blue = await t.login(DEMO.blue.email, DEMO.blue.password, 'blue.localhost');
    const theirs = expectOk<Dashboard>(
      await t.request({
        method: 'GET',
        url: '/v1/admin/dashboard',
        host: 'blue.localhost',
        token: blue.access,
      }),
    );
    const pendingOf = async (host: string) => {
      const rows = await t.database.db
        .select({ id: prealerts.id })
        .from(prealerts)
        .innerJoin(companies, eq(companies.id, prealerts.companyId))
        .where(and(eq(prealerts.status, 'pending'), eq(companies.slug, host)));
      return rows.length;
    };
    expect(theirs.unmatched_prealerts).toBe(await pendingOf('blue-parcel'));
    expect((await today()).unmatched_prealerts).toBe(await pendingOf('island-express'));
    expect(theirs.unmatched_prealerts).not.toBe((await today()).unmatched_prealerts);
  });
});
