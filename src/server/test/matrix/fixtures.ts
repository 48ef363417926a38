import { and, asc, eq } from 'drizzle-orm';
import type { Role } from '../../../contract/users';
import { hashPassword } from '../../auth/passwords';
import { hashToken } from '../../auth/tokens';
import { nextMailboxNumber } from '../../companies/mailbox-numbers';
import {
  authorizedPersons,
  companies,
  dutyCategories,
  emailTokens,
  invoices,
  menuItems,
  menus,
  notifications,
  packages,
  prealerts,
  purchaseRequests,
  users,
} from '../../db/schema';
import { TEST_SCRYPT_LOG_N } from '../constants';
import { createTestApp, DEMO, type TestApp } from '../harness';
import { multipart } from '../multipart';
import { callerTable } from './callers';
import { corpus, secretsOfCustomer, unique } from './fixture-secrets';
import {
  BLUE_HOST,
  type CallerKey,
  created,
  type Fixtures,
  type Form,
  HOST,
  markedPdf,
  uniq,
} from './fixture-types';
import { otherCompanyRows } from './other-company-rows';
import { paymentFixtures } from './payment-fixtures';
import { pushFixture } from './push-fixtures';

/**
 * Fixtures of the access-control matrix: one test app, every kind of caller, and rows of every kind owned by the
 * victim (the demo customer on `localhost`), some of them one per allowed caller where the allowed call uses the
 * row up (a receipt deleted, a pre-alert cancelled, a menu item deleted).
 */

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

  const callers = callerTable({
    owner,
    neighbour,
    unverified,
    staff,
    admin,
    platform,
    blue,
    blueStaff,
    gone,
    demoted,
  });

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

  // Invoices each allowed caller changes once (issue, delete, cancel, pay, reverse): made through the API.
  const newInvoice = async (then: 'draft' | 'issue') =>
    created<{ id: string }>(
      await req({
        method: 'POST',
        url: '/v1/invoices',
        token: admin.access,
        payload: {
          customer_id: owner.userId,
          lines: [{ type: 'other', description: 'Matrix invoice', quantity: 1, unit_price_cents: 10_000 }],
          then,
        },
      }),
      'invoice',
    ).id;
  const invoiceFor: Fixtures['invoiceFor'] = {};
  for (const k of ['staff', 'admin', 'platform'] as const) {
    const paid = await newInvoice('issue');
    const withPayment = created<{ payments: { id: string }[] }>(
      await req({
        method: 'POST',
        url: `/v1/invoices/${paid}/payments`,
        token: admin.access,
        payload: { amount_cents: 1_000, method: 'cash' },
      }),
      'payment',
    );
    invoiceFor[k] = {
      draft: await newInvoice('draft'),
      toIssue: await newInvoice('draft'),
      open: await newInvoice('issue'),
      toCancel: await newInvoice('issue'),
      paid,
      paymentId: withPayment.payments[0]?.id ?? '',
    };
  }

  const payments = await paymentFixtures(t, demo.id, owner.access, () => newInvoice('issue'));

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
  const push = await pushFixture(db, demo.id, owner.userId);

  const [note] = await db.select().from(notifications).where(eq(notifications.userId, owner.userId)).limit(1);
  if (!note) throw new Error('seed lacks a notification');

  const menu = await db.query.menus.findFirst({
    where: and(eq(menus.companyId, demo.id), eq(menus.code, 'customer')),
  });
  if (!menu) throw new Error('seed lacks the customer menu');
  const menuMarker = `Matrix menu ${uniq()}`;
  const adminMenuRow = await db.query.menus.findFirst({
    where: and(eq(menus.companyId, demo.id), eq(menus.code, 'admin')),
  });
  if (!adminMenuRow) throw new Error('seed lacks the admin menu');
  const adminMenuItems = await db
    .select({ id: menuItems.id, parent_id: menuItems.parentId })
    .from(menuItems)
    .where(eq(menuItems.menuId, adminMenuRow.id))
    .orderBy(asc(menuItems.sortOrder), asc(menuItems.id));
  const newItem = async (title: string) =>
    created<{ id: number }>(
      await req({
        method: 'POST',
        url: '/v1/menuitems',
        token: admin.access,
        payload: { menu_id: menu.id, title, route: `/user/fees?matrix=${uniq()}`, roles: ['customer'] },
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
    invoiceNumber: invoice.number ?? '',
    ...payments,
    invoiceFor,
    authorizedPersonId: person.id,
    authorizedPersonToDeleteId: personToDelete.id,
    push,
    purchaseRequestId: pr.id,
    purchaseRequestToDeleteId: prToDelete.id,
    notificationId: note.id,
    menuId: String(menu.id),
    menuItemId: String(item.id),
    menuItemFor,
    menuMarker,
    adminMenu: { id: String(adminMenuRow.id), items: adminMenuItems },
    dutyCategoryId: category.id,
    other,
    tokenUser: { id: tokenU.id, email: tokenU.email, verifyToken, resetToken },
    // A value the other side also has (a seller's item name, a common first name) identifies nobody: dropped.
    victimSecrets: unique(victimSecrets, 6).filter((s) => !blueCorpus.includes(s.toLowerCase())),
    demoSecrets,
    blueSecrets: unique(blueSecrets, 4).filter((s) => !ownerCorpus.includes(s.toLowerCase())),
  };
}
