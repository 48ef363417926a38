import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InvoiceDetail, UnbilledPackage } from '../../contract/invoices';
import type { PackageDetail } from '../../contract/packages';
import type { AccountSummary } from '../../contract/profile';
import type { StaffPackageDetail } from '../../contract/staff-packages';
import { storageCountdown } from '../../contract/storage';
import {
  companyHosts,
  notifications,
  packageEvents,
  packages,
  rateVersions,
  storageReminders,
} from '../db/schema';
import type { Cast } from '../test/access';
import type { TestApp } from '../test/harness';
import { expectOk } from '../test/helpers';
import { invoiceCalls, invoicesApp } from '../test/invoices';

const DAY = 86_400_000;
const RULE = { free_days: 5, per_day_cents: 15_000 };

describe('storage countdown', () => {
  let t: TestApp;
  let c: Cast;
  let companyId: string;
  const { myPackages, detail, create } = invoiceCalls(() => t);
  const get = async <T>(url: string, token: string) =>
    expectOk<T>(await t.request({ method: 'GET', url, token }));

  /** A parcel of the neighbour that became ready for pickup `daysAgo` days ago (same time of day as now). */
  async function readyParcel(daysAgo: number, tracking: string): Promise<string> {
    const db = t.database.db;
    const at = new Date(Date.now() - daysAgo * DAY);
    const [p] = await db
      .insert(packages)
      .values({
        companyId,
        userId: c.neighbour.userId,
        trackingNumber: tracking,
        description: `Parcel ${tracking}`,
        statusCode: 'ready_for_pickup',
        weight: '2.00',
        receivedAt: new Date(at.getTime() - DAY),
      })
      .returning({ id: packages.id });
    if (!p) throw new Error('no package');
    await db
      .insert(packageEvents)
      .values({ packageId: p.id, companyId, statusCode: 'ready_for_pickup', createdAt: at });
    return p.id;
  }

  const ids: Record<string, string> = {};
  beforeAll(async () => {
    ({ t, c } = await invoicesApp());
    const db = t.database.db;
    const [host] = await db.select().from(companyHosts).where(eq(companyHosts.hostname, 'localhost'));
    if (!host) throw new Error('no demo host');
    companyId = host.companyId;
    for (const v of await db.select().from(rateVersions).where(eq(rateVersions.companyId, companyId))) {
      await db
        .update(rateVersions)
        .set({ rates: { ...v.rates, storage: RULE } })
        .where(eq(rateVersions.id, v.id));
    }
    for (const days of [1, 3, 4, 5, 6]) ids[days] = await readyParcel(days, `STORE${days}DAYS`);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('carries each waiting parcel’s countdown in the list and the detail (6 days ready, 5 free: 1 day, J$150)', async () => {
    const list = await myPackages(c.neighbour.access, 'ready_for_pickup');
    const six = list.find((p) => p.id === ids[6]);
    const expected = storageCountdown({
      readySince: new Date(Date.now() - 6 * DAY),
      now: new Date(),
      rule: RULE,
      currency: 'JMD',
      timeZone: 'America/Jamaica',
    });
    expect(six?.storage).toMatchObject({
      free_until: expected?.free_until,
      free_days: 5,
      per_day_cents: 15_000,
      currency: 'JMD',
      days_charged: 1,
      fee_so_far_cents: 15_000,
    });
    expect(list.find((p) => p.id === ids[4])?.storage).toMatchObject({ days_charged: 0, free_days_left: 1 });
    const one = await get<PackageDetail>(`/v1/packages/${ids[6]}`, c.neighbour.access);
    expect(one.storage).toEqual(six?.storage);
    // Staff see the same on the back office's package page.
    const staffView = await get<StaffPackageDetail>(`/v1/admin/packages/${ids[6]}`, c.admin.access);
    expect(staffView.storage).toEqual(six?.storage);
    // Not at the counter: no countdown.
    const other = (await myPackages(c.customer.access, 'in_transit'))[0];
    if (other) expect(other.storage).toBeNull();
  });

  it('lists on the dashboard the parcels whose free days end within 2 days, the soonest first', async () => {
    const summary = await get<AccountSummary>('/v1/account/summary', c.neighbour.access);
    expect(summary.storage_ending_soon.map((s) => s.package_id)).toEqual([ids[5], ids[4], ids[3]]);
    expect(summary.storage_ending_soon.map((s) => s.storage.free_days_left)).toEqual([0, 1, 2]);
  });

  it('bills on the invoice the storage the countdown showed', async () => {
    const unbilled = await get<UnbilledPackage[]>(
      `/v1/admin/invoices/unbilled?customer_id=${c.neighbour.userId}`,
      c.admin.access,
    );
    const six = unbilled.find((p) => p.id === ids[6]);
    const storageLine = six?.lines.find((l) => l.description.startsWith('Storage'));
    expect(storageLine).toMatchObject({ quantity: 1, unit_price_cents: 15_000 });
    expect(
      unbilled.find((p) => p.id === ids[5])?.lines.some((l) => l.description.startsWith('Storage')),
    ).toBe(false);
    const inv = expectOk<InvoiceDetail>(
      await create(c.admin.access, { customer_id: c.neighbour.userId, lines: six?.lines }),
      201,
    );
    const onInvoice = (await detail(c.admin.access, inv.id)).lines.find((l) =>
      l.description.startsWith('Storage'),
    );
    const countdown = (await get<PackageDetail>(`/v1/packages/${ids[6]}`, c.neighbour.access)).storage;
    expect(onInvoice?.line_total_cents).toBe(countdown?.fee_so_far_cents);
    expect(onInvoice?.line_total_cents).toBe(15_000);
  });

  it('reminds 2 days before and on the last free day, once each, and never a parcel that left the counter', async () => {
    const db = t.database.db;
    const left = await readyParcel(3, 'STORELEFT');
    await db.update(packages).set({ statusCode: 'delivered' }).where(eq(packages.id, left));
    const reminders = t.app.services.storageReminders;
    // Two runs at once (two instances on the same tick), then a rerun: each reminder goes out once.
    const [one, two] = await Promise.all([reminders.send(), reminders.send()]);
    const first = one + two;
    const again = await reminders.send();
    const mine = [ids[1], ids[3], ids[4], ids[5], ids[6], left].filter((x): x is string => Boolean(x));
    const sent = await db.select().from(storageReminders).where(inArray(storageReminders.packageId, mine));
    const kindOf = (id: string | undefined) => sent.filter((r) => r.packageId === id).map((r) => r.kind);
    expect(kindOf(ids[3])).toEqual(['soon']);
    expect(kindOf(ids[4])).toEqual(['soon']);
    expect(kindOf(ids[5])).toEqual(['today']);
    expect(kindOf(ids[1])).toEqual([]);
    expect(kindOf(ids[6])).toEqual([]);
    expect(kindOf(left)).toEqual([]);
    expect(first).toBeGreaterThanOrEqual(3);
    expect(again).toBe(0);
    const told = await db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, c.neighbour.userId), eq(notifications.kind, 'package_status')));
    const titles = told.map((n) => n.title);
    expect(titles).toHaveLength(3);
    expect(titles).toEqual(
      expect.arrayContaining([
        expect.stringMatching(/^Free storage ends \w{3} \d{1,2}: STORE3DAYS$/),
        expect.stringMatching(/^Free storage ends \w{3} \d{1,2}: STORE4DAYS$/),
        'Last free day today: STORE5DAYS',
      ]),
    );
    const soon = told.find((n) => n.title.endsWith('STORE3DAYS'));
    expect(soon?.body).toMatch(/Free until \w{3} \d{1,2}, then J\$150\.00 a day: collect it by/);
    expect(soon?.link).toBe(`/user/packages/${ids[3]}`);
    console.log(
      `storage reminders: ${first} sent by two runs at once, ${again} by the rerun; 3 notices to the customer, 0 duplicates`,
    );
  });
});
