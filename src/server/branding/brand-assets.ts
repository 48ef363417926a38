import { eq } from 'drizzle-orm';
import type { Db } from '../db';
import type { CompanyRow } from '../db/rows';
import { brandLogos, files } from '../db/schema';
import { FileMissing, type FileStore } from '../files/file-store';
import { brandIconPng } from '../pwa/brand-icons';
import { BRAND_ICONS, type BrandIconName, brandVersion, uploadedLogoHash } from '../pwa/brand-urls';
import { headerLogoPng, iconFromLogo } from './logo-image';

/** Images kept in memory: a few per company (logo + 4 icons), for the companies seen lately. */
const MAX_CACHED = 200;

/**
 * A company's brand images as the public routes serve them (pwa/web-manifest.routes.ts): the header's logo and the
 * app icons, made from the stored logo with sharp, or the parcel glyph in the brand colour without one. Each image
 * is made once per version (logo hash + colour) and kept: its URL changes when the logo or colour does, so a cached
 * image is never stale, on this instance or another.
 */
export function createBrandAssets({ db, store }: { db: Db; store: FileStore }) {
  const cache = new Map<string, Promise<Buffer | null>>();

  function remember(key: string, make: () => Promise<Buffer | null>): Promise<Buffer | null> {
    const hit = cache.get(key);
    if (hit) return hit;
    const made = make().catch((err: unknown) => {
      cache.delete(key); // a failure (a store that did not answer) is tried again next time
      throw err;
    });
    cache.set(key, made);
    // Oldest first out: a Map keeps insertion order.
    if (cache.size > MAX_CACHED) cache.delete(cache.keys().next().value as string);
    return made;
  }

  /** The uploaded logo's bytes as stored, when `hash` is the company's current one. */
  async function logoBytes(company: CompanyRow, hash: string): Promise<Buffer | null> {
    const [row] = await db
      .select({ key: files.storageKey, sha256: files.sha256 })
      .from(brandLogos)
      .innerJoin(files, eq(files.id, brandLogos.fileId))
      .where(eq(brandLogos.companyId, company.id))
      .limit(1);
    if (!row?.sha256.startsWith(hash)) return null;
    try {
      return Buffer.concat(await (await store.open(row.key)).toArray());
    } catch (err) {
      // Bytes lost from the store (a restore without files): the icons fall back to the parcel, never a 500.
      if (err instanceof FileMissing) return null;
      throw err;
    }
  }

  return {
    /** The header's logo (PNG) at `/brand/logo/<hash>.png`: null unless that is the company's logo now. */
    logo(company: CompanyRow, hash: string): Promise<Buffer | null> {
      if (uploadedLogoHash(company.logoUrl) !== hash) return Promise.resolve(null);
      return remember(`logo/${hash}`, async () => {
        const bytes = await logoBytes(company, hash);
        return bytes ? headerLogoPng(bytes) : null;
      });
    },

    /** An icon of the company's current version (null for another version: an old URL is not served new bytes). */
    icon(company: CompanyRow, version: string | null, name: BrandIconName): Promise<Buffer | null> {
      const current = brandVersion(company.logoUrl, company.primaryColor);
      if (version !== null && version !== current) return Promise.resolve(null);
      const spec = BRAND_ICONS[name];
      return remember(`icon/${current}/${name}`, async () => {
        const hash = uploadedLogoHash(company.logoUrl);
        const bytes = hash ? await logoBytes(company, hash) : null;
        if (bytes) return iconFromLogo(bytes, spec.size, spec.purpose);
        return brandIconPng(spec.size, company.primaryColor, spec.purpose === 'any' ? 'any' : 'maskable');
      });
    },
  };
}

export type BrandAssets = ReturnType<typeof createBrandAssets>;
