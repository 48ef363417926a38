import { msg } from '@lingui/core/runtime-macro';
import { and, count, eq, inArray, ne, notInArray } from 'drizzle-orm';
import { UNDO_RECEIVE_MINUTES } from '../../contract/intake';
import type { AuditService } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { files, invoiceLines, packageEvents, packageReceipts, packages, prealerts } from '../db/schema';
import { conflict, forbidden, notFound } from '../errors';
import type { FileStore } from '../files/file-store';
import { releaseStorage } from '../files/storage-quota';
import { assertMoves, type PackageStatus } from '../package-status/move-status';
import { UNRECORDED } from '../package-status/rules';
import { nameIn, statusNames } from '../package-status/status-names';
import { lockIntake } from './receipt-writes';

/* A receipt taken back by its clerk (or an admin) for a few minutes, while nothing else happened to its package. */

/** How long a receipt can be undone, in ms. */
export const UNDO_MS = UNDO_RECEIVE_MINUTES * 60_000;
type PackageRow = typeof packages.$inferSelect;

/** The package of a receipt that `staff` may still undo: received at intake, by them or an admin, in the window. */
async function receiptToUndo(db: Db, company: CompanyRow, staff: UserRow, id: string) {
  const [p] = await db
    .select()
    .from(packages)
    .where(and(eq(packages.id, id), eq(packages.companyId, company.id)))
    .limit(1);
  if (!p) throw notFound(msg`Package not found`);
  const receivedAt = p.receivedAt;
  if (!receivedAt || p.receivedBy === null) throw conflict(msg`This package was not received at intake`);
  if (p.receivedBy !== staff.id && staff.role !== 'admin') {
    throw forbidden(msg`Only the clerk who received it (or an admin) can undo a receipt`);
  }
  if (Date.now() - receivedAt.getTime() > UNDO_MS) {
    throw conflict(`A receipt can be undone for ${UNDO_RECEIVE_MINUTES} minutes; change the package instead`);
  }
  return { p, receivedAt };
}

/**
 * Refuses the undo, in `tx` under the intake lock, when the package moved on: first by the status's rules (only a
 * package still Received: the refusal names where it is now), then whatever else happened to it since (a later
 * event, an invoice line, a document, a shipment, another owner, or a package recorded before this receipt).
 */
async function assertUntouched(tx: Db, p: PackageRow, receivedAt: Date) {
  const [[later], [billed], [docs], [now]] = await Promise.all([
    tx
      .select({ n: count() })
      .from(packageEvents)
      .where(
        and(
          eq(packageEvents.packageId, p.id),
          notInArray(packageEvents.statusCode, ['pre_alerted', 'received_us']),
        ),
      ),
    tx.select({ n: count() }).from(invoiceLines).where(eq(invoiceLines.packageId, p.id)),
    tx
      .select({ n: count() })
      .from(packageReceipts)
      .where(and(eq(packageReceipts.packageId, p.id), ne(packageReceipts.kind, 'photo'))),
    tx
      .select({ status: packages.statusCode, shipment: packages.shipmentId, owner: packages.userId })
      .from(packages)
      .where(eq(packages.id, p.id))
      .limit(1),
  ]);
  if (!now) throw notFound(msg`Package not found`);
  const name = nameIn(await statusNames(tx));
  assertMoves([{ trackingNumber: p.trackingNumber, from: now.status }], UNRECORDED, 'undo', name);
  if (
    (later?.n ?? 0) > 0 ||
    (billed?.n ?? 0) > 0 ||
    (docs?.n ?? 0) > 0 ||
    now.shipment !== null ||
    now.owner !== p.userId ||
    p.createdAt.getTime() < receivedAt.getTime() - 1000
  ) {
    throw conflict(
      msg`Something else happened to this package since its receipt: change it instead of undoing`,
    );
  }
}

/** The photo files of a package: read before it goes (its receipt rows go with it), removed after. */
async function photosOf(tx: Db, packageId: string) {
  const rows = await tx
    .select({ file: files })
    .from(packageReceipts)
    .innerJoin(files, eq(files.id, packageReceipts.fileId))
    .where(eq(packageReceipts.packageId, packageId));
  return rows.map((r) => r.file);
}

/** Removes file rows and gives their bytes back to the company's storage; returns their keys, for after the commit. */
async function dropFiles(tx: Db, companyId: string, gone: (typeof files.$inferSelect)[]): Promise<string[]> {
  if (gone.length === 0) return [];
  await tx.delete(files).where(
    inArray(
      files.id,
      gone.map((f) => f.id),
    ),
  );
  await releaseStorage(
    tx,
    companyId,
    gone.reduce((n, f) => n + f.sizeBytes, 0),
  );
  return gone.map((f) => f.storageKey);
}

export function createUndoReceipt(deps: {
  db: Db;
  audit: AuditService;
  store: FileStore;
  status: PackageStatus;
}) {
  const { db, audit, store } = deps;
  return {
    /**
     * Undoes a receipt within its window, by its clerk or an admin, while nothing else happened to the package:
     * through the status's owner the package goes (its events, photo rows and bell notifications with it), and a
     * pre-alert it matched is pending again. The photo's bytes are removed once the transaction commits.
     */
    async undo(company: CompanyRow, staff: UserRow, id: string) {
      const { p, receivedAt } = await receiptToUndo(db, company, staff, id);
      const keys = await db.transaction(async (tx) => {
        await lockIntake(tx, company.id);
        await assertUntouched(tx, p, receivedAt);
        if (p.prealertId) {
          await tx
            .update(prealerts)
            .set({ status: 'pending', packageId: null, matchedAt: null, updatedAt: new Date() })
            .where(and(eq(prealerts.id, p.prealertId), eq(prealerts.companyId, company.id)));
        }
        const photos = await photosOf(tx, p.id);
        await deps.status.moveStatus(tx, {
          company,
          actor: staff,
          mover: 'undo',
          to: UNRECORDED,
          packages: [{ id: p.id, audit: { changes: { tracking_number: [p.trackingNumber, null] } } }],
          note: p.prealertId ? 'Receipt undone; the pre-alert is pending again' : 'Receipt undone',
        });
        const removed = await dropFiles(tx, company.id, photos);
        if (p.prealertId) {
          await audit.record(tx, company, staff, {
            entity: 'prealert',
            entityId: p.prealertId,
            action: 'unmatched',
            changes: { status: ['matched', 'pending'] },
            note: 'Receipt undone',
          });
        }
        return removed;
      });
      await Promise.all(keys.map((k) => store.remove(k)));
      return { id: p.id, prealert_id: p.prealertId };
    },
  };
}
