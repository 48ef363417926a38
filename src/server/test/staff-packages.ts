import { eq } from 'drizzle-orm';
import type { AuditEntry } from '../../contract/audit';
import type { Notification } from '../../contract/notifications';
import { packages, prealerts, users } from '../db/schema';
import type { Session } from './access';
import type { TestApp } from './harness';
import { expectOk, type SignedUp, signUp } from './helpers';
import { multipart } from './multipart';

/** Helpers of the staff package and shipment tests. */

let seq = 0;
/** A tracking number no other test uses. */
export const tracking = (prefix = 'OPS') =>
  `${prefix}${Date.now().toString(36)}${(seq++).toString(36)}`.toUpperCase();

/** A fresh verified customer, signed in. */
export async function customer(t: TestApp, host = 'localhost'): Promise<SignedUp & { session: Session }> {
  const s = await signUp(t, host);
  await t.database.db.update(users).set({ emailVerifiedAt: new Date() }).where(eq(users.id, s.userId));
  // The sign-up's own session (the guard reads verification from the account, not the token): a second login
  // per customer would run into the login rate limit.
  return { ...s, session: { access: s.access, refresh: s.refresh, userId: s.userId } };
}

/** Staff receive a parcel for a mailbox (through the API, as the warehouse does). */
export async function receive(t: TestApp, staff: Session, mailbox: string, tn = tracking(), weight = 1.5) {
  const body = await multipart({
    tracking_number: tn,
    mailbox_number: mailbox,
    weight: String(weight),
    declared_value: '25',
    description: 'Shoes',
  });
  const res = await t.request({
    method: 'POST',
    url: '/v1/admin/packages/receive',
    token: staff.access,
    ...body,
  });
  return expectOk<{ id: string; tracking_number: string }>(res, 201);
}

/** An Unassigned parcel (no customer matched its label), written directly: intake owns how it is received. */
export async function unassigned(t: TestApp, hint = 'J DOE / BOX 9999', tn = tracking('UNA')) {
  const [company] = await t.database.db
    .select({ id: users.companyId })
    .from(users)
    .where(eq(users.email, 'admin@demo.test'));
  if (!company) throw new Error('no demo company');
  const now = new Date();
  const [p] = await t.database.db
    .insert(packages)
    .values({
      companyId: company.id,
      userId: null,
      trackingNumber: tn,
      description: 'Unlabelled box',
      weight: '4.00',
      statusCode: 'received_us',
      consigneeHint: hint,
      receivedAt: now,
    })
    .returning();
  if (!p) throw new Error('insert failed');
  return p;
}

/** A pending pre-alert of a customer, written directly (the customer's multipart call is tested elsewhere). */
export async function pendingPrealertOf(t: TestApp, userId: string, tn = tracking('PRE')) {
  const [u] = await t.database.db.select().from(users).where(eq(users.id, userId));
  if (!u) throw new Error('no user');
  const [pre] = await t.database.db
    .insert(prealerts)
    .values({
      companyId: u.companyId,
      userId,
      trackingNumber: tn,
      sellerName: 'Amazon',
      description: 'Headphones',
      weight: '1.00',
      valueCents: 5000,
      packageType: 'parcel',
    })
    .returning();
  if (!pre) throw new Error('insert failed');
  return pre;
}

export async function notificationsOf(t: TestApp, s: Session, host = 'localhost') {
  const res = await t.request({
    method: 'GET',
    url: '/v1/notifications?pageSize=100',
    token: s.access,
    host,
  });
  return expectOk<{ items: Notification[]; total: number }>(res);
}

export async function auditOf(t: TestApp, staff: Session, entity: string, id: string) {
  const res = await t.request({
    method: 'GET',
    url: `/v1/admin/audit?entity=${entity}&id=${id}`,
    token: staff.access,
  });
  return expectOk<{ items: AuditEntry[] }>(res).items;
}
