import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';
import { and, eq, like } from 'drizzle-orm';
import type { PackageStatusCode } from '../../contract/constants';
import type { Db } from '../db/index';
import {
  companies,
  files,
  packageEvents,
  packageReceipts,
  packages,
  prealertFiles,
  prealerts,
  users,
} from '../db/schema';
import type { FileStore } from '../files/file-store';

/** Small deterministic PRNG (mulberry32): the demo data is the same on every machine. */
function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const SELLERS: [string, string[]][] = [
  [
    'Amazon',
    [
      'Kindle Paperwhite',
      'Phone case and screen protector',
      'Kitchen scale',
      'Bluetooth speaker',
      'Books (3)',
    ],
  ],
  ['Shein', ['Summer dresses (4)', 'Kids clothing', 'Handbag', 'Sandals']],
  ['eBay', ['Car side mirror', 'Vintage camera lens', 'Laptop battery']],
  ['Walmart', ['Vitamins and supplements', 'Bed sheets', 'School supplies']],
  ['Best Buy', ['Wireless headphones', 'USB-C monitor', 'Gaming controller']],
  ['Nike', ['Running shoes', 'Sports jerseys (2)']],
  ['Apple', ['iPad case', 'Lightning cables']],
  ['AliExpress', ['LED strip lights', 'Phone tripod', 'Hair accessories']],
  ['Etsy', ['Handmade jewellery', 'Custom mug']],
  ['Target', ['Toys', 'Baby monitor']],
];

/** The path a parcel takes, per final status (exceptions branch off the main path). */
const PATHS: Record<PackageStatusCode, PackageStatusCode[]> = {
  pre_alerted: ['pre_alerted'],
  received_us: ['received_us'],
  in_transit: ['received_us', 'in_transit'],
  at_customs: ['received_us', 'in_transit', 'at_customs'],
  ready_for_pickup: ['received_us', 'in_transit', 'at_customs', 'ready_for_pickup'],
  out_for_delivery: ['received_us', 'in_transit', 'at_customs', 'out_for_delivery'],
  delivered: ['received_us', 'in_transit', 'at_customs', 'ready_for_pickup', 'delivered'],
  on_hold: ['received_us', 'in_transit', 'at_customs', 'on_hold'],
  returned: ['received_us', 'on_hold', 'returned'],
};
const NOTES: Partial<Record<PackageStatusCode, string>> = {
  received_us: 'Received at the Miami warehouse',
  in_transit: 'Departed Miami on the evening flight',
  at_customs: 'Arrived at Norman Manley; clearing customs',
  ready_for_pickup: 'Ready at the Kingston branch',
  out_for_delivery: 'With the courier for delivery today',
  delivered: 'Collected at the branch',
  on_hold: 'On hold: the invoice is missing; upload it to release the package',
  returned: 'Returned to the seller at the customer\u2019s request',
};
/** How many of each final status a demo customer gets (40 for the main demo customer). */
const MIX: [PackageStatusCode, number][] = [
  ['pre_alerted', 3],
  ['received_us', 5],
  ['in_transit', 5],
  ['at_customs', 4],
  ['ready_for_pickup', 5],
  ['out_for_delivery', 2],
  ['delivered', 12],
  ['on_hold', 2],
  ['returned', 2],
];

