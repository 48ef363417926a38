import { randomBytes } from 'node:crypto';
import { and, eq, inArray } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import type { Role } from '../../contract/users';
import { hashPassword } from '../auth/passwords';
import { hashToken } from '../auth/tokens';
import { nextMailboxNumber } from '../companies/mailbox-numbers';
import {
  authorizedPersons,
  companies,
  dutyCategories,
  emailTokens,
  files,
  invoices,
  menuItems,
  menus,
  notifications,
  packageReceipts,
  packages,
  prealerts,
  purchaseRequests,
  refreshTokens,
  users,
} from '../db/schema';
import { TEST_SCRYPT_LOG_N } from '../test/constants';
import { createTestApp, DEMO, type TestApp } from '../test/harness';
import { multipart } from '../test/multipart';

/**
 * Fixtures of the access-control matrix: one test app, every kind of caller, and rows of every kind owned by the
 * victim (the demo customer on `localhost`), some of them one per allowed caller where the allowed call uses the
 * row up (a receipt deleted, a pre-alert cancelled, a menu item deleted).
 */

export const HOST = 'localhost';
export const BLUE_HOST = 'blue.localhost';
/** A host no company answers on: every tenant-scoped call is refused there. */
export const UNKNOWN_HOST = 'nowhere.example.test';

export const CALLERS = [
  'owner',
  'neighbour',
  'unverified',
  'staff',
  'admin',
  'platform',
  'blue',
  'blueStaff',
  'blueOnHost',
  'blueStaffOnHost',
  'anon',
  'anonBlue',
  'anonUnknown',
  'anonRemote',
  'ownerOnBlue',
  'deactivated',
  'demoted',
] as const;
export type CallerKey = (typeof CALLERS)[number];

export type Caller = {
  key: CallerKey;
  who: string;
  host: string;
  token: string | undefined;
  /** The client address (inject's default is 127.0.0.1, a loopback client). */
  remoteAddress?: string;
};

/** A multipart form: fields and files. */
export type Form = { fields: Record<string, string>; files: { name: string; bytes: Buffer; type: string }[] };

export type Session = { access: string; refresh: string; userId: string };

export type Fixtures = {
  t: TestApp;
  callers: Record<CallerKey, Caller>;
  sessions: {
    owner: Session;
    /** Two more sessions of the owner: one the owner refreshes, one the owner signs out (after outsiders tried). */
    ownerRefresh: Session;
    ownerLogout: Session;
    admin: Session;
    blue: Session;
  };
  demoCompanyId: string;
  blueCompanyId: string;
  victim: { id: string; email: string; mailbox: string; firstName: string };
  /** A package of the victim with a pre-alert and receipts. */
  packageId: string;
  packageTracking: string;
  /** A package of the victim whose status staff change (each allowed caller to another status). */
  statusPackageId: string;
  pendingPrealertId: string;
  /** A receipt the outsiders try to delete; staff and owner delete their own one from `receiptFor`. */
  receiptId: string;
  receiptFor: Partial<Record<CallerKey, string>>;
  /** A file of the victim (a receipt's), with a marker inside its bytes. */
  fileId: string;
  fileMarker: string;
  /** The owner's upload of that file, sent with an Idempotency-Key: outsiders replay it byte for byte. */
  receiptProbe: { key: string; form: Form };
  invoiceId: string;
  invoiceNumber: string;
  authorizedPersonId: string;
  /** Deleted by the owner at the end. */
  authorizedPersonToDeleteId: string;
  purchaseRequestId: string;
  purchaseRequestToDeleteId: string;
  notificationId: string;
  menuId: string;
  menuItemId: string;
  menuItemFor: Partial<Record<CallerKey, string>>;
  menuMarker: string;
  dutyCategoryId: number;
  /** A fresh unverified customer of the demo company whose verify and reset tokens are known. */
  tokenUser: { id: string; email: string; verifyToken: string; resetToken: string };
  /**
   * Rows of the other company (its customer's), for the mirror probes: this company's staff naming them, by id or
   * in a body, must get nothing.
   */
  other: {
    customerId: string;
    mailbox: string;
    packageId: string;
    receiptId: string;
    fileId: string;
    invoiceId: string;
    purchaseRequestId: string;
    menuId: string;
    menuItemId: string;
  };
  /** Identifying values of the victim: none may reach a caller who is not allowed to see the victim's rows. */
  victimSecrets: string[];
  /** Values of each company that must never be served on the other company's (or an unknown) host. */
  demoSecrets: string[];
  blueSecrets: string[];
};

