import { and, asc, count, desc, eq, gte, inArray, lt, ne, type SQL, sql } from 'drizzle-orm';
import type { PackageStatusCode } from '../../contract/constants';
import {
  type FileInfo,
  PACKAGE_COUNT_CAP,
  type PackageDetail,
  type PackageListQuery,
  type PackageSummary,
  type Prealert,
  packageListQuerySchema,
  prealertFieldsSchema,
  type Receipt,
  type ReceivePackageBody,
  receivePackageBodySchema,
} from '../../contract/packages';
import type { Db } from '../db';
import { isUniqueViolation } from '../db/errors';
import { likePattern } from '../db/like';
import { type CompanyRow, isStaff, type UserRow } from '../db/rows';
import {
  files,
  packageEvents,
  packageReceipts,
  packageStatuses,
  packages,
  prealertFiles,
  prealerts,
  users,
} from '../db/schema';
import { ApiError, badRequest, conflict, forbidden, notFound } from '../errors';
import { type FileStore, storageKey } from './file-store';
import { chargeStorage, releaseStorage } from './storage-quota';
import { discardAll, type Upload } from './uploads';

type FileRow = typeof files.$inferSelect;
type PackageRow = typeof packages.$inferSelect;
type PrealertRow = typeof prealerts.$inferSelect;

const iso = (d: Date | null) => (d ? d.toISOString() : null);

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

/** Dollars (as typed by a customer) to integer cents, rounding half up at the cent, without float drift. */
export function toCents(value: number): number {
  return Math.round(Number((value * 100).toFixed(4)));
}

