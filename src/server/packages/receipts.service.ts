import { msg } from '@lingui/core/runtime-macro';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import type { Receipt, receiptFieldsSchema } from '../../contract/packages';
import type { Db } from '../db';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { files, packageReceipts, packages } from '../db/schema';
import { badRequest, forbidden, notFound } from '../errors';
import type { FileStore } from '../files/file-store';
import { releaseStorage } from '../files/storage-quota';
import type { FormUpload } from '../http/uploads';
import { t } from '../i18n';
import type { PackageService } from './packages.service';
import { type StoredFiles, toFileInfo } from './stored-files';

type ReceiptForm = FormUpload<z.output<typeof receiptFieldsSchema>>;

/** Receipts on a package: its owner or staff add invoices and photos; deleting one removes its bytes. */
export function createReceiptService(deps: {
  db: Db;
  store: FileStore;
  storedFiles: StoredFiles;
  packages: PackageService;
}) {
  const { db, store, storedFiles, packages: packageService } = deps;

  return {
    /** Adds the upload's files to a package the caller may see, in `tx` (the idempotency record commits with them). */
    async add(company: CompanyRow, user: UserRow, upload: ReceiptForm, tx: Db): Promise<Receipt[]> {
      // update_by is in the spec's form; it can only name the caller, whose id the server takes from the token.
      const by = upload.fields.update_by;
      if (by && by !== user.id && by.toLowerCase() !== user.email) {
        throw forbidden(msg`You can only upload receipts as yourself`);
      }
      const pkg = await packageService.visiblePackage(company, user, upload.fields.package_id, tx);
      if (upload.files.length === 0)
        throw badRequest(msg`Validation failed`, { files: [t(msg`Attach at least one file`)] });
      const stored = await storedFiles.insertFiles(tx, company, user, upload.files);
      const rows = await tx
        .insert(packageReceipts)
        .values(
          stored.map((f) => ({
            packageId: pkg.id,
            companyId: company.id,
            fileId: f.id,
            uploadedBy: user.id,
          })),
        )
        .returning();
      const fileRows = await tx
        .select()
        .from(files)
        .where(
          inArray(
            files.id,
            rows.map((r) => r.fileId),
          ),
        );
      return rows.map((r) => {
        const f = fileRows.find((x) => x.id === r.fileId);
        if (!f) throw new Error('receipt file vanished');
        return {
          id: r.id,
          package_id: r.packageId,
          file: toFileInfo(f),
          kind: r.kind,
          uploaded_by: `${user.firstName} ${user.lastName}`.trim(),
          created_at: r.createdAt.toISOString(),
        };
      });
    },

    async remove(company: CompanyRow, user: UserRow, id: string): Promise<void> {
      const [row] = await db
        .select({ r: packageReceipts, ownerId: packages.userId, key: files.storageKey })
        .from(packageReceipts)
        .innerJoin(packages, eq(packages.id, packageReceipts.packageId))
        .innerJoin(files, eq(files.id, packageReceipts.fileId))
        .where(and(eq(packageReceipts.id, id), eq(packageReceipts.companyId, company.id)))
        .limit(1);
      if (!row || (!isStaff(user) && row.ownerId !== user.id)) throw notFound(msg`Receipt not found`);
      // The warehouse's photo of the parcel at intake is the company's record: only staff remove it.
      if (row.r.kind === 'photo' && !isStaff(user))
        throw forbidden(msg`Only the warehouse can remove its photo`);
      await db.transaction(async (tx) => {
        await tx.delete(packageReceipts).where(eq(packageReceipts.id, id));
        const [gone] = await tx
          .delete(files)
          .where(eq(files.id, row.r.fileId))
          .returning({ size: files.sizeBytes });
        if (gone) await releaseStorage(tx as unknown as Db, company.id, gone.size);
      });
      // Bytes go after the rows: a crash in between leaves an unreferenced file, never a record without its file.
      await store.remove(row.key);
    },
  };
}

export type ReceiptService = ReturnType<typeof createReceiptService>;
