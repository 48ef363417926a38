/* What a brand may be, without zod: the server's checks and the admin screen's read the same numbers. */

/** The home screen cuts a longer name under the icon. */
export const SHORT_NAME_MAX = 12;
/** A logo is a header image and an icon source: 2 MB is plenty for either. */
export const LOGO_MAX_BYTES = 2 * 1024 * 1024;
/** Smaller than this, the 512 px icons would be a blur. */
export const LOGO_MIN_PX = 64;
/** Larger than this on a side, decoding costs memory for nothing the icons can show. */
export const LOGO_MAX_PX = 4096;
/** The types a logo may be; SVG is refused (it can carry script). */
export const LOGO_TYPES = { 'image/png': 'PNG', 'image/jpeg': 'JPEG', 'image/webp': 'WebP' } as const;