export function createPackageService(deps: { db: Db; store: FileStore; storageQuotaBytes: number }) {
  const { db, store, storageQuotaBytes } = deps;

  async function statusNames(): Promise<Map<string, string>> {
    const rows = await db
      .select({ code: packageStatuses.code, name: packageStatuses.name })
      .from(packageStatuses);
    return new Map(rows.map((r) => [r.code, r.name]));
  }

  async function prealertDtos(rows: PrealertRow[], q: Db = db): Promise<Prealert[]> {
    if (rows.length === 0) return [];
    const links = await q
      .select({ prealertId: prealertFiles.prealertId, file: files })
      .from(prealertFiles)
      .innerJoin(files, eq(files.id, prealertFiles.fileId))
      .where(
        inArray(
          prealertFiles.prealertId,
          rows.map((r) => r.id),
        ),
      )
      .orderBy(asc(files.createdAt));
    return rows.map((p) => ({
      id: p.id,
      tracking_number: p.trackingNumber,
      seller_name: p.sellerName,
      description: p.description,
      weight: p.weight,
      value_cents: p.valueCents,
      currency: p.currency,
      package_type: p.packageType,
      height: p.height,
      length: p.length,
      width: p.width,
      status: p.status,
      package_id: p.packageId,
      files: links.filter((l) => l.prealertId === p.id).map((l) => toFileInfo(l.file)),
      created_at: p.createdAt.toISOString(),
      matched_at: iso(p.matchedAt),
      cancelled_at: iso(p.cancelledAt),
    }));
  }

  function toSummary(
    p: PackageRow,
    owner: { id: string; firstName: string; lastName: string; mailboxNumber: string },
    names: Map<string, string>,
  ): PackageSummary {
    return {
      id: p.id,
      tracking_number: p.trackingNumber,
      description: p.description,
      seller_name: p.sellerName,
      shipper: p.shipper,
      weight: p.weight,
      length: p.length,
      width: p.width,
      height: p.height,
      declared_value_cents: p.declaredValueCents,
      status: p.statusCode as PackageStatusCode,
      status_name: names.get(p.statusCode) ?? p.statusCode,
      received_at: iso(p.receivedAt),
      delivered_at: iso(p.deliveredAt),
      created_at: p.createdAt.toISOString(),
      updated_at: p.updatedAt.toISOString(),
      owner: {
        id: owner.id,
        name: `${owner.firstName} ${owner.lastName}`.trim(),
        mailbox_number: owner.mailboxNumber,
      },
    };
  }

  /** The package if the caller may see it (its owner, or staff of its company); otherwise "not found". */
  async function visiblePackage(
    company: CompanyRow,
    user: UserRow,
    id: string,
    q: Db = db,
  ): Promise<PackageRow> {
    const [row] = await q
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
    if (!row) throw notFound('Package not found');
    return row;
  }

  async function insertFiles(
    tx: Db,
    company: CompanyRow,
    owner: UserRow,
    upload: Upload,
    committed: string[],
  ): Promise<FileRow[]> {
    const out: FileRow[] = [];
    // Counted against the company's storage in the same transaction as the rows (413 when it would not fit).
    const bytes = upload.files.reduce((n, f) => n + f.staged.size, 0);
    await chargeStorage(tx, company.id, bytes, storageQuotaBytes);
    for (const f of upload.files) {
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
   * Runs `work` in a transaction that also commits the upload's staged files. If anything fails, the transaction
   * rolls back and every file is removed (staged or already moved): a failed request leaves no rows and no files.
   */
  async function withUpload<T>(
    upload: Upload,
    work: (tx: Db, committed: string[]) => Promise<T>,
    q: Db = db,
  ): Promise<T> {
    const committed: string[] = [];
    try {
      return await q.transaction(async (tx) => work(tx as unknown as Db, committed));
    } catch (err) {
      await discardAll(store, upload.files);
      await Promise.all(committed.map((k) => store.remove(k)));
      throw err;
    }
  }

  /**
   * Links a pre-alert and its package both ways and locks the pre-alert (matched): the one way a pre-alert is
   * matched, whether the parcel arrives after it or it is sent for a parcel already received.
   */
  async function matchPrealert(tx: Db, prealertId: string, packageId: string, at = new Date()) {
    await tx
      .update(prealerts)
      .set({ status: 'matched', packageId, matchedAt: at, updatedAt: at })
      .where(eq(prealerts.id, prealertId));
    await tx.update(packages).set({ prealertId, updatedAt: at }).where(eq(packages.id, packageId));
  }

  /** The customer's pending pre-alert for a tracking number, if any. */
  async function pendingPrealert(tx: Db, companyId: string, userId: string, trackingNumber: string) {
    const [pre] = await tx
      .select()
      .from(prealerts)
      .where(
        and(
          eq(prealerts.companyId, companyId),
          eq(prealerts.userId, userId),
          eq(prealerts.trackingNumber, trackingNumber),
          eq(prealerts.status, 'pending'),
        ),
      )
      .limit(1);
    return pre;
  }

  const service = {
    visiblePackage,

    async list(company: CompanyRow, user: UserRow, input: PackageListQuery) {
      const q = packageListQuerySchema.parse(input);
      const filters: (SQL | undefined)[] = [
        eq(packages.companyId, company.id),
        isStaff(user) ? undefined : eq(packages.userId, user.id),
        q.status ? eq(packages.statusCode, q.status) : undefined,
        q.from ? gte(packages.createdAt, new Date(`${q.from}T00:00:00Z`)) : undefined,
        q.to
          ? lt(packages.createdAt, new Date(new Date(`${q.to}T00:00:00Z`).getTime() + 86_400_000))
          : undefined,
      ];
      if (q.q) {
        // Same expression as the trigram index packages_search_trgm_idx (migration 0002).
        filters.push(
          sql`(${packages.trackingNumber} || ' ' || ${packages.description} || ' ' || ${packages.sellerName}) ILIKE ${likePattern(q.q)}`,
        );
      }
      const where = and(...filters);
      const order = {
        newest: [desc(packages.createdAt), desc(packages.id)],
        oldest: [asc(packages.createdAt), asc(packages.id)],
        updated: [desc(packages.updatedAt), desc(packages.id)],
        weight: [desc(packages.weight), desc(packages.id)],
        tracking: [asc(packages.trackingNumber), asc(packages.id)],
      }[q.sort];
      const [rows, [total], names] = await Promise.all([
        db
          .select({
            p: packages,
            owner: {
              id: users.id,
              firstName: users.firstName,
              lastName: users.lastName,
              mailboxNumber: users.mailboxNumber,
            },
          })
          .from(packages)
          .innerJoin(users, eq(users.id, packages.userId))
          .where(where)
          .orderBy(...order)
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        // Counting stops past the cap: an exact count of a million rows costs more than the page itself.
        db.select({ n: count() }).from(
          db
            .select({ one: sql`1` })
            .from(packages)
            .where(where)
            .limit(PACKAGE_COUNT_CAP + 1)
            .as('capped'),
        ),
        statusNames(),
      ]);
      const n = total?.n ?? 0;
      return {
        items: rows.map((r) => toSummary(r.p, r.owner, names)),
        page: q.page,
        pageSize: q.pageSize,
        total: Math.min(n, PACKAGE_COUNT_CAP),
        total_capped: n > PACKAGE_COUNT_CAP,
      };
    },

    async counts(company: CompanyRow, user: UserRow) {
      const rows = await db
        .select({ status: packages.statusCode, n: count() })
        .from(packages)
        .where(
          and(eq(packages.companyId, company.id), isStaff(user) ? undefined : eq(packages.userId, user.id)),
        )
        .groupBy(packages.statusCode);
      const by_status: Record<string, number> = {};
      for (const r of rows) by_status[r.status] = r.n;
      return { total: rows.reduce((s, r) => s + r.n, 0), by_status };
    },

    async detail(company: CompanyRow, user: UserRow, id: string): Promise<PackageDetail> {
      const p = await visiblePackage(company, user, id);
      const [owner] = await db.select().from(users).where(eq(users.id, p.userId)).limit(1);
      if (!owner) throw notFound('Package not found');
      const names = await statusNames();
      const events = await db
        .select({
          e: packageEvents,
          actor: { first: users.firstName, last: users.lastName, role: users.role },
        })
        .from(packageEvents)
        .leftJoin(users, eq(users.id, packageEvents.actorId))
        .where(eq(packageEvents.packageId, p.id))
        .orderBy(asc(packageEvents.createdAt), asc(packageEvents.id));
      const receipts = await db
        .select({ r: packageReceipts, file: files, by: { first: users.firstName, last: users.lastName } })
        .from(packageReceipts)
        .innerJoin(files, eq(files.id, packageReceipts.fileId))
        .innerJoin(users, eq(users.id, packageReceipts.uploadedBy))
        .where(eq(packageReceipts.packageId, p.id))
        .orderBy(asc(packageReceipts.createdAt));
      const prealertRows = p.prealertId
        ? await db.select().from(prealerts).where(eq(prealerts.id, p.prealertId)).limit(1)
        : [];
      const [prealert] = await prealertDtos(prealertRows);
      return {
        ...toSummary(p, owner, names),
        events: events.map(({ e, actor }) => ({
          id: e.id,
          status: e.statusCode as PackageStatusCode,
          status_name: names.get(e.statusCode) ?? e.statusCode,
          note: e.note,
          // Customers see who at the company acted by first name only; their own actions by name.
          actor: actor ? actor.first : null,
          created_at: e.createdAt.toISOString(),
        })),
        receipts: receipts.map(
          ({ r, file, by }): Receipt => ({
            id: r.id,
            package_id: r.packageId,
            file: toFileInfo(file),
            uploaded_by: `${by.first} ${by.last}`.trim(),
            created_at: r.createdAt.toISOString(),
          }),
        ),
        prealert: prealert ?? null,
      };
    },

    /** `q`: the caller's transaction (the idempotency record commits with the pre-alert), or the database. */
    async createPrealert(company: CompanyRow, user: UserRow, upload: Upload, q: Db = db): Promise<Prealert> {
      const { fields } = upload;
      try {
        // user_id and company_id come from the token; a form that names someone else is refused, not ignored.
        if (
          (fields.user_id && fields.user_id !== user.id) ||
          (fields.company_id && fields.company_id !== company.id)
        ) {
          throw forbidden('You can only send pre-alerts for your own account');
        }
        const parsed = prealertFieldsSchema.safeParse(fields);
        if (!parsed.success) {
          const errors: Record<string, string[]> = {};
          for (const i of parsed.error.issues) {
            const k = i.path.join('.') || 'body';
            errors[k] = [...(errors[k] ?? []), i.message];
          }
          throw badRequest('Validation failed', errors);
        }
        if (upload.files.length === 0) {
          throw badRequest('Validation failed', { files: ['Attach the invoice or receipt (PDF or photo)'] });
        }
        const b = parsed.data;
        const created = await withUpload(
          upload,
          async (tx, committed) => {
            const dup = await tx
              .select({ id: prealerts.id })
              .from(prealerts)
              .where(
                and(
                  eq(prealerts.companyId, company.id),
                  eq(prealerts.userId, user.id),
                  eq(prealerts.trackingNumber, b.tracking_number),
                  ne(prealerts.status, 'cancelled'),
                ),
              )
              .limit(1);
            if (dup.length > 0) throw duplicate(b.tracking_number);
            // The parcel may already be at the warehouse: then the pre-alert is matched at once.
            const [arrived] = await tx
              .select({ id: packages.id, prealertId: packages.prealertId })
              .from(packages)
              .where(
                and(
                  eq(packages.companyId, company.id),
                  eq(packages.userId, user.id),
                  eq(packages.trackingNumber, b.tracking_number),
                ),
              )
              .limit(1);
            const matched = arrived && !arrived.prealertId ? arrived : undefined;
            const [row] = await tx
              .insert(prealerts)
              .values({
                companyId: company.id,
                userId: user.id,
                trackingNumber: b.tracking_number,
                sellerName: b.seller_name,
                description: b.description,
                weight: b.weight.toFixed(2),
                valueCents: toCents(b.value),
                packageType: b.package_type,
                height: b.height.toFixed(2),
                length: b.length.toFixed(2),
                width: b.width.toFixed(2),
              })
              .returning();
            if (!row) throw new Error('pre-alert insert returned no row');
            if (matched) await matchPrealert(tx, row.id, matched.id);
            const fileRows = await insertFiles(tx, company, user, upload, committed);
            await tx
              .insert(prealertFiles)
              .values(fileRows.map((f) => ({ prealertId: row.id, fileId: f.id })));
            return row;
          },
          q,
        );
        const [dto] = await prealertDtos([created], q);
        if (!dto) throw new Error('pre-alert vanished');
        return dto;
      } catch (err) {
        await discardAll(store, upload.files);
        if (isUniqueViolation(err)) throw duplicate(String(fields.tracking_number ?? ''));
        throw err;
      }
    },

    async listPrealerts(
      company: CompanyRow,
      user: UserRow,
      q: { page: number; pageSize: number; status?: 'pending' | 'matched' | 'cancelled' | undefined },
    ) {
      const where = and(
        eq(prealerts.companyId, company.id),
        eq(prealerts.userId, user.id),
        q.status ? eq(prealerts.status, q.status) : undefined,
      );
      const [rows, [total]] = await Promise.all([
        db
          .select()
          .from(prealerts)
          .where(where)
          .orderBy(desc(prealerts.createdAt), desc(prealerts.id))
          .limit(q.pageSize)
          .offset((q.page - 1) * q.pageSize),
        db.select({ n: count() }).from(prealerts).where(where),
      ]);
      return { items: await prealertDtos(rows), page: q.page, pageSize: q.pageSize, total: total?.n ?? 0 };
    },

    async cancelPrealert(company: CompanyRow, user: UserRow, id: string): Promise<Prealert> {
      const [row] = await db
        .select()
        .from(prealerts)
        .where(and(eq(prealerts.id, id), eq(prealerts.companyId, company.id), eq(prealerts.userId, user.id)))
        .limit(1);
      if (!row) throw notFound('Pre-alert not found');
      if (row.status === 'matched')
        throw conflict('This pre-alert is matched to a received package and is locked');
      if (row.status === 'cancelled') throw conflict('This pre-alert is already cancelled');
      const [updated] = await db
        .update(prealerts)
        .set({ status: 'cancelled', cancelledAt: new Date(), updatedAt: new Date() })
        .where(and(eq(prealerts.id, id), eq(prealerts.status, 'pending')))
        .returning();
      if (!updated) throw conflict('This pre-alert changed meanwhile; reload it');
      const [dto] = await prealertDtos([updated]);
      if (!dto) throw new Error('pre-alert vanished');
      return dto;
    },

    async addReceipts(company: CompanyRow, user: UserRow, upload: Upload, q: Db = db): Promise<Receipt[]> {
      try {
        const packageId = upload.fields.package_id ?? '';
        if (!/^[0-9a-f-]{36}$/i.test(packageId)) {
          throw badRequest('Validation failed', { package_id: ['Not a valid package id'] });
        }
        // update_by is in the spec's form; it can only name the caller, whose id the server takes from the token.
        const by = upload.fields.update_by;
        if (by && by !== user.id && by.toLowerCase() !== user.email) {
          throw forbidden('You can only upload receipts as yourself');
        }
        const pkg = await visiblePackage(company, user, packageId, q);
        if (upload.files.length === 0)
          throw badRequest('Validation failed', { files: ['Attach at least one file'] });
        const rows = await withUpload(
          upload,
          async (tx, committed) => {
            const fileRows = await insertFiles(tx, company, user, upload, committed);
            return tx
              .insert(packageReceipts)
              .values(
                fileRows.map((f) => ({
                  packageId: pkg.id,
                  companyId: company.id,
                  fileId: f.id,
                  uploadedBy: user.id,
                })),
              )
              .returning();
          },
          q,
        );
        const fileRows = await q
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
            uploaded_by: `${user.firstName} ${user.lastName}`.trim(),
            created_at: r.createdAt.toISOString(),
          };
        });
      } catch (err) {
        await discardAll(store, upload.files);
        throw err;
      }
    },

    async deleteReceipt(company: CompanyRow, user: UserRow, id: string): Promise<void> {
      const [row] = await db
        .select({ r: packageReceipts, ownerId: packages.userId, key: files.storageKey })
        .from(packageReceipts)
        .innerJoin(packages, eq(packages.id, packageReceipts.packageId))
        .innerJoin(files, eq(files.id, packageReceipts.fileId))
        .where(and(eq(packageReceipts.id, id), eq(packageReceipts.companyId, company.id)))
        .limit(1);
      if (!row || (!isStaff(user) && row.ownerId !== user.id)) throw notFound('Receipt not found');
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

    /** Staff: a parcel arrived at the US warehouse. Links (and locks) the owner's pending pre-alert. */
    async receive(company: CompanyRow, staff: UserRow, input: ReceivePackageBody) {
      const b = receivePackageBodySchema.parse(input);
      const [owner] = await db
        .select()
        .from(users)
        .where(and(eq(users.companyId, company.id), eq(users.mailboxNumber, b.mailbox_number)))
        .limit(1);
      if (!owner)
        throw badRequest('Validation failed', { mailbox_number: ['No customer has this mailbox number'] });
      const id = await db.transaction(async (tx) => {
        const [exists] = await tx
          .select({ id: packages.id, status: packages.statusCode, userId: packages.userId })
          .from(packages)
          .where(and(eq(packages.companyId, company.id), eq(packages.trackingNumber, b.tracking_number)))
          .limit(1);
        // A package recorded from a pre-alert (status pre_alerted) is the same parcel arriving: it moves on.
        if (exists && exists.status === 'pre_alerted' && exists.userId === owner.id) {
          const now = new Date();
          await tx
            .update(packages)
            .set({ statusCode: 'received_us', receivedAt: now, updatedAt: now, weight: b.weight.toFixed(2) })
            .where(eq(packages.id, exists.id));
          const pending = await pendingPrealert(tx, company.id, owner.id, b.tracking_number);
          if (pending) await matchPrealert(tx, pending.id, exists.id, now);
          await tx.insert(packageEvents).values({
            packageId: exists.id,
            companyId: company.id,
            statusCode: 'received_us',
            note: b.note ?? 'Received at the US warehouse',
            actorId: staff.id,
            createdAt: now,
          });
          return exists.id;
        }
        if (exists) {
          throw conflict('A package with this tracking number was already received', {
            tracking_number: ['Already received'],
          });
        }
        const pre = await pendingPrealert(tx, company.id, owner.id, b.tracking_number);
        const now = new Date();
        const [pkg] = await tx
          .insert(packages)
          .values({
            companyId: company.id,
            userId: owner.id,
            trackingNumber: b.tracking_number,
            description: b.description ?? pre?.description ?? '',
            sellerName: b.seller_name ?? pre?.sellerName ?? '',
            shipper: b.shipper ?? '',
            weight: b.weight.toFixed(2),
            length: b.length.toFixed(2),
            width: b.width.toFixed(2),
            height: b.height.toFixed(2),
            declaredValueCents: b.declared_value_cents ?? pre?.valueCents ?? 0,
            statusCode: 'received_us',
            receivedAt: now,
          })
          .returning();
        if (!pkg) throw new Error('package insert returned no row');
        if (pre) {
          await matchPrealert(tx, pre.id, pkg.id, now);
          await tx.insert(packageEvents).values({
            packageId: pkg.id,
            companyId: company.id,
            statusCode: 'pre_alerted',
            note: 'Pre-alert sent by the customer',
            actorId: owner.id,
            createdAt: pre.createdAt,
          });
        }
        await tx.insert(packageEvents).values({
          packageId: pkg.id,
          companyId: company.id,
          statusCode: 'received_us',
          note: b.note ?? 'Received at the US warehouse',
          actorId: staff.id,
          createdAt: now,
        });
        return pkg.id;
      });
      return service.detail(company, staff, id);
    },

    async changeStatus(
      company: CompanyRow,
      staff: UserRow,
      id: string,
      status: PackageStatusCode,
      note: string,
    ) {
      const pkg = await visiblePackage(company, staff, id);
      if (pkg.statusCode === status) throw conflict(`The package is already "${status}"`);
      const now = new Date();
      await db.transaction(async (tx) => {
        await tx
          .update(packages)
          .set({
            statusCode: status,
            updatedAt: now,
            ...(status === 'delivered' ? { deliveredAt: now } : {}),
          })
          .where(eq(packages.id, pkg.id));
        await tx.insert(packageEvents).values({
          packageId: pkg.id,
          companyId: company.id,
          statusCode: status,
          note,
          actorId: staff.id,
          createdAt: now,
        });
      });
      return service.detail(company, staff, id);
    },
  };
  return service;
}

function duplicate(tracking: string) {
  return new ApiError(409, `You already pre-alerted ${tracking}`, {
    tracking_number: ['You already pre-alerted this tracking number'],
  });
}

export type PackageService = ReturnType<typeof createPackageService>;