/** A unique suffix for names, tracking numbers and slugs made during the run. */
export const uniq = (): string => randomBytes(5).toString('hex');

async function insertUser(
  t: TestApp,
  companyId: string,
  opts: { role: Role; verified: boolean; first: string },
): Promise<{ id: string; email: string; password: string }> {
  const email = `matrix-${opts.first.toLowerCase()}-${uniq()}@example.test`;
  const password = `matrix-${uniq()}-pw`;
  const [row] = await t.database.db
    .insert(users)
    .values({
      companyId,
      email,
      passwordHash: await hashPassword(password, TEST_SCRYPT_LOG_N),
      firstName: opts.first,
      lastName: 'Matrix',
      phone: '876-555-0188',
      address: '1 Matrix Lane',
      mailboxNumber: await nextMailboxNumber(t.database.db, companyId),
      role: opts.role,
      emailVerifiedAt: opts.verified ? new Date() : null,
    })
    .returning({ id: users.id });
  if (!row) throw new Error('user insert returned no row');
  return { id: row.id, email, password };
}

function created<T>(res: LightMyRequestResponse, what: string): T {
  if (res.statusCode !== 201 && res.statusCode !== 200) {
    throw new Error(`fixture ${what}: ${res.statusCode} ${res.body}`);
  }
  return res.json().data as T;
}

/** A small PDF whose bytes carry `marker` (the leak check looks for it in replies). */
export function markedPdf(marker: string): Buffer {
  return Buffer.from(`%PDF-1.4\n% ${marker}\n1 0 obj << >> endobj\ntrailer << >>\n%%EOF\n`, 'latin1');
}

