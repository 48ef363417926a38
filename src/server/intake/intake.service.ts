import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { FileStore } from '../files/file-store';
import type { PackageStatus } from '../package-status/move-status';
import type { PackageService } from '../packages/packages.service';
import type { StoredFiles } from '../packages/stored-files';
import { createCsvImport } from './csv-import';
import { createIntakeLookups } from './lookups';
import { createReceive } from './receive';
import { createUndoReceipt } from './undo-receipt';

/**
 * Warehouse intake, by job: receipts one by one, scan-first (receive.ts), undone for a few minutes
 * (undo-receipt.ts), what the desk reads as the clerk types and their recent receipts (lookups.ts), and receipts in
 * bulk from a CSV (csv-import.ts). What a receipt writes is in receipt-writes.ts; whose a label is, resolve-labels.ts.
 */
export function createIntakeService(deps: {
  db: Db;
  audit: AuditService;
  packages: PackageService;
  storedFiles: StoredFiles;
  store: FileStore;
  status: PackageStatus;
}) {
  return {
    ...createReceive(deps),
    ...createUndoReceipt(deps),
    ...createIntakeLookups(deps),
    ...createCsvImport(deps),
  };
}

export type IntakeService = ReturnType<typeof createIntakeService>;
