import { msg } from '@lingui/core/runtime-macro';
import { tr } from './i18n';
/*
 * Colour contrast by WCAG 2's formula: pure (no zod), so the server's branding reply, the admin screen's live check
 * and the theme's palette all compute the same ratio.
 */

export type Rgb = [number, number, number];

export function parseHex(hex: string): Rgb | null {
  const m = /^#?([0-9a-f]{6})$/i.exec(hex.trim());
  if (!m?.[1]) return null;
  const n = Number.parseInt(m[1], 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance(rgb: Rgb): number {
  const [r, g, b] = rgb.map((c) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  }) as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

/** WCAG contrast ratio of two colours (1 when either is not #rrggbb). */
export function contrastRatio(a: string, b: string): number {
  const ra = parseHex(a);
  const rb = parseHex(b);
  if (!ra || !rb) return 1;
  const [hi, lo] = [luminance(ra), luminance(rb)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The dark text the app writes on light surfaces. */
export const DARK_TEXT = '#000000';
/** WCAG AA for normal text. */
export const READABLE_RATIO = 4.5;

/** "2.1:1": rounded down, so a ratio just under 4.5 never reads as "4.5:1" beside a warning. */
export const formatRatio = (ratio: number) => `${Math.floor(ratio * 10) / 10}:1`;

export type BrandContrast = { white_text: number; dark_text: number; warning: string | null };

/**
 * How readable text is on a brand colour: white text (buttons, the home-screen icon's glyph) and dark text. Below
 * AA for white text the admin is warned, not refused (the theme darkens its filled shade; the icon and the
 * browser's bar use the colour as it is).
 */
export function brandContrast(color: string): BrandContrast {
  const white = contrastRatio(color, '#ffffff');
  const dark = contrastRatio(color, DARK_TEXT);
  return {
    white_text: Math.round(white * 100) / 100,
    dark_text: Math.round(dark * 100) / 100,
    warning:
      white < READABLE_RATIO
        ? tr(
            msg`White text on this colour is hard to read (${{ ratio: formatRatio(white) }}); pick a darker colour`,
          )
        : null,
  };
}
