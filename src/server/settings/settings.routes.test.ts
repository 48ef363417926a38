import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry } from '../../contract/audit';
import type { Company } from '../../contract/companies';
import type { CompanySettings } from '../../contract/settings';
import { hashPassword } from '../auth/passwords';
import { nextMailboxNumber } from '../companies/mailbox-numbers';
import { companies, users } from '../db/schema';
import { TEST_SCRYPT_LOG_N } from '../test/constants';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk } from '../test/helpers';

describe('GET and PUT /v1/settings (company settings, admins only)', () => {
  let t: TestApp;
  let admin: string;
  let clerk: string;
  let customer: string;
  let blueAdmin: string;
  let start: CompanySettings;

  const get = (token: string, host = 'localhost') =>
    t.request({ method: 'GET', url: '/v1/settings', token, host });
  const put = (token: string, payload: Record<string, unknown>, host = 'localhost') =>
    t.request({ method: 'PUT', url: '/v1/settings', token, host, payload });
  const trail = async () =>
    expectOk<{ items: AuditEntry[] }>(
      await t.request({
        method: 'GET',
        url: `/v1/admin/audit?entity=company&id=${start.company_id}`,
        token: admin,
      }),
    ).items;

  beforeAll(async () => {
    t = await createTestApp();
    admin = (await t.login(DEMO.admin.email, DEMO.admin.password)).access;
    clerk = (await t.login(DEMO.clerk.email, DEMO.clerk.password)).access;
    customer = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
    // An admin of the other company (Blue Parcel), signed in on its host.
    const { db } = t.database;
    const [blue] = await db.select().from(companies).where(eq(companies.slug, 'blue-parcel'));
    if (!blue) throw new Error('no Blue Parcel');
    await db.insert(users).values({
      companyId: blue.id,
      email: 'settings-admin@blue.test',
      passwordHash: await hashPassword('blue-admin-pw-1', TEST_SCRYPT_LOG_N),
      firstName: 'Blue',
      lastName: 'Admin',
      phone: '876-555-0101',
      address: '1 Blue Lane',
      mailboxNumber: await nextMailboxNumber(db, blue.id),
      role: 'admin',
      emailVerifiedAt: new Date(),
    });
    blueAdmin = (await t.login('settings-admin@blue.test', 'blue-admin-pw-1', 'blue.localhost')).access;
    start = expectOk<CompanySettings>(await get(admin));
  });
  afterAll(() => t.close());

  it('gives the admin each section, in the company currency and zone', () => {
    expect(start.currency).toBe('JMD');
    expect(start.time_zone).toBe('America/Jamaica');
    expect(start.payment.bank_transfer.account_name).toBe('Island Express Ltd');
    expect(start.points).toEqual({ cents_per_point: 10000, prealert_bonus: 25, point_value_cents: 100 });
    expect(start.invoice).toMatchObject({ tax_label: 'GCT', due_days: 14 });
  });

  it('refuses staff who are not admin, customers, and callers signed in to another company', async () => {
    expectError(await get(clerk), 403);
    expectError(await put(clerk, { time_zone: 'UTC' }), 403);
    expectError(await get(customer), 403);
    expectError(await put(customer, { time_zone: 'UTC' }), 403);
    expectError(await put(customer, {}), 403); // refused before its body is even read
    // Sessions belong to one company: the other company's admin on this host, or ours on theirs, are not signed in.
    expectError(await get(blueAdmin), 401);
    expectError(await put(blueAdmin, { time_zone: 'UTC' }), 401);
    expectError(await get(admin, 'blue.localhost'), 401);
    // On its own host, the other company's admin sees only its own settings.
    const blue = expectOk<CompanySettings>(await get(blueAdmin, 'blue.localhost'));
    expect(blue.company_id).not.toBe(start.company_id);
    expect(blue.payment.bank_transfer.account_name).toBe('Blue Parcel Ltd');
    // Nothing moved.
    expect(expectOk<CompanySettings>(await get(admin))).toEqual(start);
  });

  it('saves the payment section, audits it, and the customer’s unpaid invoice says the new account', async () => {
    const payment = {
      ...start.payment,
      bank_transfer: { ...start.payment.bank_transfer, account_name: 'Island Express Trading Ltd' },
      online_url: 'https://pay.islandexpress.example/invoices',
    };
    const saved = expectOk<CompanySettings>(await put(admin, { payment }), 200, 'Settings saved');
    expect(saved.payment.bank_transfer.account_name).toBe('Island Express Trading Ltd');
    expect(saved.points).toEqual(start.points); // other sections untouched
    expect(expectOk<CompanySettings>(await get(admin)).payment.online_url).toBe(
      'https://pay.islandexpress.example/invoices',
    );

    const entry = (await trail())[0];
    expect(entry).toMatchObject({
      entity: 'company',
      action: 'updated',
      actor: { name: expect.any(String) },
    });
    expect(entry?.changes['payment.bank_transfer.account_name']).toEqual([
      'Island Express Ltd',
      'Island Express Trading Ltd',
    ]);
    expect(entry?.changes['payment.online_url']).toEqual(['', 'https://pay.islandexpress.example/invoices']);
    expect(Object.keys(entry?.changes ?? {})).toHaveLength(2);

    const list = expectOk<{ items: { id: string; balance_cents: number; status: string }[] }>(
      await t.request({ method: 'GET', url: '/v1/invoices?pageSize=100', token: customer }),
    );
    const unpaid = list.items.find((i) => i.balance_cents > 0 && i.status !== 'cancelled');
    expect(unpaid, 'the demo customer has an unpaid invoice').toBeTruthy();
    const detail = expectOk<{ how_to_pay: { bank_transfer: { account_name: string }; online_url: string } }>(
      await t.request({ method: 'GET', url: `/v1/invoices/${unpaid?.id}`, token: customer }),
    );
    expect(detail.how_to_pay.bank_transfer.account_name).toBe('Island Express Trading Ltd');
    expect(detail.how_to_pay.online_url).toBe('https://pay.islandexpress.example/invoices');
  });

  it('saves the points and invoice sections; the fee page and the points rules follow', async () => {
    const points = { cents_per_point: 20000, prealert_bonus: 10, point_value_cents: 50 };
    const invoice = { ...start.invoice, tax_label: 'Sales tax', due_days: 30 };
    const saved = expectOk<CompanySettings>(await put(admin, { points, invoice }));
    expect(saved.points).toEqual(points);
    expect(saved.invoice).toMatchObject({ tax_label: 'Sales tax', due_days: 30 });
    const fees = expectOk<{ points: typeof points; invoice_due_days: number }>(
      await t.request({ method: 'GET', url: '/v1/fees', token: customer }),
    );
    expect(fees.points).toEqual(points);
    expect(fees.invoice_due_days).toBe(30);
    const changes = (await trail())[0]?.changes ?? {};
    expect(changes['points.cents_per_point']).toEqual([10000, 20000]);
    expect(changes['invoice.due_days']).toEqual([14, 30]);
  });

  it('saves the time zone: GET /v1/companies/me and the page’s boot block say it at once', async () => {
    const me = async () =>
      expectOk<Company>(await t.request({ method: 'GET', url: '/v1/companies/me' })).time_zone;
    expect(await me()).toBe('America/Jamaica'); // cached now
    expectOk(await put(admin, { time_zone: 'America/Toronto' }));
    expect(await me()).toBe('America/Toronto');
    const blue = expectOk<Company>(
      await t.request({ method: 'GET', url: '/v1/companies/me', host: 'blue.localhost' }),
    );
    expect(blue.time_zone).toBe('America/Jamaica');
    expect((await trail())[0]?.changes.time_zone).toEqual(['America/Jamaica', 'America/Toronto']);
  });

  it('refuses bad values with the error envelope naming the field, and saves nothing', async () => {
    const before = expectOk<CompanySettings>(await get(admin));
    const entries = (await trail()).length;
    const cases: [Record<string, unknown>, string][] = [
      [{ time_zone: 'Mars/Olympus_Mons' }, 'time_zone'],
      [{ time_zone: '' }, 'time_zone'],
      [{ payment: { ...before.payment, online_url: 'javascript:alert(1)' } }, 'payment.online_url'],
      [{ points: { ...before.points, cents_per_point: 0 } }, 'points.cents_per_point'],
      [{ invoice: { ...before.invoice, tax_rate: '1.5' } }, 'invoice.tax_rate'],
      [{ invoice: { ...before.invoice, due_days: 400 } }, 'invoice.due_days'],
      [{ invoice: { ...before.invoice, tax_label: '  ' } }, 'invoice.tax_label'],
      [{ freight: { brackets: [] } }, ''],
    ];
    for (const [payload, field] of cases) {
      const body = expectError(await put(admin, payload), 400);
      if (field) expect(Object.keys(body.errors ?? {}), JSON.stringify(payload)).toContain(field);
    }
    expectError(await put(admin, {}), 400);
    expect(expectOk<CompanySettings>(await get(admin))).toEqual(before);
    expect(await trail()).toHaveLength(entries);
  });

  it('writes no audit entry when nothing changed', async () => {
    const before = expectOk<CompanySettings>(await get(admin));
    const entries = (await trail()).length;
    expectOk(await put(admin, { payment: before.payment, time_zone: before.time_zone }));
    expect(await trail()).toHaveLength(entries);
  });
});