export async function buildFixtures(): Promise<Fixtures> {
  // Rate limits out of the way: the matrix signs in and resets on the same host many times on purpose.
  // Throttles too: outsiders try the victim's email with wrong passwords, and the owner must still sign in after.
  const t = await createTestApp({
    config: {
      rateLimits: {
        auth: 1_000_000,
        refresh: 1_000_000,
        failedLoginsPerAccount: 1_000_000,
        windowMs: 60_000,
      },
    },
  });
  const { db } = t.database;

  const companyBySlug = async (slug: string) => {
    const c = await db.query.companies.findFirst({ where: eq(companies.slug, slug) });
    if (!c) throw new Error(`no company ${slug}`);
    return c;
  };
  const demo = await companyBySlug('island-express');
  const blueCo = await companyBySlug('blue-parcel');

  // Users the seed does not have: made in the database, so the fixtures do not depend on sign-up or the mailbox.
  const neighbourU = await insertUser(t, demo.id, { role: 'customer', verified: true, first: 'Neighbour' });
  const staffU = await insertUser(t, demo.id, { role: 'staff', verified: true, first: 'Staffer' });
  const blueStaffU = await insertUser(t, blueCo.id, { role: 'admin', verified: true, first: 'Bluestaff' });
  const goneU = await insertUser(t, demo.id, { role: 'customer', verified: true, first: 'Deactivated' });
  const demotedU = await insertUser(t, demo.id, { role: 'staff', verified: true, first: 'Demoted' });
  const tokenU = await insertUser(t, demo.id, { role: 'customer', verified: false, first: 'Tokenholder' });

  const [owner, ownerRefresh, ownerLogout, admin, platform, unverified, blue] = await Promise.all([
    t.login(DEMO.customer.email, DEMO.customer.password),
    t.login(DEMO.customer.email, DEMO.customer.password),
    t.login(DEMO.customer.email, DEMO.customer.password),
    t.login(DEMO.admin.email, DEMO.admin.password),
    t.login(DEMO.platform.email, DEMO.platform.password),
    t.login(DEMO.unverified.email, DEMO.unverified.password),
    t.login(DEMO.blue.email, DEMO.blue.password, BLUE_HOST),
  ]);
  const [neighbour, staff, blueStaff, gone, demoted] = await Promise.all([
    t.login(neighbourU.email, neighbourU.password),
    t.login(staffU.email, staffU.password),
    t.login(blueStaffU.email, blueStaffU.password, BLUE_HOST),
    t.login(goneU.email, goneU.password),
    t.login(demotedU.email, demotedU.password),
  ]);
  // Tokens issued before a change of account: the server must go by the account now, not by the token's claims.
  await db.update(users).set({ isActive: false }).where(eq(users.id, goneU.id));
  await db.update(users).set({ role: 'customer' }).where(eq(users.id, demotedU.id));

  const callers: Record<CallerKey, Caller> = {
    owner: { key: 'owner', who: 'the owner (demo customer)', host: HOST, token: owner.access },
    neighbour: {
      key: 'neighbour',
      who: 'another verified customer of the company',
      host: HOST,
      token: neighbour.access,
    },
    unverified: { key: 'unverified', who: 'an unverified user', host: HOST, token: unverified.access },
    staff: { key: 'staff', who: 'staff (role staff) of the company', host: HOST, token: staff.access },
    admin: { key: 'admin', who: 'the company admin', host: HOST, token: admin.access },
    platform: { key: 'platform', who: 'the platform superadmin', host: HOST, token: platform.access },
    blue: { key: 'blue', who: 'a customer of the other company', host: BLUE_HOST, token: blue.access },
    blueStaff: {
      key: 'blueStaff',
      who: 'an admin of the other company',
      host: BLUE_HOST,
      token: blueStaff.access,
    },
    blueOnHost: {
      key: 'blueOnHost',
      who: 'the other company’s customer token on this host',
      host: HOST,
      token: blue.access,
    },
    blueStaffOnHost: {
      key: 'blueStaffOnHost',
      who: 'the other company’s admin token on this host',
      host: HOST,
      token: blueStaff.access,
    },
    anon: { key: 'anon', who: 'anonymous', host: HOST, token: undefined },
    anonBlue: {
      key: 'anonBlue',
      who: 'anonymous on the other company’s host',
      host: BLUE_HOST,
      token: undefined,
    },
    anonUnknown: {
      key: 'anonUnknown',
      who: 'anonymous on an unknown host',
      host: UNKNOWN_HOST,
      token: undefined,
    },
    anonRemote: {
      key: 'anonRemote',
      who: 'anonymous from another machine (not loopback)',
      host: HOST,
      token: undefined,
      remoteAddress: '203.0.113.9',
    },
    ownerOnBlue: {
      key: 'ownerOnBlue',
      who: 'the owner’s own token on the other company’s host',
      host: BLUE_HOST,
      token: owner.access,
    },
    deactivated: {
      key: 'deactivated',
      who: 'a customer deactivated after signing in (token still unexpired)',
      host: HOST,
      token: gone.access,
    },
    demoted: {
      key: 'demoted',
      who: 'staff demoted to customer after signing in (token still says staff)',
      host: HOST,
      token: demoted.access,
    },
  };

  const victimRow = await db.query.users.findFirst({ where: eq(users.id, owner.userId) });
  if (!victimRow) throw new Error('no victim');

  const req = (opts: Parameters<TestApp['request']>[0]) => t.request(opts);

  // Packages: one with a pre-alert (details show it), one received at the warehouse for status changes.
  const victimPackages = await db.select().from(packages).where(eq(packages.userId, owner.userId));
  const withPrealert = victimPackages.find((p) => p.prealertId && p.statusCode === 'in_transit');
  const received = victimPackages.find((p) => p.statusCode === 'received_us' && p.id !== withPrealert?.id);
  if (!withPrealert || !received) throw new Error('seed lacks the packages the matrix needs');

  const [pending] = await db
    .select()
    .from(prealerts)
    .where(and(eq(prealerts.userId, owner.userId), eq(prealerts.status, 'pending')))
    .limit(1);
  if (!pending) throw new Error('seed lacks a pending pre-alert');

  // Receipts made through the API: one whose file is read, and one per caller allowed to delete a receipt.
  const fileMarker = `matrix-file-bytes-${uniq()}`;
  const upload = async (form: Form, headers: Record<string, string> = {}) => {
    const body = await multipart(form.fields, form.files);
    return created<{ id: string; file: { id: string } }[]>(
      await req({
        method: 'POST',
        url: '/v1/packagereceipts',
        token: owner.access,
        payload: body.payload,
        headers: { ...body.headers, ...headers },
      }),
      'receipts',
    );
  };
  const receiptsForm = (n: number, marker: string): Form => ({
    fields: { package_id: withPrealert.id },
    files: Array.from({ length: n }, (_, i) => ({
      name: `receipt-${i}.pdf`,
      bytes: markedPdf(`${marker}-${i}`),
      type: 'application/pdf',
    })),
  });
  const receiptProbe = { key: `matrix-key-${uniq()}`, form: receiptsForm(1, fileMarker) };
  const [kept] = await upload(receiptProbe.form, { 'idempotency-key': receiptProbe.key });
  const deletable = await upload(receiptsForm(5, `matrix-deletable-${uniq()}`));
  if (!kept || deletable.length < 5) throw new Error('receipt upload gave too few receipts');
  const receiptFor: Partial<Record<CallerKey, string>> = {};
  (['owner', 'staff', 'admin', 'platform'] as const).forEach((k, i) => {
    receiptFor[k] = deletable[i]?.id;
  });
  const receiptId = deletable[4]?.id ?? '';

  const [invoice] = await db
    .select()
    .from(invoices)
    .where(and(eq(invoices.userId, owner.userId), eq(invoices.status, 'issued')))
    .limit(1);
  if (!invoice) throw new Error('seed lacks an issued invoice');

  const [person] = await db
    .select()
    .from(authorizedPersons)
    .where(eq(authorizedPersons.userId, owner.userId))
    .limit(1);
  if (!person) throw new Error('seed lacks an authorized person');
  // Made in the database (the API's create calls are themselves in the matrix).
  const [personToDelete] = await db
    .insert(authorizedPersons)
    .values({
      companyId: demo.id,
      userId: owner.userId,
      fullName: `Matrix Person ${uniq()}`,
      identificationId: person.identificationId,
      idNumber: `MX${uniq()}`,
      phone: '876-555-0177',
      relationship: 'Cousin',
    })
    .returning({ id: authorizedPersons.id });
  const newRequest = async () => {
    const [row] = await db
      .insert(purchaseRequests)
      .values({
        companyId: demo.id,
        userId: owner.userId,
        productUrl: `https://shop.example.com/item/${uniq()}`,
        store: 'shop.example.com',
        itemName: `Matrix item ${uniq()}`,
        quantity: 1,
        quoteCurrency: demo.currency,
      })
      .returning({ id: purchaseRequests.id });
    if (!row) throw new Error('purchase request insert returned no row');
    return row;
  };
  const pr = await newRequest();
  const prToDelete = await newRequest();
  if (!personToDelete) throw new Error('authorized person insert returned no row');

  const [note] = await db.select().from(notifications).where(eq(notifications.userId, owner.userId)).limit(1);
  if (!note) throw new Error('seed lacks a notification');

  const menu = await db.query.menus.findFirst({
    where: and(eq(menus.companyId, demo.id), eq(menus.code, 'customer')),
  });
  if (!menu) throw new Error('seed lacks the customer menu');
  const menuMarker = `Matrix menu ${uniq()}`;
  const newItem = async (title: string) =>
    created<{ id: number }>(
      await req({
        method: 'POST',
        url: '/v1/menuitems',
        token: admin.access,
        payload: { menu_id: menu.id, title, route: `/user/matrix-${uniq()}`, roles: ['customer'] },
      }),
      'menu item',
    );
  const item = await newItem(menuMarker);
  const menuItemFor: Partial<Record<CallerKey, string>> = {
    admin: String((await newItem(`${menuMarker} a`)).id),
    platform: String((await newItem(`${menuMarker} p`)).id),
  };

  const [category] = await db
    .select()
    .from(dutyCategories)
    .where(eq(dutyCategories.companyId, demo.id))
    .limit(1);
  if (!category) throw new Error('seed lacks duty categories');

  // Known email tokens for a fresh unverified user: blue-host callers present them, anonymous on this host uses them.
  const verifyToken = `matrix-verify-${uniq()}${uniq()}`;
  const resetToken = `matrix-reset-${uniq()}${uniq()}`;
  const inAnHour = new Date(Date.now() + 3_600_000);
  await db.insert(emailTokens).values([
    {
      userId: tokenU.id,
      companyId: demo.id,
      kind: 'verify',
      tokenHash: hashToken(verifyToken),
      expiresAt: inAnHour,
    },
    {
      userId: tokenU.id,
      companyId: demo.id,
      kind: 'reset',
      tokenHash: hashToken(resetToken),
      expiresAt: inAnHour,
    },
  ]);

  const other = await otherCompanyRows(t, blueCo.id, blue.userId, blueStaff.access);

  // What identifies the victim: collected after the fixtures above, so it includes them.
  const victimSecrets = await secretsOfCustomer(t, owner.userId);
  victimSecrets.push(owner.refresh, ownerRefresh.refresh, ownerLogout.refresh, fileMarker);
  const blueCustomer = await db.query.users.findFirst({ where: eq(users.id, blue.userId) });
  const blueSecrets = [
    blueCo.id,
    blueCo.name,
    blueCo.supportEmail,
    `${blueCo.mailboxPrefix}-`,
    ...(blueCustomer ? [blueCustomer.email, blueCustomer.id] : []),
    ...(await secretsOfCustomer(t, blue.userId)),
    blue.refresh,
  ];
  const ownerCorpus = await corpus(t, owner.access, HOST);
  const blueCorpus = await corpus(t, blue.access, BLUE_HOST);
  const demoSecrets = [demo.id, demo.name, demo.supportEmail, `${demo.mailboxPrefix}-`, menuMarker];

  return {
    t,
    callers,
    sessions: { owner, ownerRefresh, ownerLogout, admin, blue },
    demoCompanyId: demo.id,
    blueCompanyId: blueCo.id,
    victim: {
      id: victimRow.id,
      email: victimRow.email,
      mailbox: victimRow.mailboxNumber,
      firstName: victimRow.firstName,
    },
    packageId: withPrealert.id,
    packageTracking: withPrealert.trackingNumber,
    statusPackageId: received.id,
    pendingPrealertId: pending.id,
    receiptId,
    receiptFor,
    fileId: kept.file.id,
    fileMarker,
    receiptProbe,
    invoiceId: invoice.id,
    invoiceNumber: invoice.number,
    authorizedPersonId: person.id,
    authorizedPersonToDeleteId: personToDelete.id,
    purchaseRequestId: pr.id,
    purchaseRequestToDeleteId: prToDelete.id,
    notificationId: note.id,
    menuId: String(menu.id),
    menuItemId: String(item.id),
    menuItemFor,
    menuMarker,
    dutyCategoryId: category.id,
    other,
    tokenUser: { id: tokenU.id, email: tokenU.email, verifyToken, resetToken },
    // A value the other side also has (a seller's item name, a common first name) identifies nobody: dropped.
    victimSecrets: unique(victimSecrets, 6).filter((s) => !blueCorpus.includes(s.toLowerCase())),
    demoSecrets,
    blueSecrets: unique(blueSecrets, 4).filter((s) => !ownerCorpus.includes(s.toLowerCase())),
  };
}

