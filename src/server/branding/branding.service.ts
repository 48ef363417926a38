import { msg } from '@lingui/core/runtime-macro';
import { eq } from 'drizzle-orm';
import type { AuditChanges, AuditValue } from '../../contract/audit';
import type { Branding, UpdateBrandingBody } from '../../contract/branding';
import { brandContrast } from '../../contract/contrast';
import { type AuditService, diff, flatten } from '../audit/audit.service';
import type { Db } from '../db';
import type { CompanyRow, UserRow } from '../db/rows';
import { brandLogos, companies, files } from '../db/schema';
import { wrote } from '../db/writes';
import { notFound } from '../errors';
import type { FileStore } from '../files/file-store';
import { releaseStorage } from '../files/storage-quota';
import type { UploadedFile } from '../http/uploads';
import type { StoredFiles } from '../packages/stored-files';
import { brandIconUrls, logoUrlFor } from '../pwa/brand-urls';
import { checkLogoImage, checkLogoUpload } from './logo-image';

type Logo = {
  fileId: string;
  key: string;
  width: number;
  height: number;
  size: number;
  replacedLogoUrl: string;
};

/** The fields an admin edits, flat ("warehouse_address.city"), as the audit trail records them. */
function auditable(c: CompanyRow): Record<string, AuditValue> {
  return {
    name: c.name,
    short_name: c.shortName,
    primary_color: c.primaryColor,
    support_email: c.supportEmail,
    support_phone: c.supportPhone,
    website: c.website,
    ...flatten(c.warehouseAddress, 'warehouse_address'),
  };
}

export function toBranding(c: CompanyRow, logo: Logo | null): Branding {
  return {
    company_id: c.id,
    name: c.name,
    short_name: c.shortName,
    primary_color: c.primaryColor,
    support_email: c.supportEmail,
    support_phone: c.supportPhone,
    website: c.website,
    warehouse_address: c.warehouseAddress,
    logo_url: c.logoUrl,
    logo: logo ? { width: logo.width, height: logo.height, size_bytes: logo.size } : null,
    icons: brandIconUrls(c.logoUrl, c.primaryColor),
    contrast: brandContrast(c.primaryColor),
  };
}

/**
 * The company's brand (admins). Each change is one transaction with its audit entry; once it has committed, every
 * cached copy of the company goes (this instance's tenant cache and, through the write bus, the other instances'),
 * so the next page load anywhere shows it. Files: the logo is a stored file like a receipt (counted against the
 * company's storage); a replaced or removed one leaves the store after the commit.
 */
