// Storage countdown (issue 30): a parcel ready for pickup 6 days ago, at a company whose storage rule is 5 free days
// then J$150 a day, says "J$150.00 so far (1 day)" on the customer's package page at 375 px (axe clean, no sideways
// scroll), and the invoice staff draw up for it carries a storage line of J$150.00: what the countdown said.
//
// The parcel's ready time lies 6 days back, which no API can set (a status change happens now): this file runs its
// own server on a database it prepared before that server started (the shared server's embedded database belongs to
// its process).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import type { BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db';
import { newPglite } from '../../src/server/db/pglite';
import { companyHosts, packageEvents, packages, rateVersions, users } from '../../src/server/db/schema';
import { seed } from '../../src/server/seeds/seed';
import { type Instance, startInstance } from '../cluster/support/cluster';
import { PHONE, setupBrowser } from './support/browser';
import { audit, expectNoOverflow, shot } from './support/checks';
import { DEMO, loginWithForm, until, waitForPath } from './support/helpers';
import { e2eWebDir } from './support/server';

const browser = setupBrowser();
const DAY = 86_400_000;
const RULE = { free_days: 5, per_day_cents: 15_000 };
const TRACKING = 'STORAGE6DAYS';

let server: Instance | undefined;
let dataDir = '';
let packageId = '';
let customerId = '';
let soonId = '';
const SOON = 'STORAGE4DAYS';

/** The demo company on 5 free days then J$150 a day, and a parcel of the demo customer ready 6 days ago. */
async function prepare(dir: string) {
  const database = await openDatabase({ pglite: newPglite(join(dir, 'pgdata')) });
  try {
    const db = database.db;
    await seed(db, { scryptLogN: loadConfig({ DATA_DIR: dir }).scryptLogN });
    const [host] = await db.select().from(companyHosts).where(eq(companyHosts.hostname, 'localhost'));
    const [customer] = await db.select().from(users).where(eq(users.email, DEMO.customer.email));
    if (!host || !customer) throw new Error('the demo company or customer is missing');
    customerId = customer.id;
    for (const v of await db.select().from(rateVersions).where(eq(rateVersions.companyId, host.companyId))) {
      await db
        .update(rateVersions)
        .set({ rates: { ...v.rates, storage: RULE } })
        .where(eq(rateVersions.id, v.id));
    }
    /** A parcel of the demo customer that became ready for pickup `days` days ago (now's time of day). */
    const readyParcel = async (tracking: string, description: string, days: number) => {
      const ready = new Date(Date.now() - days * DAY);
      const [p] = await db
        .insert(packages)
        .values({
          companyId: host.companyId,
          userId: customer.id,
          trackingNumber: tracking,
          description,
          statusCode: 'ready_for_pickup',
          weight: '12.00',
          receivedAt: new Date(ready.getTime() - 2 * DAY),
        })
        .returning({ id: packages.id });
      if (!p) throw new Error('no package');
      await db.insert(packageEvents).values({
        packageId: p.id,
        companyId: host.companyId,
        statusCode: 'ready_for_pickup',
        createdAt: ready,
      });
      return p.id;
    };
    packageId = await readyParcel(TRACKING, 'Stand mixer', 6);
    // Its last free day is tomorrow: the dashboard lists it under "Free storage ends soon".
    soonId = await readyParcel(SOON, 'Desk lamp', 4);
  } finally {
    await database.close();
  }
}

async function call<T>(path: string, token: string, body?: object): Promise<{ status: number; data: T }> {
  const res = await fetch(`${server?.url}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: { authorization: `Bearer ${token}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    ...(body ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json()) as { data: T };
  return { status: res.status, data: json.data };
}

async function login(account: { email: string; password: string }): Promise<string> {
  const res = await fetch(`${server?.url}/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(account),
  });
  return ((await res.json()) as { data: { access_token: string } }).data.access_token;
}

describe('storage countdown', () => {
  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'portal-e2e-storage-'));
    await prepare(dataDir);
    server = await startInstance({ WEB_DIR: e2eWebDir(), AUTH_RATE_LIMIT: '1000' }, { dataDir });
  }, 120_000);
  afterAll(async () => {
    await server?.stop();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('a parcel ready 6 days ago with 5 free days at J$150 a day shows J$150.00 so far, and its invoice’s storage line is J$150.00', async () => {
    let context: BrowserContext | undefined;
    try {
      context = await browser().newContext({ baseURL: `http://localhost:${server?.port}`, viewport: PHONE });
      const page = await context.newPage();
      await page.goto('/login');
      await loginWithForm(page, DEMO.customer);
      await waitForPath(page, '/user');
      const soon = page.getByRole('list', { name: 'Free storage ends soon' });
      await until(() => soon.textContent(), { timeout: 15_000 }).toContain(SOON);
      expect(await soon.textContent()).toContain('(1 day left)');
      expect(await soon.getByRole('link', { name: SOON }).getAttribute('href')).toBe(
        `/user/packages/${soonId}`,
      );
      const found: string[] = [];
      await audit(page, 'dashboard at 375 px', found);
      await expectNoOverflow(page, 'dashboard at 375 px');
      await shot(page, 'storage-countdown-dashboard-375');
      await page.goto(`/user/packages/${packageId}`);
      const card = page.getByTestId('storage-countdown');
      await until(() => card.textContent(), { timeout: 15_000 }).toContain('J$150.00 so far (1 day)');
      expect(await card.textContent()).toMatch(/Free until \w{3} \d{1,2}, then J\$150\.00 a day/);
      await audit(page, 'package page at 375 px', found);
      await expectNoOverflow(page, 'package page at 375 px');
      await shot(page, 'storage-countdown-package-375');
      // The list says the same on the parcel's row.
      await page.goto('/user/packages/history?status=ready_for_pickup');
      const row = page.getByText('J$150.00 so far (1 day)').first();
      await until(() => row.isVisible(), { timeout: 15_000 }).toBe(true);
      await audit(page, 'package list at 375 px', found);
      await expectNoOverflow(page, 'package list at 375 px');
      await shot(page, 'storage-countdown-list-375');
      expect(found).toEqual([]);

      // Staff bill the parcel with the lines the server computes for it.
      const admin = await login(DEMO.admin);
      const unbilled = await call<{ id: string; lines: { description: string }[] }[]>(
        `/v1/admin/invoices/unbilled?customer_id=${customerId}`,
        admin,
      );
      expect(unbilled.status).toBe(200);
      const lines = unbilled.data.find((p) => p.id === packageId)?.lines ?? [];
      const created = await call<{ id: string }>('/v1/invoices', admin, { customer_id: customerId, lines });
      expect(created.status).toBe(201);
      const invoice = await call<{ lines: { description: string; line_total_cents: number }[] }>(
        `/v1/invoices/${created.data.id}`,
        admin,
      );
      const storage = invoice.data.lines.filter((l) => l.description.startsWith('Storage'));
      expect(storage).toEqual([
        expect.objectContaining({ description: 'Storage, 1 day past the 5 free', line_total_cents: 15_000 }),
      ]);
      console.log(
        `storage countdown: J$150.00 so far on the package page; invoice storage line ${storage[0]?.line_total_cents} cents`,
      );
    } finally {
      await context?.close();
    }
  }, 120_000);
});