/** Ids, tracking and invoice numbers, names and mailbox of one customer: what only they (and their staff) may see. */
async function secretsOfCustomer(t: TestApp, userId: string): Promise<string[]> {
  const { db } = t.database;
  const u = await db.query.users.findFirst({ where: eq(users.id, userId) });
  if (!u) return [];
  const pkgs = await db.select().from(packages).where(eq(packages.userId, userId));
  const pres = await db.select().from(prealerts).where(eq(prealerts.userId, userId));
  const fileRows = await db.select().from(files).where(eq(files.ownerId, userId));
  const receipts = pkgs.length
    ? await db
        .select()
        .from(packageReceipts)
        .where(
          inArray(
            packageReceipts.packageId,
            pkgs.map((p) => p.id),
          ),
        )
    : [];
  const invs = await db.select().from(invoices).where(eq(invoices.userId, userId));
  const persons = await db.select().from(authorizedPersons).where(eq(authorizedPersons.userId, userId));
  const prs = await db.select().from(purchaseRequests).where(eq(purchaseRequests.userId, userId));
  const notes = await db.select().from(notifications).where(eq(notifications.userId, userId));
  return [
    u.id,
    u.email,
    u.mailboxNumber,
    `${u.firstName} ${u.lastName}`,
    ...pkgs.flatMap((p) => [p.id, p.trackingNumber]),
    ...pres.flatMap((p) => [p.id, p.trackingNumber]),
    ...fileRows.flatMap((f) => [f.id, f.storageKey]),
    ...receipts.map((r) => r.id),
    // Invoice numbers are a per-company sequence (both companies have INV-…-000001): the ids identify.
    ...invs.map((i) => i.id),
    ...persons.flatMap((p) => [p.id, p.fullName, p.idNumber]),
    ...prs.flatMap((p) => [p.id, p.itemName, p.productUrl]),
    ...notes.map((n) => n.id),
  ];
}

