import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { NotificationService } from '../notifications/notifications.service';
import type { PackageStatus } from '../package-status/move-status';
import { createBulkActions } from './bulk';
import { createPackageList } from './list';
import { createPackageOwnership } from './ownership';
import { createPackageRecord } from './record';

/**
 * The back office's packages, by job: the company-wide list, its search and export (list.ts), one package's record
 * and its edits (record.ts), whose it is and its pre-alert (ownership.ts), and the bulk actions (bulk.ts). A status
 * is moved by the status's owner (package-status/), which each of them calls.
 */
export function createStaffPackageService(deps: {
  db: Db;
  audit: AuditService;
  notifications: NotificationService;
  status: PackageStatus;
}) {
  return {
    ...createPackageList(deps),
    ...createPackageRecord(deps),
    ...createPackageOwnership(deps),
    ...createBulkActions(deps),
  };
}

export type StaffPackageService = ReturnType<typeof createStaffPackageService>;
