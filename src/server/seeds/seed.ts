import { and, eq } from 'drizzle-orm';
import type { Address } from '../../contract/companies';
import type { Role } from '../../contract/users';
import { hashPassword } from '../auth/passwords';
import { nextMailboxNumber } from '../companies/mailbox-numbers';
import type { Db } from '../db/index';
import {
  companies,
  companyHosts,
  identifications,
  menuItems,
  menus,
  packageStatuses,
  parishes,
  users,
} from '../db/schema';
import { seedAccount } from './seed-account';
import { seedDemoPackages } from './seed-packages';

export const PARISHES = [
  'Kingston',
  'St. Andrew',
  'St. Thomas',
  'Portland',
  'St. Mary',
  'St. Ann',
  'Trelawny',
  'St. James',
  'Hanover',
  'Westmoreland',
  'St. Elizabeth',
  'Manchester',
  'Clarendon',
  'St. Catherine',
];

export const IDENTIFICATIONS: [string, string][] = [
  ['drivers_licence', "Driver's licence"],
  ['passport', 'Passport'],
  ['national_id', 'National ID'],
  ['trn_card', 'TRN card'],
  ['voter_id', 'Voter ID'],
];

export const PACKAGE_STATUSES = [
  ['pre_alerted', 'Pre-alerted', 'The customer told us the parcel is coming', false, false],
  ['received_us', 'Received at US warehouse', 'The parcel is at our US warehouse', false, false],
  ['in_transit', 'In transit', 'The parcel is on its way to Jamaica', false, false],
  ['at_customs', 'At local port / customs', 'The parcel is clearing customs', false, false],
  ['ready_for_pickup', 'Ready for pickup', 'Collect the parcel at the branch', false, false],
  ['out_for_delivery', 'Out for delivery', 'A courier is bringing the parcel', false, false],
  ['delivered', 'Delivered / Collected', 'The parcel was handed over', false, true],
  ['on_hold', 'On hold', 'Missing invoice or unknown consignee: we need your help', true, false],
  ['returned', 'Returned', 'The parcel was sent back to the seller', true, true],
] as const;

type MenuSeed = { title: string; icon: string; route: string; roles: Role[] };
const CUSTOMER_MENU: MenuSeed[] = [
  { title: 'Dashboard', icon: 'home', route: '/user' },
  { title: 'My packages', icon: 'package', route: '/user/packages/history' },
  { title: 'Pickup pass', icon: 'qrcode', route: '/user/pickup-pass' },
  { title: 'Pre-alert a package', icon: 'plane', route: '/user/packages/pre-alert' },
  { title: 'Cost estimator', icon: 'calculator', route: '/user/packages/cost-estimator' },
  { title: 'Purchase requests', icon: 'shopping-cart', route: '/user/packages/purchase-request' },
  { title: 'Invoices', icon: 'file-invoice', route: '/user/invoices' },
  { title: 'Fees', icon: 'receipt', route: '/user/fees' },
  { title: 'Points', icon: 'star', route: '/user/points/history' },
  { title: 'Authorized persons', icon: 'users', route: '/user/authorizeduser' },
  { title: 'Profile', icon: 'user', route: '/user/profile' },
].map((m) => ({ ...m, roles: ['customer', 'staff', 'admin'] as Role[] }));
// The customer menu's "Pickup pass" is added to existing menus by migration 0021_pickup_pass_menu.sql.
// Kept in step with the data migrations 0007_backoffice.sql, 0010_counter_menu.sql, 0013_settings_menu.sql and
// 0015_branding_data.sql, 0016_staff_data.sql and 0018_rates_menu.sql (Branding, Staff, Rates, Duty categories), which add the back office's items to
// existing menus.
const ADMIN_MENU: MenuSeed[] = [
  { title: 'Today', icon: 'layout-dashboard', route: '/admin' },
  { title: 'Receive parcels', icon: 'scan', route: '/admin/receive' },
  { title: 'Import receipts', icon: 'file-import', route: '/admin/import' },
  { title: 'Packages', icon: 'packages', route: '/admin/packages' },
  { title: 'Pre-alert matching', icon: 'arrows-join', route: '/admin/prealerts' },
  { title: 'Shipments', icon: 'truck', route: '/admin/shipments' },
  { title: 'Customers', icon: 'address-book', route: '/admin/customers' },
  { title: 'Pickup counter', icon: 'building-store', route: '/admin/counter' },
  { title: 'All invoices', icon: 'list', route: '/admin/invoice/list' },
  { title: 'New invoice', icon: 'file-plus', route: '/admin/invoice/add' },
  { title: 'Menus', icon: 'menu-2', route: '/admin/menu', admin: true },
  { title: 'Company settings', icon: 'settings', route: '/admin/settings', admin: true },
  { title: 'Branding', icon: 'palette', route: '/admin/settings/branding', admin: true },
  { title: 'Staff', icon: 'users', route: '/admin/staff', admin: true },
  { title: 'Rates', icon: 'report-money', route: '/admin/rates', admin: true },
  { title: 'Duty categories', icon: 'clipboard-list', route: '/admin/duties', admin: true },
].map(({ admin, ...m }: { title: string; icon: string; route: string; admin?: boolean }) => ({
  ...m,
  roles: (admin ? ['admin'] : ['staff', 'admin']) as Role[],
}));