/** The other company's rows the mirror probes aim at (made where the seed has none). */
async function otherCompanyRows(t: TestApp, companyId: string, customerId: string, staffToken: string) {
  const { db } = t.database;
  const customer = await db.query.users.findFirst({ where: eq(users.id, customerId) });
  const [pkg] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.userId, customerId), eq(packages.statusCode, 'in_transit')))
    .limit(1);
  if (!customer || !pkg) throw new Error('seed lacks the other company’s customer or packages');
  const body = await multipart({ package_id: pkg.id }, [
    { name: 'blue.pdf', bytes: markedPdf(`matrix-blue-${uniq()}`), type: 'application/pdf' },
  ]);
  const [receipt] = created<{ id: string; file: { id: string } }[]>(
    await t.request({
      method: 'POST',
      url: '/v1/packagereceipts',
      host: BLUE_HOST,
      token: staffToken,
      ...body,
    }),
    'the other company’s receipt',
  );
  const invoice = created<{ id: string }>(
    await t.request({
      method: 'POST',
      url: '/v1/invoices',
      host: BLUE_HOST,
      token: staffToken,
      payload: {
        customer_id: customerId,
        lines: [
          {
            type: 'other',
            description: 'Blue probe',
            quantity: 1,
            unit_price_cents: 100,
            package_id: pkg.id,
          },
        ],
      },
    }),
    'the other company’s invoice',
  );
  created(
    await t.request({
      method: 'PUT',
      url: `/v1/invoices/${invoice.id}`,
      host: BLUE_HOST,
      token: staffToken,
      payload: { status: 'issued' },
    }),
    'the other company’s invoice issued',
  );
  const [pr] = await db
    .insert(purchaseRequests)
    .values({
      companyId,
      userId: customerId,
      productUrl: `https://shop.example.com/blue/${uniq()}`,
      store: 'shop.example.com',
      itemName: `Blue item ${uniq()}`,
      quantity: 1,
    })
    .returning({ id: purchaseRequests.id });
  const menu = await db.query.menus.findFirst({
    where: and(eq(menus.companyId, companyId), eq(menus.code, 'customer')),
  });
  if (!menu || !pr || !receipt) throw new Error('the other company’s rows are missing');
  const [item] = await db
    .insert(menuItems)
    .values({ menuId: menu.id, companyId, title: `Blue menu ${uniq()}`, route: `/user/blue-${uniq()}` })
    .returning({ id: menuItems.id });
  if (!item) throw new Error('menu item insert returned no row');
  return {
    customerId,
    mailbox: customer.mailboxNumber,
    packageId: pkg.id,
    receiptId: receipt.id,
    fileId: receipt.file.id,
    invoiceId: invoice.id,
    purchaseRequestId: pr.id,
    menuId: String(menu.id),
    menuItemId: String(item.id),
  };
}

