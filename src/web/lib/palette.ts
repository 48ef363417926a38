import { contrastRatio, parseHex, type Rgb } from '../../contract/contrast';

export { contrastRatio, parseHex };

/** Builds a Mantine 10-shade palette from one brand colour, with white text readable on the filled shade. */
export type Palette = [string, string, string, string, string, string, string, string, string, string];

export const DEFAULT_PRIMARY = '#6d28d9';
/** Index Mantine uses for filled components in light mode (and the one checked for contrast). */
export const FILLED_SHADE = 6;

const toHex = (rgb: Rgb) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];

const WHITE: Rgb = [255, 255, 255];
const BLACK: Rgb = [0, 0, 0];

/**
 * Shades 0-5 tint toward white, 7-9 shade toward black, and shade 6 is the brand colour itself,
 * darkened just enough for white text to pass WCAG AA (4.5:1).
 */
export function buildPalette(hex: string): Palette {
  let base = parseHex(hex) ?? (parseHex(DEFAULT_PRIMARY) as Rgb);
  for (let i = 0; i < 40 && contrastRatio(toHex(base), '#ffffff') < 4.5; i++) base = mix(base, BLACK, 0.05);
  const tints = [0.92, 0.82, 0.66, 0.5, 0.34, 0.17].map((t) => toHex(mix(base, WHITE, t)));
  const shades = [0.14, 0.28, 0.42].map((t) => toHex(mix(base, BLACK, t)));
  return [...tints, toHex(base), ...shades] as Palette;
}
