import { eq, inArray } from 'drizzle-orm';
import { hashToken } from '../../auth/tokens';
import {
  authorizedPersons,
  emailTokens,
  files,
  invoices,
  notifications,
  packageReceipts,
  packages,
  prealerts,
  purchaseRequests,
  refreshTokens,
  users,
} from '../../db/schema';
import type { TestApp } from '../harness';

/** What identifies a customer or a company, and the state of tokens the matrix must leave alone. */

/** Ids, tracking and invoice numbers, names and mailbox of one customer: what only they (and their staff) may see. */
export async function secretsOfCustomer(t: TestApp, userId: string): Promise<string[]> {
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

export const unique = (values: string[], minLength: number): string[] =>
  [...new Set(values)].filter((s) => s.length >= minLength);

/** Everything a customer's own lists show, lower-cased: what they may see anyway. */
export async function corpus(t: TestApp, token: string, host: string): Promise<string> {
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
