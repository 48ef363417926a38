import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq, inArray, notExists, type SQL } from 'drizzle-orm';
import type { Prealert } from '../../contract/packages';
import type { Db } from '../db';
import { files, packages, prealertFiles, prealerts } from '../db/schema';
import { ApiError } from '../errors';
import { t } from '../i18n';
import { toFileInfo } from './stored-files';

type PrealertRow = typeof prealerts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * A pending pre-alert whose parcel is not received: no package stands for it (the demo data and an intake link a
 * package through `packages.prealert_id`; a match also sets the pre-alert's `package_id` and status).
 */
export function awaitingParcel(db: Db): SQL {
  return and(
    eq(prealerts.status, 'pending'),
    notExists(db.select({ one: packages.id }).from(packages).where(eq(packages.prealertId, prealerts.id))),
  ) as SQL;
}

/** Dollars (as typed by a customer) to integer cents, rounding half up at the cent, without float drift. */
export function toCents(value: number): number {
  return Math.round(Number((value * 100).toFixed(4)));
}

/** Pre-alerts as the API shows them, with their files. */
export async function prealertDtos(db: Db, rows: PrealertRow[]): Promise<Prealert[]> {
  if (rows.length === 0) return [];
  const links = await db
    .select({ prealertId: prealertFiles.prealertId, file: files })
    .from(prealertFiles)
    .innerJoin(files, eq(files.id, prealertFiles.fileId))
    .where(
      inArray(
        prealertFiles.prealertId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(files.createdAt));
  return rows.map((p) => ({
    id: p.id,
    tracking_number: p.trackingNumber,
    seller_name: p.sellerName,
    description: p.description,
    weight: p.weight,
    value_cents: p.valueCents,
    currency: p.currency,
    package_type: p.packageType,
    height: p.height,
    length: p.length,
    width: p.width,
    status: p.status,
    package_id: p.packageId,
    files: links.filter((l) => l.prealertId === p.id).map((l) => toFileInfo(l.file)),
    created_at: p.createdAt.toISOString(),
    matched_at: iso(p.matchedAt),
    cancelled_at: iso(p.cancelledAt),
    cancel_reason: p.cancelReason,
  }));
}

/**
 * Links a pre-alert and its package both ways and locks the pre-alert (matched): the one way a pre-alert is
 * matched, whether the parcel arrives after it or it is sent for a parcel already received.
 */
export async function matchPrealert(tx: Db, prealertId: string, packageId: string, at = new Date()) {
  await tx
    .update(prealerts)
    .set({ status: 'matched', packageId, matchedAt: at, updatedAt: at })
    .where(eq(prealerts.id, prealertId));
  await tx.update(packages).set({ prealertId, updatedAt: at }).where(eq(packages.id, packageId));
}

/** The customer's pending pre-alert for a tracking number, if any. */
export async function pendingPrealert(tx: Db, companyId: string, userId: string, trackingNumber: string) {
  const [pre] = await tx
    .select()
    .from(prealerts)
    .where(
      and(
        eq(prealerts.companyId, companyId),
        eq(prealerts.userId, userId),
        eq(prealerts.trackingNumber, trackingNumber),
        eq(prealerts.status, 'pending'),
      ),
    )
    .limit(1);
  return pre;
}

export function duplicate(tracking: string) {
  return new ApiError(409, `You already pre-alerted ${tracking}`, {
    tracking_number: [t(msg`You already pre-alerted this tracking number`)],
  });
}