/**
 * The customer and admin menus of a company that has none (the seed's companies, and every company the platform
 * creates). Items are added only with a new menu: an item an admin removed later must not come back on restart.
 */
export async function ensureMenus(db: Db, companyId: string): Promise<void> {
  for (const [code, title, items] of [
    ['customer', 'Customer', CUSTOMER_MENU],
    ['admin', 'Administration', ADMIN_MENU],
  ] as const) {
    const [menu] = await db
      .insert(menus)
      .values({ companyId, code, title })
      .onConflictDoNothing()
      .returning({ id: menus.id });
    if (!menu) continue;
    await db
      .insert(menuItems)
      .values(
        items.map((it, i) => ({
          menuId: menu.id,
          companyId,
          title: it.title,
          icon: it.icon,
          route: it.route,
          sortOrder: (i + 1) * 10,
          roles: it.roles,
        })),
      )
      .onConflictDoNothing();
  }
}

type CompanySeed = {
  slug: string;
  name: string;
  shortName: string;
  hosts: string[];
  primaryColor: string;
  logoUrl: string;
  supportEmail: string;
  supportPhone: string;
  website: string;
  mailboxPrefix: string;
  exchangeRate: string;
  warehouseAddress: Address;
  users: {
    email: string;
    password: string;
    first: string;
    last: string;
    role: Role;
    verified: boolean;
    superadmin?: boolean;
  }[];
};

export const DEMO_COMPANIES: CompanySeed[] = [
  {
    slug: 'island-express',
    name: 'Island Express',
    shortName: 'Island',
    hosts: ['localhost', '127.0.0.1'],
    primaryColor: '#6d28d9',
    logoUrl: '/brands/island-express.svg',
    supportEmail: 'help@islandexpress.test',
    supportPhone: '876-555-0100',
    website: 'https://islandexpress.test',
    mailboxPrefix: 'IEX',
    exchangeRate: '157.2500',
    warehouseAddress: {
      line1: '8400 NW 25th Street',
      line2: 'Suite 110',
      city: 'Doral',
      state: 'FL',
      postal_code: '33122',
      country: 'United States',
      phone: '305-555-0142',
    },
    users: [
      {
        email: 'customer@demo.test',
        password: 'demo-customer-1',
        first: 'Kerry-Ann',
        last: 'Campbell',
        role: 'customer',
        verified: true,
      },
      {
        email: 'unverified@demo.test',
        password: 'demo-unverified-1',
        first: 'Devon',
        last: 'Brown',
        role: 'customer',
        verified: false,
      },
      {
        email: 'admin@demo.test',
        password: 'demo-admin-1',
        first: 'Marcia',
        last: 'Reid',
        role: 'admin',
        verified: true,
      },
      {
        // A warehouse clerk: the back office without the admin's menus, staff accounts and settings.
        email: 'clerk@demo.test',
        password: 'demo-clerk-1',
        first: 'Omar',
        last: 'Grant',
        role: 'staff',
        verified: true,
      },
      {
        // The platform operator: may list and create companies (GET/POST /v1/companies).
        email: 'platform@demo.test',
        password: 'demo-platform-1',
        first: 'Platform',
        last: 'Operator',
        role: 'admin',
        verified: true,
        superadmin: true,
      },
    ],
  },
  {
    slug: 'blue-parcel',
    name: 'Blue Parcel',
    shortName: 'Blue Parcel',
    hosts: ['blue.localhost'],
    primaryColor: '#1d4ed8',
    logoUrl: '/brands/blue-parcel.svg',
    supportEmail: 'care@blueparcel.test',
    supportPhone: '876-555-0199',
    website: 'https://blueparcel.test',
    mailboxPrefix: 'BLU',
    exchangeRate: '156.8000',
    warehouseAddress: {
      line1: '1500 Commerce Parkway',
      line2: 'Unit 7',
      city: 'Miami Gardens',
      state: 'FL',
      postal_code: '33169',
      country: 'United States',
      phone: '305-555-0177',
    },
    users: [
      {
        email: 'customer@blue.test',
        password: 'demo-customer-1',
        first: 'Andre',
        last: 'Williams',
        role: 'customer',
        verified: true,
      },
    ],
  },
];

