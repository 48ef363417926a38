import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Tokens } from '../../contract/auth';
import type { PlatformCompany } from '../../contract/platform';
import type { PendingInvitation } from '../../contract/staff';
import { auditLog, companies, companySettings, dutyCategories, menus } from '../db/schema';
import { ratesInForce } from '../rates/in-force';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { expectError, expectOk, waitForMail } from '../test/helpers';
import { hostRuleProblem } from './platform.service';
import { startOfMonthIn } from './usage';

const coral = (overrides: Record<string, unknown> = {}) => ({
  name: 'Coral Courier',
  short_name: 'Coral',
  hosts: ['coral.localhost', 'Ship.Coral.Test'],
  mailbox_prefix: 'crl',
  currency: 'jmd',
  time_zone: 'America/New_York',
  primary_color: '#E4572E',
  support_email: 'help@coral.test',
  support_phone: '876-555-0300',
  warehouse_address: {
    line1: '2100 NW 42nd Avenue',
    line2: 'Bay 4',
    city: 'Miami',
    state: 'FL',
    postal_code: '33142',
    country: 'United States',
    phone: '305-555-0300',
  },
  ...overrides,
});

type Page = { items: PlatformCompany[]; total: number };

describe('the platform console (/v1/platform/companies)', () => {
  let t: TestApp;
  let platform: string;
  let created: PlatformCompany;
  const me = (host: string) => t.request({ method: 'GET', url: '/v1/companies/me', host });
  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object, token = platform) =>
    t.request({ method, url, token, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    t = await createTestApp();
    platform = (await t.login(DEMO.platform.email, DEMO.platform.password)).access;
  });
  afterAll(() => t.close());

  it('creates a company on two hosts, with the template, its zone and an audit entry', async () => {
    created = expectOk<PlatformCompany>(
      await call('POST', '/v1/platform/companies', coral()),
      201,
      'Company created',
    );
    expect(created).toMatchObject({
      name: 'Coral Courier',
      short_name: 'Coral',
      slug: 'coral-courier',
      hosts: ['coral.localhost', 'ship.coral.test'],
      mailbox_prefix: 'CRL',
      currency: 'JMD',
      time_zone: 'America/New_York',
      primary_color: '#e4572e',
      status: 'active',
      is_platform: false,
      usage: { customers: 0, parcels_this_month: 0, invoices: 0, stored_bytes: 0 },
    });
    for (const host of ['coral.localhost:8080', 'ship.coral.test']) {
      expect(expectOk<{ id: string; name: string }>(await me(host))).toMatchObject({
        id: created.id,
        name: 'Coral Courier',
      });
    }
    const { db } = t.database;
    const menuCodes = (await db.select().from(menus).where(eq(menus.companyId, created.id))).map(
      (m) => m.code,
    );
    expect(menuCodes.sort()).toEqual(['admin', 'customer']);
    const categories = await db.select().from(dutyCategories).where(eq(dutyCategories.companyId, created.id));
    expect(categories.length).toBeGreaterThan(0);
    // The template's prices, but never the demo company's bank account on Coral's invoices.
    const [settings] = await db
      .select()
      .from(companySettings)
      .where(eq(companySettings.companyId, created.id));
    expect(settings?.settings.time_zone).toBe('America/New_York');
    expect((await ratesInForce(db, created.id)).freight.air.brackets.length).toBeGreaterThan(0);
    expect(settings?.settings.payment.bank_transfer).toEqual({
      bank_name: '',
      account_name: '',
      account_number: '',
      branch: '',
      account_type: '',
    });
    const [entry] = await db.select().from(auditLog).where(eq(auditLog.entityId, created.id));
    expect(entry).toMatchObject({ entity: 'company', action: 'created' });
    expect(entry?.changes.hosts).toEqual([null, 'coral.localhost, ship.coral.test']);
  });

  it('refuses a host another company uses: a 400 on hosts naming it, and nothing saved', async () => {
    const before = (await t.database.db.select().from(companies)).length;
    const err = expectError(
      await call(
        'POST',
        '/v1/platform/companies',
        coral({ name: 'Reef Runner', mailbox_prefix: 'REF', hosts: ['reef.localhost', 'blue.localhost'] }),
      ),
      400,
    );
    expect(err.errors?.hosts).toEqual(['blue.localhost is already used by another company']);
    expect((await t.database.db.select().from(companies)).length).toBe(before);
    expectError(await me('reef.localhost'), 404);
  });

  it('refuses a used mailbox prefix, a bad host, currency, zone and colour with field errors', async () => {
    const taken = expectError(
      await call(
        'POST',
        '/v1/platform/companies',
        coral({ hosts: ['other.localhost'], mailbox_prefix: 'BLU' }),
      ),
      400,
    );
    expect(taken.errors?.mailbox_prefix).toEqual(['BLU is already used by another company']);
    const bad = expectError(
      await call(
        'POST',
        '/v1/platform/companies',
        coral({
          hosts: ['http://x.test:80'],
          currency: 'XYZ',
          time_zone: 'Mars/Olympus',
          primary_color: 'coral',
        }),
      ),
      400,
    );
    expect(Object.keys(bad.errors ?? {}).sort()).toEqual(
      ['currency', 'hosts.0', 'primary_color', 'time_zone'].sort(),
    );
  });

  it('lists every company with hosts, status and usage; searches by host; pages', async () => {
    const all = expectOk<Page>(await call('GET', '/v1/platform/companies'));
    expect(all.items.map((c) => c.name)).toEqual(['Blue Parcel', 'Coral Courier', 'Island Express']);
    const island = all.items.find((c) => c.slug === 'island-express');
    expect(island).toMatchObject({ is_platform: true, hosts: ['127.0.0.1', 'localhost'], status: 'active' });
    expect(island?.usage.customers).toBeGreaterThan(0);
    expect(island?.usage.invoices).toBeGreaterThan(0);
    const found = expectOk<Page>(await call('GET', '/v1/platform/companies?q=ship.coral'));
    expect(found.items.map((c) => c.name)).toEqual(['Coral Courier']);
    const paged = expectOk<Page>(await call('GET', '/v1/platform/companies?pageSize=1&page=2'));
    expect(paged).toMatchObject({ total: 3 });
    expect(paged.items.map((c) => c.name)).toEqual(['Coral Courier']);
  });

  it('deactivates: its hosts answer 404 at once, nothing is deleted; reactivates: back', async () => {
    const off = expectOk<PlatformCompany>(
      await call('PATCH', `/v1/platform/companies/${created.id}`, { status: 'inactive' }),
    );
    expect(off.status).toBe('inactive');
    expectError(await me('coral.localhost'), 404);
    const listed = expectOk<Page>(await call('GET', '/v1/platform/companies?status=inactive'));
    expect(listed.items.map((c) => c.name)).toEqual(['Coral Courier']);
    expect(listed.items[0]?.hosts).toEqual(['coral.localhost', 'ship.coral.test']);

    expectOk(await call('PATCH', `/v1/platform/companies/${created.id}`, { status: 'active' }));
    expect(expectOk<{ id: string }>(await me('coral.localhost')).id).toBe(created.id);
    const actions = (
      await t.database.db.select().from(auditLog).where(eq(auditLog.entityId, created.id))
    ).map((a) => a.action);
    expect(actions).toEqual(['created', 'deactivated', 'reactivated']);
  });

  it('changes hosts: the dropped one 404s, the new one serves; another company’s host is refused', async () => {
    const moved = expectOk<PlatformCompany>(
      await call('PATCH', `/v1/platform/companies/${created.id}`, {
        hosts: ['coral.localhost', 'reef.localhost'],
      }),
    );
    expect(moved.hosts).toEqual(['coral.localhost', 'reef.localhost']);
    expectError(await me('ship.coral.test'), 404);
    expect(expectOk<{ id: string }>(await me('reef.localhost')).id).toBe(created.id);
    const err = expectError(
      await call('PATCH', `/v1/platform/companies/${created.id}`, {
        hosts: ['coral.localhost', 'blue.localhost'],
      }),
      400,
    );
    expect(err.errors?.hosts).toEqual(['blue.localhost is already used by another company']);
    expect(
      expectOk<PlatformCompany>(await call('GET', `/v1/platform/companies/${created.id}`)).hosts,
    ).toEqual(['coral.localhost', 'reef.localhost']);
  });

  it('never switches off the platform’s own company, nor drops the host the operator is on', async () => {
    const island = expectOk<Page>(await call('GET', '/v1/platform/companies?q=island')).items[0];
    if (!island) throw new Error('no Island Express');
    const off = expectError(
      await call('PATCH', `/v1/platform/companies/${island.id}`, { status: 'inactive' }),
      400,
    );
    expect(off.errors?.status).toEqual(['The platform’s own company cannot be deactivated']);
    const drop = expectError(
      await call('PATCH', `/v1/platform/companies/${island.id}`, { hosts: ['127.0.0.1.nip.test'] }),
      400,
    );
    expect(drop.errors?.hosts).toEqual(['Keep localhost: you are signed in on it']);
    expect(expectOk<{ id: string }>(await me('localhost')).id).toBe(island.id);
  });

  it('invites the first admin: the mail’s link opens on the company’s host and signs them in as its admin', async () => {
    const email = 'owner@coral.test';
    const made = expectOk<PendingInvitation>(
      await call('POST', `/v1/platform/companies/${created.id}/invitations`, { email: 'Owner@Coral.test' }),
      201,
      'Invitation sent',
    );
    expect(made).toMatchObject({ email, role: 'admin', status: 'pending' });
    // Only the company's own host shows its mail (the platform's does not).
    expect(await waitForMail(t, email, 1, 300)).toEqual([]);
    const [mail] = await waitForMail(t, email, 1, 3000, ['coral.localhost']);
    const link = mail?.links.find((l) => l.includes('/invite/')) ?? '';
    expect(link).toMatch(/^http:\/\/coral\.localhost\/invite\/[\w-]{20,}$/);
    const token = link.split('/invite/')[1] ?? '';
    const res = await t.request({
      method: 'POST',
      url: '/v1/auth/invitations/accept',
      host: 'coral.localhost',
      payload: { token, first_name: 'Coral', last_name: 'Owner', password: 'mango-tree-42' },
    });
    const tokens = expectOk<Tokens>(res);
    expect(tokens.user).toMatchObject({ email, role: 'admin', company_id: created.id });
    expect(tokens.user.mailbox_number).toMatch(/^CRL-/);
    // The admin is on the staff now: inviting them again is refused on the field; a malformed address too.
    const again = expectError(
      await call('POST', `/v1/platform/companies/${created.id}/invitations`, { email }),
      409,
    );
    expect(again.errors).toHaveProperty('email');
    expectError(await call('POST', `/v1/platform/companies/${created.id}/invitations`, { email: 'x' }), 400);
    const missing = '00000000-0000-4000-8000-000000000000';
    expectError(await call('POST', `/v1/platform/companies/${missing}/invitations`, { email }), 404);
  });

  it('is for the platform operator only: admins, clerks and customers 403, anonymous 401', async () => {
    const admin = (await t.login(DEMO.admin.email, DEMO.admin.password)).access;
    const clerk = (await t.login(DEMO.clerk.email, DEMO.clerk.password)).access;
    const customer = (await t.login(DEMO.customer.email, DEMO.customer.password)).access;
    const body = coral({ name: 'Sneaky', hosts: ['sneaky.localhost'], mailbox_prefix: 'SNK' });
    for (const token of [admin, clerk, customer]) {
      expectError(await call('GET', '/v1/platform/companies', undefined, token), 403);
      expectError(await call('GET', `/v1/platform/companies/${created.id}`, undefined, token), 403);
      expectError(await call('POST', '/v1/platform/companies', body, token), 403);
      expectError(
        await call('PATCH', `/v1/platform/companies/${created.id}`, { status: 'inactive' }, token),
        403,
      );
    }
    expectError(await t.request({ method: 'GET', url: '/v1/platform/companies' }), 401);
    expectError(await me('sneaky.localhost'), 404);
    expect(expectOk<{ id: string }>(await me('coral.localhost')).id).toBe(created.id);
  });
});

describe('host rules and the month', () => {
  it('with PLATFORM_DOMAIN, a host under it is one name deep and the domain itself is nobody’s', () => {
    expect(hostRuleProblem(['coral.portals.example', 'coral.example'], 'portals.example')).toBeNull();
    expect(hostRuleProblem(['portals.example'], 'portals.example')).toMatch(/platform’s own domain/);
    expect(hostRuleProblem(['a.b.portals.example'], 'portals.example')).toMatch(/one name under/);
    expect(hostRuleProblem(['a.b.portals.example'], undefined)).toBeNull();
  });

  it('starts the month at midnight of the 1st in the company’s zone', () => {
    // 00:30 UTC on 1 March is still February in Jamaica (UTC−5).
    const at = new Date('2026-03-01T00:30:00Z');
    expect(startOfMonthIn(at, 'America/Jamaica').toISOString()).toBe('2026-02-01T05:00:00.000Z');
    expect(startOfMonthIn(at, 'UTC').toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });
});
