import { and, eq, inArray, sql } from 'drizzle-orm';
import type { CustomerMatch, CustomerRef } from '../../contract/intake';
import type { Db } from '../db';
import { packages, prealerts, users } from '../db/schema';

type UserRow = typeof users.$inferSelect;
type PrealertRow = typeof prealerts.$inferSelect;
export type Found = { user: UserRow; how: CustomerMatch };

/** What a label says about its consignee: the mailbox number and an email or a full name. */
export type Consignee = {
  trackingNumber?: string | undefined;
  mailbox?: string | undefined;
  email?: string | undefined;
  name?: string | undefined;
};

/** A receipt form's one consignee field: an email when it has an @, else a full name. */
export const splitConsignee = (c: string | undefined) =>
  c === undefined ? {} : isEmail(c) ? { email: c } : { name: c };

export const customerRef = (u: UserRow): CustomerRef => ({
  id: u.id,
  name: `${u.firstName} ${u.lastName}`.trim(),
  email: u.email,
  mailbox_number: u.mailboxNumber,
});

const fullName = sql<string>`lower(${users.firstName} || ' ' || ${users.lastName})`;
const isEmail = (s: string) => s.includes('@');
const key = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/**
 * Finds the customers, pending pre-alerts and received packages behind many labels at once (one query of each, so
 * a 5,000-row import costs the same few queries as one parcel): the customer by mailbox number, then email, then
 * exact full name when exactly one customer has it; failing those, the customer of the one pending pre-alert with
 * the tracking number.
 */
export async function resolveLabels(db: Db, companyId: string, labels: Consignee[]) {
  const mailboxes = new Set<string>();
  const emails = new Set<string>();
  const names = new Set<string>();
  const trackings = new Set<string>();
  for (const l of labels) {
    if (l.mailbox) mailboxes.add(l.mailbox.toUpperCase());
    if (l.email) emails.add(key(l.email));
    if (l.name) names.add(key(l.name));
    if (l.trackingNumber) trackings.add(l.trackingNumber);
  }
  const inCompany = eq(users.companyId, companyId);
  const [byMailbox, byEmail, byName, pending, received] = await Promise.all([
    mailboxes.size
      ? db
          .select()
          .from(users)
          .where(and(inCompany, inArray(users.mailboxNumber, [...mailboxes])))
      : [],
    emails.size
      ? db
          .select()
          .from(users)
          .where(and(inCompany, inArray(sql`lower(${users.email})`, [...emails])))
      : [],
    names.size
      ? db
          .select()
          .from(users)
          .where(and(inCompany, eq(users.role, 'customer'), inArray(fullName, [...names])))
      : [],
    trackings.size
      ? db
          .select({ pre: prealerts, owner: users })
          .from(prealerts)
          .innerJoin(users, eq(users.id, prealerts.userId))
          .where(
            and(
              eq(prealerts.companyId, companyId),
              eq(prealerts.status, 'pending'),
              inArray(prealerts.trackingNumber, [...trackings]),
            ),
          )
      : [],
    trackings.size
      ? db
          .select({
            id: packages.id,
            trackingNumber: packages.trackingNumber,
            statusCode: packages.statusCode,
            receivedAt: packages.receivedAt,
            userId: packages.userId,
          })
          .from(packages)
          .where(and(eq(packages.companyId, companyId), inArray(packages.trackingNumber, [...trackings])))
      : [],
  ]);
  const mailboxMap = new Map(byMailbox.map((u) => [u.mailboxNumber, u]));
  const emailMap = new Map(byEmail.map((u) => [u.email.toLowerCase(), u]));
  const nameMap = new Map<string, UserRow[]>();
  for (const u of byName) {
    const k = key(`${u.firstName} ${u.lastName}`);
    nameMap.set(k, [...(nameMap.get(k) ?? []), u]);
  }
  const pendingMap = new Map<string, { pre: PrealertRow; owner: UserRow }[]>();
  for (const p of pending)
    pendingMap.set(p.pre.trackingNumber, [...(pendingMap.get(p.pre.trackingNumber) ?? []), p]);
  const receivedMap = new Map(received.map((r) => [r.trackingNumber, r]));

  return {
    /** The label's customer and how it was found; null: nobody (the parcel is Unassigned). */
    customer(l: Consignee): Found | null {
      const m = l.mailbox ? mailboxMap.get(l.mailbox.toUpperCase()) : undefined;
      if (m) return { user: m, how: 'mailbox' };
      const e = l.email ? emailMap.get(key(l.email)) : undefined;
      if (e) return { user: e, how: 'email' };
      const n = l.name ? nameMap.get(key(l.name)) : undefined;
      // A name two customers share places the parcel with neither: a clerk decides.
      if (n?.length === 1 && n[0]) return { user: n[0], how: 'name' };
      // Neither mailbox nor name says who: the one customer who pre-alerted this tracking number does.
      const pre = l.trackingNumber ? pendingMap.get(l.trackingNumber) : undefined;
      if (!l.mailbox && pre?.length === 1 && pre[0]) return { user: pre[0].owner, how: 'prealert' };
      return null;
    },
    /** The pending pre-alert of this tracking number: the customer's own, or (no customer) any one. */
    prealert(trackingNumber: string, userId: string | null) {
      const all = pendingMap.get(trackingNumber) ?? [];
      return (userId ? all.find((p) => p.owner.id === userId) : all[0]) ?? null;
    },
    received(trackingNumber: string) {
      return receivedMap.get(trackingNumber) ?? null;
    },
  };
}