const unique = (values: string[], minLength: number): string[] =>
  [...new Set(values)].filter((s) => s.length >= minLength);

/** Everything a customer's own lists show, lower-cased: what they may see anyway. */
async function corpus(t: TestApp, token: string, host: string): Promise<string> {
  const urls = [
    '/v1/auth/me',
    '/v1/profile',
    '/v1/packages?pageSize=100',
    '/v1/peralert?pageSize=100',
    '/v1/invoices?pageSize=100',
    '/v1/authorizedpersons',
    '/v1/purchaserequests/?pageSize=100',
    '/v1/notifications?pageSize=100',
    '/v1/points?pageSize=100',
  ];
  const bodies = await Promise.all(urls.map((url) => t.request({ method: 'GET', url, token, host })));
  return bodies.map((r) => r.body.toLowerCase()).join('\n');
}

/** Whether the known email tokens are still unused: presenting them on the wrong host must not spend them. */
export async function emailTokenState(t: TestApp, tokens: string[]): Promise<string> {
  const rows = await t.database.db
    .select({ hash: emailTokens.tokenHash, used: emailTokens.usedAt })
    .from(emailTokens)
    .where(inArray(emailTokens.tokenHash, tokens.map(hashToken)));
  return JSON.stringify(rows.map((r) => [r.hash, r.used]).sort());
}

/** The refresh-token rows of a session: outsiders presenting a token must neither spend nor revoke it. */
export async function refreshState(t: TestApp, token: string): Promise<string> {
  const row = await t.database.db.query.refreshTokens.findFirst({
    where: eq(refreshTokens.tokenHash, hashToken(token)),
  });
  return JSON.stringify({ used: row?.usedAt ?? null, revoked: row?.revokedAt ?? null, found: !!row });
}
