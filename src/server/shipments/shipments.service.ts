import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { PackageStatus } from '../package-status/move-status';
import type { StaffPackageService } from '../staff-packages/staff-packages.service';
import { createShipmentContents } from './shipment-contents';
import { createShipmentEdits } from './shipment-edits';
import { createShipmentViews } from './shipment-views';

/**
 * Shipments (manifests), by job: the list, one shipment and its manifest (shipment-views.ts), created and edited
 * (shipment-edits.ts), filled by scanning and advanced as one through the status's owner (shipment-contents.ts).
 */
export function createShipmentService(deps: {
  db: Db;
  audit: AuditService;
  staffPackages: StaffPackageService;
  status: PackageStatus;
}) {
  return {
    ...createShipmentViews(deps),
    ...createShipmentEdits(deps),
    ...createShipmentContents(deps),
  };
}

export type ShipmentService = ReturnType<typeof createShipmentService>;
