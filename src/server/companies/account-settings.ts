import { eq } from 'drizzle-orm';
import { type AccountSettings, accountSettingsSchema } from '../../contract/fees';
import { DEFAULT_TIME_ZONE } from '../../contract/format';
import { DEFAULT_LANGUAGES } from '../../contract/languages';
import type { Db } from '../db';
import { companies, companySettings, dutyCategories, dutyCategoryRates, rateVersions } from '../db/schema';
import { BLUE_PARCEL_RATES, DEFAULT_RATES, FIRST_VERSION_FROM } from '../rates/defaults';

const jmd = (dollars: number) => dollars * 100;

/** DOMAIN.md's defaults for what is not a rate (freight, handling, storage and the exchange rate: rates/defaults.ts). */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  other_charges: [
    {
      code: 'delivery_kingston',
      name: 'Delivery within Kingston & St. Andrew',
      description: 'Door delivery instead of branch pickup, per package',
      amount_cents: jmd(800),
    },
    {
      code: 'delivery_island',
      name: 'Delivery outside Kingston & St. Andrew',
      description: 'Island-wide door delivery, per package',
      amount_cents: jmd(1500),
    },
    {
      code: 'customs_brokerage',
      name: 'Customs brokerage',
      description: 'Formal entry for commercial shipments or goods over US$1,000',
      amount_cents: jmd(3500),
    },
    {
      code: 'repackaging',
      name: 'Consolidation / re-packaging',
      description: 'Several parcels combined into one box at the US warehouse',
      amount_cents: jmd(500),
    },
    {
      code: 'missing_mailbox',
      name: 'Unidentified package handling',
      description: 'A parcel that arrives without a mailbox number or pre-alert',
      amount_cents: jmd(1000),
    },
  ],
  customs: {
    de_minimis_usd_cents: 10000,
    caf_cents: jmd(2500),
    insurance_rate_air: '0.01',
    insurance_rate_sea: '0.015',
    scf_rate: '0.003',
    envl_rate: '0.005',
    stamp_threshold_cents: jmd(5500),
    stamp_above_cents: jmd(100),
    stamp_below_cents: jmd(5),
  },
  points: { cents_per_point: jmd(100), prealert_bonus: 25, point_value_cents: jmd(1) },
  invoice: {
    tax_rate: '0',
    tax_label: 'GCT',
    terms: 'Payable at the counter (cash or card) or by bank transfer, quoting the invoice number.',
  },
  invoice_due_days: 14,
  payment: {
    bank_transfer: {
      bank_name: 'National Commercial Bank (NCB)',
      account_name: 'Island Express Ltd',
      account_number: '351-012-345',
      branch: 'Half Way Tree',
      account_type: 'Current account, JMD',
    },
    counter: 'Pay by cash or card at the counter when you collect your packages.',
    online_url: '',
    overdue:
      'Packages on an invoice more than 7 days overdue are held until it is paid; storage charges keep adding up.',
  },
  time_zone: DEFAULT_TIME_ZONE,
  languages: DEFAULT_LANGUAGES,
};

/** Blue Parcel (the second demo company): its own bank details (its prices: rates/defaults.ts). */
export const BLUE_PARCEL_SETTINGS: AccountSettings = {
  ...DEFAULT_ACCOUNT_SETTINGS,
  payment: {
    bank_transfer: {
      bank_name: 'Scotiabank Jamaica',
      account_name: 'Blue Parcel Ltd',
      account_number: '000-123-4567',
      branch: 'New Kingston',
      account_type: 'Savings account, JMD',
    },
    counter: 'Pay by cash or card at our New Kingston counter.',
    online_url: 'https://pay.blueparcel.example/invoices',
    overdue: 'Overdue invoices must be paid before any further packages are released.',
  },
};