/** A small, valid PDF whose text is derived from the storage key: the bytes can be rebuilt from the key alone. */
export function demoPdf(key: string): Buffer {
  const text = `Demo invoice ${key.split('/').pop() ?? ''}`.replace(/[()\\]/g, '');
  const stream = `BT /F1 14 Tf 72 720 Td (${text}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

function tracking(r: () => number, i: number): string {
  const digits = (n: number) => Array.from({ length: n }, () => Math.floor(r() * 10)).join('');
  switch (i % 3) {
    case 0:
      return `1Z${digits(3)}AA${digits(10)}`;
    case 1:
      return `TBA${digits(12)}`;
    default:
      return `9400${digits(18)}`;
  }
}

/**
 * Demo packages for the demo customers: every status, a plausible event history, matched pre-alerts with invoice
 * files, and some receipts. Runs once per customer (skipped when the customer has packages).
 */
export async function seedDemoPackages(
  db: Db,
  customers: { company: string; email: string; count: number; seed: number }[],
) {
  for (const c of customers) {
    const [found] = await db
      .select({ user: users })
      .from(users)
      .innerJoin(companies, eq(companies.id, users.companyId))
      .where(and(eq(companies.slug, c.company), eq(users.email, c.email)))
      .limit(1);
    const owner = found?.user;
    if (!owner) continue;
    const [has] = await db
      .select({ id: packages.id })
      .from(packages)
      .where(eq(packages.userId, owner.id))
      .limit(1);
    if (has) continue;
    const [staff] = await db
      .select()
      .from(users)
      .where(and(eq(users.companyId, owner.companyId), eq(users.role, 'admin')))
      .limit(1);
    const r = rng(c.seed);
    const scale = c.count / 40;
    const plan = MIX.flatMap(([status, n]) =>
      Array.from({ length: Math.max(1, Math.round(n * scale)) }, () => status),
    );
    const now = Date.now();
    let i = 0;
    for (const status of plan) {
      i++;
      const [seller, items] = SELLERS[Math.floor(r() * SELLERS.length)] ??
        SELLERS[0] ?? ['Amazon', ['Parcel']];
      const description = items[Math.floor(r() * items.length)] ?? 'Parcel';
      const tn = tracking(r, i);
      const weight = (0.5 + r() * 24).toFixed(2);
      const valueCents = Math.round((8 + r() * 440) * 100);
      const path = PATHS[status];
      // Older packages are further along: start 2–85 days ago, a step every 1–3 days.
      const steps = path.length;
      const start =
        now - (2 + Math.floor(r() * 20) + steps * 3 + (status === 'delivered' ? 40 * r() : 0)) * 86_400_000;
      let at = start;
      const times = path.map((_, k) => {
        if (k > 0) at += (1 + Math.floor(r() * 2)) * 86_400_000 + Math.floor(r() * 3_600_000);
        return new Date(at);
      });
      const withPrealert = status === 'pre_alerted' || r() < 0.5;
      const last = times[times.length - 1] ?? new Date(start);
      const [pkg] = await db
        .insert(packages)
        .values({
          companyId: owner.companyId,
          userId: owner.id,
          trackingNumber: tn,
          description,
          sellerName: seller,
          shipper: i % 3 === 0 ? 'UPS' : i % 3 === 1 ? 'Amazon Logistics' : 'USPS',
          weight,
          length: (6 + Math.floor(r() * 18)).toFixed(2),
          width: (4 + Math.floor(r() * 12)).toFixed(2),
          height: (2 + Math.floor(r() * 10)).toFixed(2),
          declaredValueCents: valueCents,
          statusCode: status,
          // Held parcels say why, as staff must now when they hold one (the history's note says the same).
          holdReason: status === 'on_hold' ? 'missing_invoice' : null,
          receivedAt: status === 'pre_alerted' ? null : (times[0] ?? null),
          deliveredAt: status === 'delivered' ? last : null,
          createdAt: new Date(start - (withPrealert ? 86_400_000 : 0)),
          updatedAt: last,
        })
        .returning();
      if (!pkg) continue;
      if (withPrealert) {
        const created = new Date(start - 86_400_000);
        const [pre] = await db
          .insert(prealerts)
          .values({
            companyId: owner.companyId,
            userId: owner.id,
            trackingNumber: tn,
            sellerName: seller,
            description,
            weight,
            valueCents,
            packageType: 'parcel',
            status: status === 'pre_alerted' ? 'pending' : 'matched',
            packageId: status === 'pre_alerted' ? null : pkg.id,
            matchedAt: status === 'pre_alerted' ? null : (times[0] ?? null),
            createdAt: created,
            updatedAt: created,
          })
          .returning();
        if (pre) {
          const file = await demoFile(
            db,
            owner,
            `demo/${owner.companyId}/${pkg.id}-invoice.pdf`,
            `${seller} invoice.pdf`,
            created,
          );
          await db.insert(prealertFiles).values({ prealertId: pre.id, fileId: file.id });
          await db.update(packages).set({ prealertId: pre.id }).where(eq(packages.id, pkg.id));
          if (status !== 'pre_alerted') {
            await db.insert(packageEvents).values({
              packageId: pkg.id,
              companyId: owner.companyId,
              statusCode: 'pre_alerted',
              note: 'Pre-alert sent by the customer',
              actorId: owner.id,
              createdAt: created,
            });
          }
        }
      }
      for (const [k, s] of path.entries()) {
        await db.insert(packageEvents).values({
          packageId: pkg.id,
          companyId: owner.companyId,
          statusCode: s,
          note: s === 'pre_alerted' ? 'Pre-alert sent by the customer' : (NOTES[s] ?? ''),
          actorId: s === 'pre_alerted' ? owner.id : (staff?.id ?? null),
          createdAt: times[k] ?? new Date(start),
        });
      }
      if (status !== 'pre_alerted' && r() < 0.3) {
        const file = await demoFile(
          db,
          owner,
          `demo/${owner.companyId}/${pkg.id}-receipt.pdf`,
          `${seller} receipt.pdf`,
          last,
        );
        await db.insert(packageReceipts).values({
          packageId: pkg.id,
          companyId: owner.companyId,
          fileId: file.id,
          uploadedBy: owner.id,
          createdAt: last,
        });
      }
    }
  }
}

/** A demo upload, dated when its pre-alert or receipt was sent (not when the seed ran). */
async function demoFile(
  db: Db,
  owner: typeof users.$inferSelect,
  key: string,
  name: string,
  uploadedAt: Date,
) {
  const bytes = demoPdf(key);
  const [row] = await db
    .insert(files)
    .values({
      companyId: owner.companyId,
      ownerId: owner.id,
      storageKey: key,
      originalName: name,
      contentType: 'application/pdf',
      sizeBytes: bytes.length,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      createdAt: uploadedAt,
    })
    .returning();
  if (!row) throw new Error('demo file insert returned no row');
  return row;
}

/** Writes the demo files' bytes where missing (a fresh DATA_DIR, or a database seeded elsewhere). */
export async function ensureDemoFiles(db: Db, store: FileStore): Promise<void> {
  const rows = await db.select({ key: files.storageKey }).from(files).where(like(files.storageKey, 'demo/%'));
  for (const { key } of rows) {
    if (await store.exists(key)) continue;
    const staged = await store.stage(Readable.from([demoPdf(key)]));
    await store.commit(staged, key);
  }
}
