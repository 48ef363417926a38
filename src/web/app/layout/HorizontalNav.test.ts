import { describe, expect, it } from 'vitest';
import { fittingCount } from './HorizontalNav';

describe('fittingCount', () => {
  it('shows every item when the row has room for all of them', () => {
    expect(fittingCount([100, 120, 80], 400)).toBe(3);
  });

  it('keeps room for "More" when some items do not fit', () => {
    // 3 × (100 + 2) = 306 > 300: "More" takes 96, then 100 + 2 fits twice (300 - 96 = 204 ≥ 204).
    expect(fittingCount([100, 100, 100], 300)).toBe(2);
    expect(fittingCount([100, 100, 100], 250)).toBe(1);
  });

  it('puts everything under "More" when not even one item fits beside it', () => {
    expect(fittingCount([200, 100], 150)).toBe(0);
  });
});