export function createBrandingService(deps: {
  db: Db;
  audit: AuditService;
  storedFiles: StoredFiles;
  store: FileStore;
}) {
  const { db, audit, storedFiles, store } = deps;

  async function companyOf(tx: Db, id: string, lock: boolean): Promise<CompanyRow> {
    const base = tx.select().from(companies).where(eq(companies.id, id)).limit(1);
    const [row] = lock ? await base.for('update') : await base;
    if (!row) throw notFound(msg`Company not found`);
    return row;
  }

  async function logoOf(tx: Db, companyId: string): Promise<Logo | null> {
    const [row] = await tx
      .select({
        fileId: brandLogos.fileId,
        key: files.storageKey,
        width: brandLogos.width,
        height: brandLogos.height,
        size: files.sizeBytes,
        replacedLogoUrl: brandLogos.replacedLogoUrl,
      })
      .from(brandLogos)
      .innerJoin(files, eq(files.id, brandLogos.fileId))
      .where(eq(brandLogos.companyId, companyId))
      .limit(1);
    return row ?? null;
  }

  /** Drops the company's uploaded logo rows in `tx` (its storage given back); the key to remove after the commit. */
  async function dropLogo(tx: Db, companyId: string, logo: Logo): Promise<string> {
    await tx.delete(brandLogos).where(eq(brandLogos.companyId, companyId));
    await tx.delete(files).where(eq(files.id, logo.fileId));
    await releaseStorage(tx, companyId, logo.size);
    return logo.key;
  }

  /** Points the company at a logo (or none) in `tx`, with its audit entry: `urls` is before → after. */
  async function setLogoUrl(
    tx: Db,
    company: CompanyRow,
    actor: UserRow,
    urls: [string, string],
    note: string,
  ): Promise<CompanyRow> {
    const [after] = await tx
      .update(companies)
      .set({ logoUrl: urls[1], updatedAt: new Date() })
      .where(eq(companies.id, company.id))
      .returning();
    if (!after) throw notFound(msg`Company not found`);
    await audit.record(tx, company, actor, {
      entity: 'company',
      entityId: company.id,
      action: 'updated',
      changes: { logo_url: urls },
      note,
    });
    return after;
  }

  /** Runs a change in one transaction; after it commits, the old logo's bytes go and every cache forgets the company. */
  async function change(
    work: (tx: Db) => Promise<{ view: Branding; changed: boolean; removeKey?: string }>,
  ): Promise<Branding> {
    const result = await db.transaction((t) => work(t as unknown as Db));
    if (result.removeKey) await store.remove(result.removeKey);
    if (result.changed) wrote(db, 'companies');
    return result.view;
  }

  return {
    async get(company: CompanyRow): Promise<Branding> {
      return toBranding(await companyOf(db, company.id, false), await logoOf(db, company.id));
    },

    async update(company: CompanyRow, actor: UserRow, body: UpdateBrandingBody): Promise<Branding> {
      return change(async (tx) => {
        const before = await companyOf(tx, company.id, true);
        const logo = await logoOf(tx, company.id);
        const { warehouse_address, ...plain } = body;
        const changes: AuditChanges = diff(auditable(before), {
          ...plain,
          ...flatten(warehouse_address, 'warehouse_address'),
        });
        if (Object.keys(changes).length === 0) return { view: toBranding(before, logo), changed: false };
        const [after] = await tx
          .update(companies)
          .set({
            name: body.name,
            shortName: body.short_name,
            primaryColor: body.primary_color,
            supportEmail: body.support_email,
            supportPhone: body.support_phone,
            website: body.website,
            warehouseAddress: body.warehouse_address,
            updatedAt: new Date(),
          })
          .where(eq(companies.id, company.id))
          .returning();
        if (!after) throw notFound(msg`Company not found`);
        await audit.record(tx, company, actor, {
          entity: 'company',
          entityId: company.id,
          action: 'updated',
          changes,
          note: 'Branding',
        });
        return { view: toBranding(after, logo), changed: true };
      });
    },

    /**
     * The upload becomes the logo: stored (and charged) like any file, then decoded whole; a file that is not a
     * usable image fails the transaction, and the route removes the bytes it had moved into place (settleUpload).
     */
    async setLogo(company: CompanyRow, actor: UserRow, upload: UploadedFile): Promise<Branding> {
      checkLogoUpload(upload.contentType, upload.staged.size);
      return change(async (tx) => {
        const before = await companyOf(tx, company.id, true);
        const [file] = await storedFiles.insertFiles(tx, company, actor, [upload]);
        if (!file) throw new Error('the logo file was not stored');
        const bytes = Buffer.concat(await (await store.open(file.storageKey)).toArray());
        const { width, height } = await checkLogoImage(bytes, upload.contentType);
        const old = await logoOf(tx, company.id);
        const removeKey = old ? await dropLogo(tx, company.id, old) : undefined;
        // The logo the company was set up with is kept aside (through any number of uploads) for "Remove logo".
        const replacedLogoUrl = old ? old.replacedLogoUrl : before.logoUrl;
        await tx
          .insert(brandLogos)
          .values({ companyId: company.id, fileId: file.id, width, height, replacedLogoUrl });
        const after = await setLogoUrl(
          tx,
          company,
          actor,
          [before.logoUrl, logoUrlFor(file.sha256)],
          `Logo: ${upload.name} (${width} × ${height} px)`,
        );
        const logo = {
          fileId: file.id,
          key: file.storageKey,
          width,
          height,
          size: file.sizeBytes,
          replacedLogoUrl,
        };
        return { view: toBranding(after, logo), changed: true, ...(removeKey ? { removeKey } : {}) };
      });
    },

    /**
     * The uploaded logo goes (its file too): the header shows the logo the company was set up with, if it had one;
     * without an upload, that one goes. With no logo the header shows the name alone, and the icons are the parcel
     * in the brand colour (icons are only ever made from an uploaded logo).
     */
    async removeLogo(company: CompanyRow, actor: UserRow): Promise<Branding> {
      return change(async (tx) => {
        const before = await companyOf(tx, company.id, true);
        const old = await logoOf(tx, company.id);
        if (!old && before.logoUrl === '') return { view: toBranding(before, null), changed: false };
        const removeKey = old ? await dropLogo(tx, company.id, old) : undefined;
        const logoUrl = old ? old.replacedLogoUrl : '';
        const after = await setLogoUrl(tx, company, actor, [before.logoUrl, logoUrl], 'Logo removed');
        return { view: toBranding(after, null), changed: true, ...(removeKey ? { removeKey } : {}) };
      });
    },
  };
}

export type BrandingService = ReturnType<typeof createBrandingService>;
