import { and, asc, eq, inArray } from 'drizzle-orm';
import { formatMoney } from '../../contract/format';
import type { NotificationKind } from '../../contract/notifications';
import type { PurchaseRequestStatus } from '../../contract/purchase-requests';
import { ensureAllAccountDefaults, settingsOf } from '../companies/account-settings';
import type { Db } from '../db/index';
import {
  authorizedPersons,
  companies,
  identifications,
  invoices,
  notifications,
  packageStatuses,
  packages,
  pointsLedger,
  prealerts,
  purchaseRequests,
  users,
} from '../db/schema';
import { seedInvoices } from './seed-invoices';

const DAY = 86_400_000;

type Company = typeof companies.$inferSelect;
type User = typeof users.$inferSelect;

/**
 * Account demo data: every company gets its settings and duty categories; the demo customers get invoices for their
 * packages (paid for delivered ones, issued for ready ones, one overdue, a draft and a cancelled one), a points
 * history, authorized persons, purchase requests in several states and notifications. Each part runs only when
 * the customer has none of it yet, so the seed stays idempotent.
 */
export async function seedAccount(db: Db): Promise<void> {
  await ensureAllAccountDefaults(db);
  for (const c of [
    { company: 'island-express', email: 'customer@demo.test', full: true },
    { company: 'blue-parcel', email: 'customer@blue.test', full: false },
  ]) {
    const [found] = await db
      .select({ user: users, company: companies })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(companies.slug, c.company), eq(users.email, c.email)))
      .limit(1);
    if (!found) continue;
    const { user, company } = found;
    const [staff] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, company.id), inArray(users.role, ['admin', 'staff'])))
      .limit(1);
    const invoiceIds = await seedInvoices(db, company, user, staff ?? null, c.full);
    await seedPoints(db, company, user);
    await seedAuthorizedPersons(db, company, user, c.full);
    await seedPurchaseRequests(db, company, user, staff ?? null, c.full);
    await seedNotifications(db, company, user, invoiceIds);
  }
}

/** Welcome bonus, pre-alert bonuses, points for paid invoices and one redemption, in time order. */
async function seedPoints(db: Db, company: Company, user: User) {
  const [has] = await db
    .select({ id: pointsLedger.id })
    .from(pointsLedger)
    .where(eq(pointsLedger.userId, user.id))
    .limit(1);
  if (has) return;
  const settings = await settingsOf(db, company.id);
  type Entry = typeof pointsLedger.$inferInsert;
  const entries: Entry[] = [];
  const base = { companyId: company.id, userId: user.id };
  const pre = await db.select().from(prealerts).where(eq(prealerts.userId, user.id));
  const firstActivity = Math.min(Date.now() - DAY, ...pre.map((p) => p.createdAt.getTime()));
  entries.push({
    ...base,
    points: 100,
    kind: 'welcome',
    reason: 'Welcome to the rewards programme',
    createdAt: new Date(firstActivity - DAY),
  });
  for (const p of pre) {
    if (p.status === 'cancelled') continue;
    entries.push({
      ...base,
      points: settings.points.prealert_bonus,
      kind: 'prealert_bonus',
      reason: `Pre-alert with invoice: ${p.trackingNumber}`,
      reference: `prealert:${p.trackingNumber}`,
      createdAt: p.createdAt,
    });
  }
  const paid = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, user.id), eq(invoices.status, 'paid')));
  for (const inv of paid) {
    const earned = Math.floor(inv.totalCents / settings.points.cents_per_point);
    if (earned <= 0) continue;
    entries.push({
      ...base,
      points: earned,
      kind: 'invoice_paid',
      reason: `Paid invoice ${inv.number}`,
      reference: `invoice:${inv.id}`,
      createdAt: inv.paidAt ?? inv.updatedAt,
    });
  }
  entries.sort((a, b) => (a.createdAt?.getTime() ?? 0) - (b.createdAt?.getTime() ?? 0));
  // One redemption, once the balance allows it: never below zero at any point of the history.
  let balance = 0;
  const out: Entry[] = [];
  let redeemed = false;
  for (const e of entries) {
    out.push(e);
    balance += e.points;
    if (!redeemed && balance >= 400 && e.kind === 'invoice_paid') {
      out.push({
        ...base,
        points: -300,
        kind: 'redemption',
        reason: `Redeemed for ${formatMoney(300 * 100, company.currency)} off freight`,
        createdAt: new Date((e.createdAt?.getTime() ?? Date.now()) + 3_600_000),
      });
      balance -= 300;
      redeemed = true;
    }
  }
  if (out.length > 0) await db.insert(pointsLedger).values(out);
}