export const DEMO_LOGINS = DEMO_COMPANIES.flatMap((c) =>
  c.users.map((u) => ({
    company: c.name,
    host: c.hosts[0] ?? '',
    email: u.email,
    password: u.password,
    role: u.superadmin ? 'superadmin' : u.role,
  })),
);

/** The demo users' password hashes by company slug and email. */
export type DemoHashes = Map<string, Promise<string>>;

/**
 * The demo users' password hashes, started now: a start on a new database makes them while it opens, so the seed
 * does not wait for them one by one. (A hash a seed does not use fails quietly.)
 */
export function hashDemoPasswords(scryptLogN: number): DemoHashes {
  return new Map(
    DEMO_COMPANIES.flatMap((c) =>
      c.users.map((u) => {
        const hash = hashPassword(u.password, scryptLogN);
        hash.catch(() => {});
        return [`${c.slug}/${u.email}`, hash] as const;
      }),
    ),
  );
}

/**
 * Idempotent: runs on every start. Reference data and demo rows are inserted when missing and never overwrite
 * what an admin changed since.
 */
export async function seed(
  db: Db,
  opts: { scryptLogN: number; demo?: boolean; hashes?: DemoHashes | undefined },
): Promise<void> {
  await db
    .insert(parishes)
    .values(PARISHES.map((name) => ({ name, code: name.toLowerCase().replace(/[^a-z]+/g, '-') })))
    .onConflictDoNothing();
  await db
    .insert(identifications)
    .values(IDENTIFICATIONS.map(([code, name]) => ({ code, name })))
    .onConflictDoNothing();
  await db
    .insert(packageStatuses)
    .values(
      PACKAGE_STATUSES.map(([code, name, description, isException, isFinal], i) => ({
        code,
        name,
        description,
        sortOrder: (i + 1) * 10,
        isException,
        isFinal,
      })),
    )
    .onConflictDoNothing();

  if (opts.demo === false) return;
  const kingston = await db.query.parishes.findFirst({ where: eq(parishes.code, 'kingston') });

  for (const c of DEMO_COMPANIES) {
    await db
      .insert(companies)
      .values({
        slug: c.slug,
        name: c.name,
        shortName: c.shortName,
        primaryColor: c.primaryColor,
        logoUrl: c.logoUrl,
        supportEmail: c.supportEmail,
        supportPhone: c.supportPhone,
        website: c.website,
        mailboxPrefix: c.mailboxPrefix,
        exchangeRate: c.exchangeRate,
        warehouseAddress: c.warehouseAddress,
      })
      .onConflictDoNothing();
    const company = await db.query.companies.findFirst({ where: eq(companies.slug, c.slug) });
    if (!company) throw new Error(`seed: company ${c.slug} missing`);
    await db
      .insert(companyHosts)
      .values(c.hosts.map((hostname) => ({ hostname, companyId: company.id })))
      .onConflictDoNothing();

    for (const u of c.users) {
      const existing = await db.query.users.findFirst({
        where: and(eq(users.companyId, company.id), eq(users.email, u.email)),
        columns: { id: true },
      });
      if (existing) continue;
      await db
        .insert(users)
        .values({
          companyId: company.id,
          email: u.email,
          passwordHash: await (opts.hashes?.get(`${c.slug}/${u.email}`) ??
            hashPassword(u.password, opts.scryptLogN)),
          firstName: u.first,
          lastName: u.last,
          phone: '876-555-0123',
          address: '12 Hope Road',
          parishId: kingston?.id ?? null,
          mailboxNumber: await nextMailboxNumber(db, company.id),
          role: u.role,
          isSuperadmin: u.superadmin ?? false,
          emailVerifiedAt: u.verified ? new Date() : null,
        })
        .onConflictDoNothing();
    }

    await ensureMenus(db, company.id);
  }
  await seedDemoPackages(db, [
    { company: 'island-express', email: 'customer@demo.test', count: 40, seed: 1 },
    { company: 'blue-parcel', email: 'customer@blue.test', count: 12, seed: 2 },
  ]);
  await seedAccount(db);
}
