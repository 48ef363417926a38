import { msg } from '@lingui/core/runtime-macro';
import { and, asc, eq } from 'drizzle-orm';
import type { PackageStatusCode } from '../../contract/constants';
import type { PackageDetail, Receipt } from '../../contract/packages';
import type { Db } from '../db';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { files, packageEvents, packageReceipts, packages, prealerts, users } from '../db/schema';
import { notFound } from '../errors';
import { storageCountdowns } from '../storage/storage';
import { prealertDtos } from './prealert-records';
import { toFileInfo } from './stored-files';
import { type PackageRow, type StatusNames, toSummary } from './summaries';

/* One package in the portal: whether the caller may see it, and its detail (timeline, receipts, pre-alert). */

export function createPackageDetail(deps: { db: Db; names: StatusNames }) {
  const { db, names } = deps;
  /** The package if the caller may see it (its owner, or staff of its company); otherwise "not found". */
  async function visiblePackage(
    company: CompanyRow,
    user: UserRow,
    id: string,
    tx: Db = db,
  ): Promise<PackageRow> {
    const [row] = await tx
      .select()
      .from(packages)
      .where(
        and(
          eq(packages.id, id),
          eq(packages.companyId, company.id),
          isStaff(user) ? undefined : eq(packages.userId, user.id),
        ),
      )
      .limit(1);
    if (!row) throw notFound(msg`Package not found`);
    return row;
  }

  return {
    visiblePackage,

    // `tx`: a transaction whose uncommitted rows the answer must see (an intake inside its Idempotency-Key's).
    async detail(company: CompanyRow, user: UserRow, id: string, tx: Db = db): Promise<PackageDetail> {
      const p = await visiblePackage(company, user, id, tx);
      const [owner] = p.userId ? await tx.select().from(users).where(eq(users.id, p.userId)).limit(1) : [];
      const statusNames = await names(tx);
      const events = await tx
        .select({
          e: packageEvents,
          actor: { first: users.firstName, last: users.lastName, role: users.role },
        })
        .from(packageEvents)
        .leftJoin(users, eq(users.id, packageEvents.actorId))
        .where(eq(packageEvents.packageId, p.id))
        .orderBy(asc(packageEvents.createdAt), asc(packageEvents.id));
      const receipts = await tx
        .select({ r: packageReceipts, file: files, by: { first: users.firstName, last: users.lastName } })
        .from(packageReceipts)
        .innerJoin(files, eq(files.id, packageReceipts.fileId))
        .innerJoin(users, eq(users.id, packageReceipts.uploadedBy))
        .where(eq(packageReceipts.packageId, p.id))
        .orderBy(asc(packageReceipts.createdAt));
      const prealertRows = p.prealertId
        ? await tx.select().from(prealerts).where(eq(prealerts.id, p.prealertId)).limit(1)
        : [];
      const [prealert] = await prealertDtos(tx, prealertRows);
      const storage = await storageCountdowns(tx, company, [p]);
      return {
        ...toSummary(p, owner ?? null, statusNames, storage.get(p.id) ?? null),
        events: events.map(({ e, actor }) => ({
          id: e.id,
          status: e.statusCode as PackageStatusCode,
          status_name: statusNames.get(e.statusCode) ?? e.statusCode,
          note: e.note,
          // Customers see who at the company acted by first name only; their own actions by name.
          actor: actor ? actor.first : null,
          created_at: e.createdAt.toISOString(),
        })),
        receipts: receipts.map(
          ({ r, file, by }): Receipt => ({
            id: r.id,
            package_id: r.packageId,
            kind: r.kind,
            file: toFileInfo(file),
            uploaded_by: `${by.first} ${by.last}`.trim(),
            created_at: r.createdAt.toISOString(),
          }),
        ),
        prealert: prealert ?? null,
      };
    },
  };
}
