import { eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { companies, companyHosts, companySettings } from '../db/schema';
import { ensureMenus } from '../seeds/seed';
import { ensureAccountDefaults } from './account-settings';

/*
 * A company's rows as both ways of making one use them: the spec's POST /v1/companies and the platform console's
 * POST /v1/platform/companies. Each says a problem its own way (409 there, a 400 field error here), so these
 * helpers find problems and leave the wording to their callers.
 */

export type NewCompany = Omit<typeof companies.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>;

/** The host names of each company, by company id. */
export async function hostsByCompany(db: Db, ids: string[]): Promise<Map<string, string[]>> {
  const rows = ids.length
    ? await db.select().from(companyHosts).where(inArray(companyHosts.companyId, ids))
    : [];
  const map = new Map<string, string[]>();
  for (const r of rows) map.set(r.companyId, [...(map.get(r.companyId) ?? []), r.hostname]);
  for (const hosts of map.values()) hosts.sort();
  return map;
}

/** Which of `hosts` another company (any but `except`) answers on already. */
export async function takenHosts(db: Db, hosts: string[], except?: string): Promise<string[]> {
  if (hosts.length === 0) return [];
  const rows = await db.select().from(companyHosts).where(inArray(companyHosts.hostname, hosts));
  return rows.filter((r) => r.companyId !== except).map((r) => r.hostname);
}

/** Whether another company hands out mailbox numbers with this prefix (compared case-blind). */
export async function prefixTaken(db: Db, prefix: string): Promise<boolean> {
  const [row] = await db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`upper(${companies.mailboxPrefix}) = ${prefix.toUpperCase()}`)
    .limit(1);
  return row !== undefined;
}

export async function slugTaken(db: Db, slug: string): Promise<boolean> {
  return (await db.query.companies.findFirst({ where: eq(companies.slug, slug) })) !== undefined;
}

/** A free slug made from the company's name: "Coral Courier" → coral-courier (then coral-courier-2, …). */
export async function freeSlug(db: Db, name: string): Promise<string> {
  const base =
    name
      .normalize('NFKD')
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 34)
      .replace(/-+$/, '') || 'company';
  const stem = base.length >= 2 ? base : `${base}-co`;
  for (let n = 1; ; n++) {
    const slug = n === 1 ? stem : `${stem}-${n}`;
    if (!(await slugTaken(db, slug))) return slug;
  }
}

/** A bank account nobody gave: the invoice's "how to pay" leaves bank transfer out until an admin fills it in. */
const NO_BANK_ACCOUNT = { bank_name: '', account_name: '', account_number: '', branch: '', account_type: '' };

/**
 * Inserts a company with its hosts and the template: its menus (seeds/seed.ts) and its account defaults
 * (ensureAccountDefaults: settings, duty categories and whatever else a new company starts with). Of the template's
 * settings, two are the new company's own: its time zone, when given, and its bank account, which starts empty (the
 * template's is the demo company's, which must never reach another company's invoices). Run it inside the caller's
 * transaction, after the caller has checked hosts, prefix and slug.
 */
export async function insertCompany(
  tx: Db,
  values: NewCompany,
  hosts: string[],
  own: { timeZone?: string } = {},
): Promise<CompanyRow> {
  const [row] = await tx.insert(companies).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  await tx.insert(companyHosts).values(hosts.map((hostname) => ({ hostname, companyId: row.id })));
  await ensureMenus(tx, row.id);
  await ensureAccountDefaults(tx, row.id, row.slug);
  const zone = own.timeZone ? sql` || ${JSON.stringify({ time_zone: own.timeZone })}::jsonb` : sql``;
  await tx
    .update(companySettings)
    .set({
      settings: sql`jsonb_set(${companySettings.settings}, '{payment,bank_transfer}', ${JSON.stringify(NO_BANK_ACCOUNT)}::jsonb)${zone}`,
    })
    .where(eq(companySettings.companyId, row.id));
  return row;
}
