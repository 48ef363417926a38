import type { BrandIcons } from '../../contract/branding';

/*
 * The URLs of a company's brand images. The logo's URL carries its file's hash, and each icon's URL carries a
 * version made of that hash and the colour: a new logo or colour gives new URLs, so the browser, the service worker
 * and an installed app never show an old image from a cache, and the images themselves can be cached for good.
 */

/** The icons the manifest and the document name, by file name. */
export const BRAND_ICONS = {
  'any-192': { size: 192, purpose: 'any' },
  'any-512': { size: 512, purpose: 'any' },
  'maskable-512': { size: 512, purpose: 'maskable' },
  /** iOS's home screen (the document's apple-touch-icon): opaque, its corners rounded by the system. */
  'apple-180': { size: 180, purpose: 'apple' },
} as const;
export type BrandIconName = keyof typeof BRAND_ICONS;
export type IconPurpose = (typeof BRAND_ICONS)[BrandIconName]['purpose'];

const LOGO_PATH = /^\/brand\/logo\/([0-9a-f]{16})\.png$/;

/** Where the uploaded logo with this sha256 is served. */
export const logoUrlFor = (sha256: string) => `/brand/logo/${sha256.slice(0, 16)}.png`;

/** The hash in an uploaded logo's URL; null for no logo or one the company was created with. */
export const uploadedLogoHash = (logoUrl: string): string | null => LOGO_PATH.exec(logoUrl)?.[1] ?? null;

/** What the icons are drawn from: the uploaded logo (its hash) or the parcel glyph, and the colour. */
export function brandVersion(logoUrl: string, color: string): string {
  const hex = color.toLowerCase().replace(/[^0-9a-f]/g, '');
  return `${uploadedLogoHash(logoUrl) ?? 'parcel'}-${hex}`;
}

export const iconUrl = (version: string, name: BrandIconName) => `/brand-icons/${version}/${name}.png`;

export function brandIconUrls(logoUrl: string, color: string): BrandIcons {
  const v = brandVersion(logoUrl, color);
  return {
    any_192: iconUrl(v, 'any-192'),
    any_512: iconUrl(v, 'any-512'),
    maskable_512: iconUrl(v, 'maskable-512'),
    apple_180: iconUrl(v, 'apple-180'),
  };
}

export const isBrandIcon = (name: string): name is BrandIconName => Object.hasOwn(BRAND_ICONS, name);
