import type { PackageStatusBody } from '../../contract/packages';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { conflict } from '../errors';
import type { PackageStatus } from '../package-status/move-status';
import { createPackageDetail } from './package-detail';
import { createPackageList } from './package-list';
import { cachedStatusNames } from './summaries';

/**
 * Packages in the portal, by job: customers see their own, staff their company's (the list and counts,
 * package-list.ts; one package, package-detail.ts); staff move one to a status by hand, through the status's owner
 * (package-status/). Intake receives them (intake/).
 */
export function createPackageService(deps: { db: Db; status: PackageStatus }) {
  const { db } = deps;
  const names = cachedStatusNames(db);
  const { visiblePackage, detail } = createPackageDetail({ db, names });
  return {
    ...createPackageList({ db, names }),
    visiblePackage,
    detail,

    /**
     * Staff move a package to a status by hand, through the status's owner (which refuses a move its rules do not
     * allow); its owner is told (and mailed) in the same transaction.
     */
    async changeStatus(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      { status, note, hold_reason, hold_note }: PackageStatusBody,
      origin: string,
    ) {
      const pkg = await visiblePackage(company, staff, id);
      if (pkg.statusCode === status) throw conflict(`The package is already "${status}"`);
      await db.transaction((tx) =>
        deps.status.moveStatus(tx, {
          company,
          actor: staff,
          mover: 'staff',
          packages: [{ id: pkg.id }],
          to: status,
          note,
          tell: { origin, note },
          ...(status === 'on_hold' && hold_reason ? { hold: { reason: hold_reason, note: hold_note } } : {}),
        }),
      );
      return detail(company, staff, id);
    },
  };
}

export type PackageService = ReturnType<typeof createPackageService>;