async function seedAuthorizedPersons(db: Db, company: Company, user: User, full: boolean) {
  const [has] = await db
    .select({ id: authorizedPersons.id })
    .from(authorizedPersons)
    .where(eq(authorizedPersons.userId, user.id))
    .limit(1);
  if (has) return;
  const ids = new Map((await db.select().from(identifications)).map((i) => [i.code, i.id] as const));
  const people = full
    ? [
        {
          fullName: 'Marlon Campbell',
          idType: 'drivers_licence',
          idNumber: '104 582 731',
          phone: '876-555-0177',
          email: 'marlon.campbell@example.test',
          relationship: 'Brother',
          isActive: true,
        },
        {
          fullName: 'Tanya Richards',
          idType: 'passport',
          idNumber: 'A2245817',
          phone: '876-555-0188',
          email: null,
          relationship: 'Colleague',
          isActive: false,
        },
      ]
    : [
        {
          fullName: 'Simone Williams',
          idType: 'national_id',
          idNumber: 'JM-3321-0098',
          phone: '876-555-0166',
          email: 'simone.w@example.test',
          relationship: 'Wife',
          isActive: true,
        },
      ];
  // Added a minute apart, in this order: two rows stamped in the same instant would list in a random order.
  const start = Date.now() - people.length * 60_000;
  for (const [i, p] of people.entries()) {
    const identificationId = ids.get(p.idType);
    if (!identificationId) continue;
    await db.insert(authorizedPersons).values({
      createdAt: new Date(start + i * 60_000),
      companyId: company.id,
      userId: user.id,
      fullName: p.fullName,
      identificationId,
      idNumber: p.idNumber,
      phone: p.phone,
      email: p.email,
      relationship: p.relationship,
      isActive: p.isActive,
    });
  }
}

async function seedPurchaseRequests(db: Db, company: Company, user: User, staff: User | null, full: boolean) {
  const [has] = await db
    .select({ id: purchaseRequests.id })
    .from(purchaseRequests)
    .where(eq(purchaseRequests.userId, user.id))
    .limit(1);
  if (has) return;
  const now = Date.now();
  const all: {
    url: string;
    store: string;
    item: string;
    qty: number;
    options: string;
    est: number | null;
    notes: string;
    status: PurchaseRequestStatus;
    quote?: number;
    ageDays: number;
  }[] = [
    {
      url: 'https://www.amazon.com/dp/B09B8V1LZ3',
      store: 'Amazon',
      item: 'Echo Dot (5th Gen) smart speaker',
      qty: 1,
      options: 'Charcoal',
      est: 4999,
      notes: 'A gift; no invoice in the box please.',
      status: 'requested',
      ageDays: 1,
    },
    {
      url: 'https://www.nike.com/t/pegasus-40-mens-road-running-shoes',
      store: 'Nike',
      item: 'Air Zoom Pegasus 40 running shoes',
      qty: 1,
      options: 'Size 10, black/white',
      est: 13000,
      notes: '',
      status: 'quoted',
      quote: 2_745_000,
      ageDays: 3,
    },
    {
      url: 'https://www.walmart.com/ip/Lodge-12-Inch-Cast-Iron-Skillet/10292366',
      store: 'Walmart',
      item: 'Lodge 12" cast iron skillet',
      qty: 2,
      options: '',
      est: 3490,
      notes: 'One for my mother.',
      status: 'purchased',
      quote: 1_480_000,
      ageDays: 20,
    },
    {
      url: 'https://www.bestbuy.com/site/samsung-galaxy-buds2/6472314.p',
      store: 'Best Buy',
      item: 'Samsung Galaxy Buds2',
      qty: 1,
      options: 'Graphite',
      est: 9999,
      notes: '',
      status: 'cancelled',
      ageDays: 40,
    },
  ];
  const list = full ? all : all.slice(0, 1);
  for (const r of list) {
    const created = new Date(now - r.ageDays * DAY);
    const quotedAt = r.quote ? new Date(created.getTime() + DAY) : null;
    await db.insert(purchaseRequests).values({
      companyId: company.id,
      userId: user.id,
      productUrl: r.url,
      store: r.store,
      itemName: r.item,
      quantity: r.qty,
      options: r.options,
      estimatedPriceCents: r.est,
      notes: r.notes,
      status: r.status,
      quotedTotalCents: r.quote ?? null,
      quoteCurrency: company.currency,
      quoteNote: r.quote ? 'Includes the item, US sales tax, freight and customs.' : '',
      quotedAt,
      quoteExpiresAt: quotedAt ? new Date(quotedAt.getTime() + 7 * DAY) : null,
      quotedBy: r.quote ? (staff?.id ?? null) : null,
      createdAt: created,
      updatedAt: quotedAt ?? created,
    });
  }
}

