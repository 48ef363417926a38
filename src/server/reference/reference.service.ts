import { msg } from '@lingui/core/runtime-macro';
import { asc, eq } from 'drizzle-orm';
import type { PackageStatusCode } from '../../contract/constants';
import type { Identification, PackageStatus, Parish } from '../../contract/reference';
import type { Db } from '../db';
import { identifications, packageStatuses, parishes } from '../db/schema';
import { notFound } from '../errors';

type StatusRow = typeof packageStatuses.$inferSelect;
const toStatus = (s: StatusRow): PackageStatus => ({
  id: s.id,
  code: s.code as PackageStatusCode,
  name: s.name,
  description: s.description,
  sort_order: s.sortOrder,
  is_exception: s.isException,
  is_final: s.isFinal,
});

/** Platform-wide reference data: the same for every company. */
export function createReferenceService({ db }: { db: Db }) {
  return {
    parishes: (): Promise<Parish[]> => db.select().from(parishes).orderBy(asc(parishes.id)),
    identifications: (): Promise<Identification[]> =>
      db.select().from(identifications).orderBy(asc(identifications.id)),
    async statuses(): Promise<PackageStatus[]> {
      const rows = await db.select().from(packageStatuses).orderBy(asc(packageStatuses.sortOrder));
      return rows.map(toStatus);
    },
    async status(id: number): Promise<PackageStatus> {
      const row = await db.query.packageStatuses.findFirst({ where: eq(packageStatuses.id, id) });
      if (!row) throw notFound(msg`Package status not found`);
      return toStatus(row);
    },
  };
}

export type ReferenceService = ReturnType<typeof createReferenceService>;
