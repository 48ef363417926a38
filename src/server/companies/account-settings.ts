import { and, asc, eq } from 'drizzle-orm';
import { type AccountSettings, accountSettingsSchema } from '../../contract/fees';
import { DEFAULT_TIME_ZONE } from '../../contract/format';
import type { Db } from '../db';
import { companies, companySettings, dutyCategories } from '../db/schema';

const jmd = (dollars: number) => dollars * 100;

/**
 * DOMAIN.md's defaults. Freight: DOMAIN's example schedule, and J$380 per pound over 50 lb. Handling (our choice):
 * free up to 5 lb, J$350 to 10 lb, J$600 to 25 lb, J$1,000 to 50 lb, then J$25 per pound over 50 lb.
 */
export const DEFAULT_ACCOUNT_SETTINGS: AccountSettings = {
  freight: {
    brackets: [
      [1, 550],
      [2, 950],
      [3, 1350],
      [5, 2000],
      [10, 3800],
      [20, 7400],
      [30, 10800],
      [40, 14800],
      [50, 18800],
    ].map(([lb, charge]) => ({ max_lb: lb ?? 0, charge_cents: jmd(charge ?? 0) })),
    excess_per_lb_cents: jmd(380),
  },
  handling: {
    brackets: [
      { max_lb: 5, charge_cents: 0 },
      { max_lb: 10, charge_cents: jmd(350) },
      { max_lb: 25, charge_cents: jmd(600) },
      { max_lb: 50, charge_cents: jmd(1000) },
    ],
    excess_per_lb_cents: jmd(25),
  },
  storage: { free_days: 7, per_day_cents: jmd(150) },
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
};

/** Blue Parcel (the second demo company) prices a little differently, so tenancy shows on the fee page too. */
export const BLUE_PARCEL_SETTINGS: AccountSettings = {
  ...DEFAULT_ACCOUNT_SETTINGS,
  freight: {
    brackets: [
      [1, 600],
      [2, 1000],
      [3, 1400],
      [5, 2100],
      [10, 3900],
      [20, 7600],
      [30, 11000],
      [40, 15000],
      [50, 19000],
    ].map(([lb, charge]) => ({ max_lb: lb ?? 0, charge_cents: jmd(charge ?? 0) })),
    excess_per_lb_cents: jmd(400),
  },
  handling: {
    brackets: [
      { max_lb: 3, charge_cents: 0 },
      { max_lb: 20, charge_cents: jmd(400) },
      { max_lb: 50, charge_cents: jmd(900) },
    ],
    excess_per_lb_cents: jmd(30),
  },
  storage: { free_days: 5, per_day_cents: jmd(200) },
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
 * Gives a company its default settings and duty categories where it has none (never overwrites an admin's
 * changes). Called by the seed for every company and when a company is created.
 */
export async function ensureAccountDefaults(db: Db, companyId: string, slug?: string): Promise<void> {
  await db
    .insert(companySettings)
    .values({
      companyId,
      settings: slug === 'blue-parcel' ? BLUE_PARCEL_SETTINGS : DEFAULT_ACCOUNT_SETTINGS,
    })
    .onConflictDoNothing();
  await db
    .insert(dutyCategories)
    .values(
      DEFAULT_DUTY_CATEGORIES.map((c, i) => ({
        companyId,
        code: c.code,
        name: c.name,
        description: c.description,
        dutyRate: c.duty,
        gctRate: c.gct,
        sortOrder: (i + 1) * 10,
      })),
    )
    .onConflictDoNothing();
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

export async function categoriesOf(db: Db, companyId: string) {
  return db
    .select()
    .from(dutyCategories)
    .where(and(eq(dutyCategories.companyId, companyId), eq(dutyCategories.isActive, true)))
    .orderBy(asc(dutyCategories.sortOrder), asc(dutyCategories.id));
}