/** Jamaica Customs rates per category (DOMAIN.md). Textbooks: no duty and zero-rated for GCT. */
export const DEFAULT_DUTY_CATEGORIES: {
  code: string;
  name: string;
  description: string;
  duty: string;
  gct: string;
}[] = [
  {
    code: 'general',
    name: 'General goods',
    description: 'Most goods: household items, toys, cosmetics, accessories',
    duty: '0.20',
    gct: '0.15',
  },
  {
    code: 'laptops',
    name: 'Laptops & computers',
    description: 'Laptops, desktops, tablets and their parts',
    duty: '0',
    gct: '0.15',
  },
  {
    code: 'textbooks',
    name: 'Textbooks',
    description: 'School and university textbooks',
    duty: '0',
    gct: '0',
  },
  {
    code: 'audio',
    name: 'Audio equipment',
    description: 'Speakers, headphones, amplifiers',
    duty: '0.25',
    gct: '0.15',
  },
  {
    code: 'auto_parts',
    name: 'Auto parts',
    description: 'Vehicle parts and accessories',
    duty: '0.30',
    gct: '0.15',
  },
  {
    code: 'cellphones',
    name: 'Cellular phones',
    description: 'Mobile phones (GCT on phones is 25 %)',
    duty: '0.20',
    gct: '0.25',
  },
  {
    code: 'clothing',
    name: 'Clothing & shoes',
    description: 'Apparel, footwear, bags',
    duty: '0.20',
    gct: '0.15',
  },
];

/**
 * Gives a company its default settings, its first rate version and its duty categories (with their first rates)
 * where it has none (never overwrites an admin's changes). Called by the seed for every company and when a company
 * is created: the one template of a new company's prices.
 */
export async function ensureAccountDefaults(db: Db, companyId: string, slug?: string): Promise<void> {
  await db
    .insert(companySettings)
    .values({
      companyId,
      settings: slug === 'blue-parcel' ? BLUE_PARCEL_SETTINGS : DEFAULT_ACCOUNT_SETTINGS,
    })
    .onConflictDoNothing();
  const [company] = await db
    .select({ exchangeRate: companies.exchangeRate })
    .from(companies)
    .where(eq(companies.id, companyId))
    .limit(1);
  const base = slug === 'blue-parcel' ? BLUE_PARCEL_RATES : DEFAULT_RATES;
  const [anyVersion] = await db
    .select({ id: rateVersions.id })
    .from(rateVersions)
    .where(eq(rateVersions.companyId, companyId))
    .limit(1);
  if (!anyVersion) {
    await db.insert(rateVersions).values({
      companyId,
      effectiveFrom: FIRST_VERSION_FROM,
      // The exchange rate the company was created with, when it gave one.
      rates: { ...base, exchange_rate: company?.exchangeRate ?? base.exchange_rate },
      note: 'Starting rates',
    });
  }
  const inserted = await db
    .insert(dutyCategories)
    .values(
      DEFAULT_DUTY_CATEGORIES.map((c, i) => ({
        companyId,
        code: c.code,
        name: c.name,
        description: c.description,
        sortOrder: (i + 1) * 10,
      })),
    )
    .onConflictDoNothing()
    .returning({ id: dutyCategories.id, code: dutyCategories.code });
  if (inserted.length > 0) {
    const byCode = new Map(DEFAULT_DUTY_CATEGORIES.map((c) => [c.code, c]));
    await db.insert(dutyCategoryRates).values(
      inserted.map((row) => ({
        companyId,
        categoryId: row.id,
        effectiveFrom: FIRST_VERSION_FROM,
        dutyRate: byCode.get(row.code)?.duty ?? '0',
        gctRate: byCode.get(row.code)?.gct ?? '0',
      })),
    );
  }
}

/** ensureAccountDefaults for every company. */
export async function ensureAllAccountDefaults(db: Db): Promise<void> {
  const rows = await db.select({ id: companies.id, slug: companies.slug }).from(companies);
  for (const c of rows) await ensureAccountDefaults(db, c.id, c.slug);
}

/** The company's settings; the defaults when it has no row yet. */
export async function settingsOf(db: Db, companyId: string): Promise<AccountSettings> {
  const [row] = await db
    .select({ settings: companySettings.settings })
    .from(companySettings)
    .where(eq(companySettings.companyId, companyId))
    .limit(1);
  return row ? accountSettingsSchema.parse(row.settings) : DEFAULT_ACCOUNT_SETTINGS;
}
