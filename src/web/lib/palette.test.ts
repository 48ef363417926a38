import { describe, expect, it } from 'vitest';
import { buildPalette, contrastRatio, FILLED_SHADE } from './palette';

describe('buildPalette', () => {
  it.each(['#6d28d9', '#1d4ed8', '#228be6', '#fab005', '#ffffff'])(
    'gives 10 shades and white text passes AA on the filled shade of %s',
    (hex) => {
      const palette = buildPalette(hex);
      expect(palette).toHaveLength(10);
      expect(contrastRatio(palette[FILLED_SHADE], '#ffffff')).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('keeps a brand colour that already passes', () => {
    expect(buildPalette('#6d28d9')[FILLED_SHADE]).toBe('#6d28d9');
  });
});
