import sharp from 'sharp';
import { LOGO_MAX_BYTES, LOGO_MAX_PX, LOGO_MIN_PX, LOGO_TYPES } from '../../contract/branding-rules';
import { ApiError } from '../errors';
import type { IconPurpose } from '../pwa/brand-urls';

/*
 * A logo's bytes checked by decoding them (sharp), and the images made from it: the header's PNG and the app icons.
 * Nothing here trusts the file's name or the type the client sent; the type was sniffed from the bytes, and sharp
 * must read the whole image as that format.
 */

const MB = 1024 * 1024;
const TYPES = Object.values(LOGO_TYPES).join(', ');
const refuse = (status: number, message: string) => new ApiError(status, message, { logo: [message] });

/** Decoding stops at this many pixels (a small file can claim a huge image). */
const PIXEL_LIMIT = LOGO_MAX_PX * LOGO_MAX_PX;
const input = (bytes: Buffer) => sharp(bytes, { limitInputPixels: PIXEL_LIMIT, failOn: 'error' });

/** Refusals known before the bytes are read: the sniffed type and the size. */
export function checkLogoUpload(contentType: string, size: number): void {
  if (!Object.hasOwn(LOGO_TYPES, contentType)) {
    throw refuse(415, `The logo must be a ${TYPES} image`);
  }
  if (size > LOGO_MAX_BYTES) throw refuse(413, `The logo must be ${LOGO_MAX_BYTES / MB} MB or smaller`);
}

const SHARP_FORMAT: Record<string, string> = {
  'image/png': 'png',
  'image/jpeg': 'jpeg',
  'image/webp': 'webp',
};

/** The logo decoded whole: its size in pixels, or a 400 naming the field when it is not a usable image. */
export async function checkLogoImage(
  bytes: Buffer,
  contentType: string,
): Promise<{ width: number; height: number }> {
  let meta: sharp.Metadata;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw refuse(400, 'The logo could not be read as an image');
  }
  if (meta.format !== SHARP_FORMAT[contentType]) throw refuse(400, 'The logo could not be read as an image');
  const { width = 0, height = 0 } = meta;
  if (width > LOGO_MAX_PX || height > LOGO_MAX_PX) {
    throw refuse(400, `The logo must be at most ${LOGO_MAX_PX} × ${LOGO_MAX_PX} pixels`);
  }
  if (width < LOGO_MIN_PX || height < LOGO_MIN_PX) {
    throw refuse(
      400,
      `The logo must be at least ${LOGO_MIN_PX} × ${LOGO_MIN_PX} pixels (this one is ${width} × ${height})`,
    );
  }
  try {
    // Every pixel decoded: a truncated or corrupt file is refused now, not when an icon is first drawn.
    await input(bytes).raw().toBuffer();
  } catch {
    throw refuse(400, 'The logo could not be read as an image: the file is damaged');
  }
  return { width, height };
}

/** The logo as the header shows it: a PNG at most 512 px a side, turned upright, its metadata left out. */
export const headerLogoPng = (bytes: Buffer): Promise<Buffer> =>
  input(bytes).rotate().resize(512, 512, { fit: 'inside', withoutEnlargement: true }).png().toBuffer();

/**
 * An app icon from the logo, on white: "any" and iOS's with a margin; "maskable" with the logo inside the safe zone
 * (a centred circle of 80 % of the icon: the logo's box fits in it, corners included, whatever mask the system uses).
 */
export async function iconFromLogo(bytes: Buffer, size: number, purpose: IconPurpose): Promise<Buffer> {
  const box = purpose === 'maskable' ? Math.floor((size * 0.8) / Math.SQRT2) : Math.round(size * 0.84);
  const logo = await input(bytes)
    .rotate()
    .resize(box, box, { fit: 'contain', background: { r: 255, g: 255, b: 255, alpha: 0 } })
    .png()
    .toBuffer();
  return sharp({ create: { width: size, height: size, channels: 4, background: '#ffffff' } })
    .composite([{ input: logo, gravity: 'centre' }])
    .png()
    .toBuffer();
}