/** The latest package updates, the open invoices and the quote, as the bell would have shown them. */
async function seedNotifications(db: Db, company: Company, user: User, invoiceIds: string[]) {
  const [has] = await db
    .select({ id: notifications.id })
    .from(notifications)
    .where(eq(notifications.userId, user.id))
    .limit(1);
  if (has) return;
  const now = Date.now();
  const names = new Map((await db.select().from(packageStatuses)).map((s) => [s.code, s.name] as const));
  type Row = typeof notifications.$inferInsert;
  const rows: Row[] = [];
  const base = { companyId: company.id, userId: user.id };
  const recent = await db
    .select()
    .from(packages)
    .where(eq(packages.userId, user.id))
    .orderBy(asc(packages.updatedAt));
  for (const p of recent.slice(-6)) {
    const name = names.get(p.statusCode) ?? p.statusCode;
    rows.push({
      ...base,
      kind: 'package_status' satisfies NotificationKind,
      title: `${p.trackingNumber}: ${name}`,
      body: `Your package ${p.description} (${p.trackingNumber}) is now “${name}”.`,
      link: `/user/packages/${p.id}`,
      createdAt: p.updatedAt,
      readAt: now - p.updatedAt.getTime() > 3 * DAY ? new Date(p.updatedAt.getTime() + 3_600_000) : null,
    });
  }
  if (invoiceIds.length > 0) {
    const open = await db
      .select()
      .from(invoices)
      .where(and(inArray(invoices.id, invoiceIds), inArray(invoices.status, ['issued', 'overdue'])));
    for (const inv of open) {
      const issued = inv.issuedAt ?? inv.createdAt;
      rows.push({
        ...base,
        kind: 'invoice',
        title: `Invoice ${inv.number} is ready`,
        body: `Your invoice ${inv.number} for ${formatMoney(inv.totalCents, inv.currency)} is ready, due by ${inv.dueAt}.`,
        link: `/user/invoices/${inv.id}`,
        createdAt: issued,
        readAt: inv.status === 'overdue' ? new Date(issued.getTime() + DAY) : null,
      });
    }
  }
  const [quoted] = await db
    .select()
    .from(purchaseRequests)
    .where(and(eq(purchaseRequests.userId, user.id), eq(purchaseRequests.status, 'quoted')))
    .limit(1);
  if (quoted?.quotedAt && quoted.quotedTotalCents) {
    rows.push({
      ...base,
      kind: 'purchase_request',
      title: `Quote ready: ${quoted.itemName}`,
      body: `We can buy ${quoted.quantity} × ${quoted.itemName} for you for ${formatMoney(quoted.quotedTotalCents, quoted.quoteCurrency)}, delivered to Jamaica. The quote is valid for 7 days.`,
      link: '/user/packages/purchase-request',
      createdAt: quoted.quotedAt,
    });
  }
  if (rows.length > 0) await db.insert(notifications).values(rows);
}
