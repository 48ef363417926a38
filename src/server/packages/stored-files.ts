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
 * The files behind pre-alerts and receipts: committing an upload's staged files with their rows, and the one check
 * of who may read a stored file. (Staged files a request leaves behind are discarded by its route, in one place.)
 */
export function createStoredFiles(deps: { db: Db; store: FileStore; storageQuotaBytes: number }) {
  const { db, store, storageQuotaBytes } = deps;

  /** Rows for the staged files, counted against the company's storage in `tx`; each file is moved into place. */
  async function insertFiles(
    tx: Db,
    company: CompanyRow,
    owner: UserRow,
    staged: UploadedFile[],
    committed: string[],
  ): Promise<FileRow[]> {
    const out: FileRow[] = [];
    // Counted against the company's storage in the same transaction as the rows (413 when it would not fit).
    const bytes = staged.reduce((n, f) => n + f.staged.size, 0);
    await chargeStorage(tx, company.id, bytes, storageQuotaBytes);
    for (const f of staged) {
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
      await store.commit(f.staged, key);
      committed.push(key);
      out.push(row);
    }
    return out;
  }

  /**
   * Runs `work` in a transaction (a savepoint inside `q`'s) that also commits files. If anything fails, it rolls
   * back and the files already moved into place are removed: a failed request leaves no rows and no files.
   */
  async function withUpload<T>(work: (tx: Db, committed: string[]) => Promise<T>, q: Db = db): Promise<T> {
    const committed: string[] = [];
    try {
      return await q.transaction(async (tx) => work(tx as unknown as Db, committed));
    } catch (err) {
      await Promise.all(committed.map((k) => store.remove(k)));
      throw err;
    }
  }

  return {
    insertFiles,
    withUpload,

    /** A file the caller may read: their own upload, or one attached to their package or pre-alert; staff: any. */
    async fileFor(company: CompanyRow, user: UserRow, id: string): Promise<FileRow> {
      const [f] = await db
        .select()
        .from(files)
        .where(and(eq(files.id, id), eq(files.companyId, company.id)))
        .limit(1);
      if (!f) throw notFound('File not found');
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
      throw notFound('File not found');
    },
  };
}

export type StoredFiles = ReturnType<typeof createStoredFiles>;
