import { and, eq, gt, sql, sum } from 'drizzle-orm';
import type { Config } from '../config';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { files, storageUsage } from '../db/schema';
import { ApiError } from '../errors';

const HOUR_MS = 3600_000;
const MB = 1024 * 1024;

const storageFull = () =>
  new ApiError(413, "Your company's file storage is full; ask the company to free some space", {
    files: ["The company's file storage is full"],
  });

/**
 * Adds `bytes` to the company's stored total, in the caller's transaction. With a quota, the add happens only while
 * the total stays within it (checked and added in one statement, so two uploads cannot both squeeze past it).
 */
export async function chargeStorage(tx: Db, companyId: string, bytes: number, quota?: number): Promise<void> {
  if (quota !== undefined && bytes > quota) throw storageFull();
  const within = quota === undefined ? sql`true` : sql`${storageUsage.bytes} + ${bytes} <= ${quota}`;
  const rows = await tx
    .insert(storageUsage)
    .values({ companyId, bytes })
    .onConflictDoUpdate({
      target: storageUsage.companyId,
      set: { bytes: sql`${storageUsage.bytes} + ${bytes}` },
      setWhere: within,
    })
    .returning({ bytes: storageUsage.bytes });
  if (rows.length === 0) throw storageFull();
}

export async function releaseStorage(tx: Db, companyId: string, bytes: number): Promise<void> {
  await tx
    .update(storageUsage)
    .set({ bytes: sql`greatest(0, ${storageUsage.bytes} - ${bytes})` })
    .where(eq(storageUsage.companyId, companyId));
}

/**
 * Checked before an upload is read, so an over-quota client is told at once instead of after sending 50 MB:
 * per user, bytes uploaded in the last hour (staff, who photograph every parcel at intake, get five times as much);
 * per company, the stored total. The company check is repeated atomically when the files are committed.
 */
export function createUploadQuota(deps: { db: Db; config: Config }) {
  const { db, config } = deps;
  return {
    quotaBytes: config.storageQuotaBytes,
    async check(company: CompanyRow, user: UserRow, incomingBytes: number): Promise<void> {
      const allowance = user.role === 'customer' ? config.uploadBytesPerHour : config.uploadBytesPerHour * 5;
      const since = new Date(Date.now() - HOUR_MS);
      const [[mine], [usage]] = await Promise.all([
        db
          .select({
            bytes: sum(files.sizeBytes).mapWith(Number),
            first: sql<Date | null>`min(${files.createdAt})`,
          })
          .from(files)
          .where(and(eq(files.ownerId, user.id), gt(files.createdAt, since))),
        db
          .select({ bytes: storageUsage.bytes })
          .from(storageUsage)
          .where(eq(storageUsage.companyId, company.id)),
      ]);
      const used = mine?.bytes ?? 0;
      if (used > 0 && used + incomingBytes > allowance) {
        const first = mine?.first ? new Date(mine.first).getTime() : Date.now();
        const seconds = Math.max(1, Math.ceil((first + HOUR_MS - Date.now()) / 1000));
        const minutes = Math.ceil(seconds / 60);
        throw new ApiError(
          429,
          `You have uploaded ${Math.round(used / MB)} MB in the last hour (the limit is ${Math.round(allowance / MB)} MB); try again in ${minutes} min`,
          undefined,
          { 'retry-after': String(seconds) },
        );
      }
      if ((usage?.bytes ?? 0) + incomingBytes > config.storageQuotaBytes) throw storageFull();
    },
  };
}

export type UploadQuota = ReturnType<typeof createUploadQuota>;
