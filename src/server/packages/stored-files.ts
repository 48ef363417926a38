import { msg } from '@lingui/core/runtime-macro';
import { and, eq } from 'drizzle-orm';
import type { FileInfo } from '../../contract/packages';
import type { Db } from '../db';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import { files, packageReceipts, packages, prealertFiles, prealerts } from '../db/schema';
import { notFound } from '../errors';
import { type FileStore, storageKey } from '../files/file-store';
import { chargeStorage } from '../files/storage-quota';
import type { UploadedFile } from '../http/uploads';

export type FileRow = typeof files.$inferSelect;

export function toFileInfo(f: FileRow): FileInfo {
  return {
    id: f.id,
    name: f.originalName,
    content_type: f.contentType,
    size_bytes: f.sizeBytes,
    created_at: f.createdAt.toISOString(),
    url: `/v1/files/${f.id}`,
  };
}

/**
 * The files behind pre-alerts and receipts: their rows, written with the files moved into place, and the one check
 * of who may read a stored file. (What a request leaves behind, staged or moved by work that did not commit, is
 * removed by its route when it ends: http/route.ts.)
 */
export function createStoredFiles(deps: { db: Db; store: FileStore; storageQuotaBytes: number }) {
  const { db, store, storageQuotaBytes } = deps;

  return {
    /**
     * Rows for an upload's files in `tx`, counted against the company's storage; each file is moved into place and
     * keeps its key, so the route removes it again if `tx` does not commit.
     */
    async insertFiles(
      tx: Db,
      company: CompanyRow,
      owner: UserRow,
      uploaded: UploadedFile[],
    ): Promise<FileRow[]> {
      const out: FileRow[] = [];
      // Counted against the company's storage in the same transaction as the rows (413 when it would not fit).
      const bytes = uploaded.reduce((n, f) => n + f.staged.size, 0);
      await chargeStorage(tx, company.id, bytes, storageQuotaBytes);
      for (const f of uploaded) {
        const key = storageKey(company.id);
        const [row] = await tx
          .insert(files)
          .values({
            companyId: company.id,
            ownerId: owner.id,
            storageKey: key,
            originalName: f.name,
            contentType: f.contentType,
            sizeBytes: f.staged.size,
            sha256: f.staged.sha256,
          })
          .returning();
        if (!row) throw new Error('file insert returned no row');
        // Kept before the move: a move that fails half-way (copied, not yet deleted) is still cleaned up.
        f.key = key;
        await store.commit(f.staged, key);
        out.push(row);
      }
      return out;
    },

    /** A file the caller may read: their own upload, or one attached to their package or pre-alert; staff: any. */
    async fileFor(company: CompanyRow, user: UserRow, id: string): Promise<FileRow> {
      const [f] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, id), eq(files.companyId, company.id)))
        .limit(1);
      if (!f) throw notFound(msg`File not found`);
      if (isStaff(user) || f.ownerId === user.id) return f;
      const [viaReceipt] = await db
        .select({ id: packageReceipts.id })
        .from(packageReceipts)
        .innerJoin(packages, eq(packages.id, packageReceipts.packageId))
        .where(and(eq(packageReceipts.fileId, f.id), eq(packages.userId, user.id)))
        .limit(1);
      if (viaReceipt) return f;
      const [viaPrealert] = await db
        .select({ id: prealertFiles.prealertId })
        .from(prealertFiles)
        .innerJoin(prealerts, eq(prealerts.id, prealertFiles.prealertId))
        .where(and(eq(prealertFiles.fileId, f.id), eq(prealerts.userId, user.id)))
        .limit(1);
      if (viaPrealert) return f;
      throw notFound(msg`File not found`);
    },
  };
}

export type StoredFiles = ReturnType<typeof createStoredFiles>;
