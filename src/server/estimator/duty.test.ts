import { describe, expect, it } from 'vitest';
import { DEFAULT_ACCOUNT_SETTINGS } from '../companies/account-settings';
import { DEFAULT_RATES } from '../rates/defaults';
import {
  applyRate,
  chargeablePounds,
  computeEstimate,
  deMinimisWarning,
  type EstimateInput,
  parseDecimal,
  percent,
  pricingOf,
  roundHalfUp,
  scheduleCharge,
} from './duty';

const S = pricingOf(DEFAULT_RATES, DEFAULT_ACCOUNT_SETTINGS.customs, 'air');

/**
 * Worked examples computed by hand, in JMD cents, with the default settings (DOMAIN.md's freight schedule, handling
 * free up to 5 lb then J$350 / J$600 / J$1,000 to 10 / 25 / 50 lb, J$380 and J$25 per pound beyond 50 lb) and the
 * demo exchange rate 157.25. "→" marks a half-up rounding to the cent.
 */
const RATE = '157.2500';
const est = (over: Partial<EstimateInput> & { value: number; weight: number }) =>
  computeEstimate({
    valueUsdCents: Math.round(over.value * 100),
    weightHundredths: Math.round(over.weight * 100),
    method: over.method ?? 'air',
    dutyRate: over.dutyRate ?? '0.20',
    gctRate: over.gctRate ?? '0.15',
    ...(over.otherRate ? { otherRate: over.otherRate } : {}),
    exchangeRate: over.exchangeRate ?? RATE,
    settings: over.settings ?? S,
  });

describe('exact arithmetic', () => {
  it('parses decimal strings into exact fractions', () => {
    expect(parseDecimal('157.2500')).toEqual({ n: 1572500n, d: 10000n });
    expect(parseDecimal('0.015')).toEqual({ n: 15n, d: 1000n });
    expect(parseDecimal('0')).toEqual({ n: 0n, d: 1n });
    expect(() => parseDecimal('-1')).toThrow();
    expect(() => parseDecimal('1e3')).toThrow();
    expect(() => parseDecimal('0.1.2')).toThrow();
  });

  it('rounds half up at the cent, never through a float', () => {
    expect(roundHalfUp(5n, 2n)).toBe(3n); // 2.5 → 3
    expect(roundHalfUp(7n, 3n)).toBe(2n); // 2.33 → 2
    expect(roundHalfUp(5n, 3n)).toBe(2n); // 1.67 → 2
    expect(roundHalfUp(0n, 7n)).toBe(0n);
    // 2,493,750 × 1 % = 24,937.5 → 24,938
    expect(applyRate(2_493_750n, parseDecimal('0.01'))).toBe(24_938n);
    // 0.1 + 0.2 is not 0.3 in floating point; here it is exact: 30 cents × 1.5 = 45
    expect(applyRate(30n, parseDecimal('1.5'))).toBe(45n);
    // Large values keep every digit: US$1,000,000 at 157.25 = J$157,250,000.00
    expect(applyRate(100_000_000n, parseDecimal(RATE))).toBe(15_725_000_000n);
  });

  it('writes rates as percentages', () => {
    expect(percent('0.2000')).toBe('20');
    expect(percent('0.003')).toBe('0.3');
    expect(percent('0.165')).toBe('16.5');
    expect(percent('0.015')).toBe('1.5');
    expect(percent('0')).toBe('0');
  });
});

describe('weights and schedules', () => {
  it('rounds the weight up to a whole pound, minimum 1', () => {
    expect(chargeablePounds(20)).toBe(1); // 0.2 lb → 1 lb
    expect(chargeablePounds(1)).toBe(1); // 0.01 lb → 1 lb
    expect(chargeablePounds(100)).toBe(1); // 1.00 lb → 1 lb
    expect(chargeablePounds(101)).toBe(2); // 1.01 lb → 2 lb
    expect(chargeablePounds(230)).toBe(3); // 2.3 lb → 3 lb
    expect(chargeablePounds(5000)).toBe(50);
  });

  it('takes the smallest bracket at or above the weight; beyond the largest, adds the per-pound excess', () => {
    expect(scheduleCharge(S.freight, 1)).toBe(55_000n);
    expect(scheduleCharge(S.freight, 4)).toBe(200_000n); // 4 lb → the 5 lb bracket, J$2,000
    expect(scheduleCharge(S.freight, 50)).toBe(1_880_000n); // the largest bracket itself
    expect(scheduleCharge(S.freight, 51)).toBe(1_918_000n); // J$18,800 + 1 × J$380
    expect(scheduleCharge(S.freight, 54)).toBe(2_032_000n); // J$18,800 + 4 × J$380
    expect(scheduleCharge(S.handling, 5)).toBe(0n); // free up to 5 lb
    expect(scheduleCharge(S.handling, 6)).toBe(35_000n);
    expect(scheduleCharge(S.handling, 54)).toBe(110_000n); // J$1,000 + 4 × J$25
    // Brackets may be stored in any order.
    const shuffled = { ...S.freight, brackets: [...S.freight.brackets].reverse() };
    expect(scheduleCharge(shuffled, 3)).toBe(135_000n);
  });
});

describe('computeEstimate: worked examples', () => {
  it('A. general goods, US$150.00, 2.3 lb, air', () => {
    // weight 2.3 lb → 3 lb: freight J$1,350.00 = 135,000; handling 0 (≤ 5 lb)
    // value     = 15,000 × 157.25                         = 2,358,750
    // insurance = 1 % × (2,358,750 + 135,000) = 24,937.5  → 24,938
    // cif       = 2,358,750 + 135,000 + 24,938            = 2,518,688
    // duty      = 20 % × 2,518,688 = 503,737.6            → 503,738
    // scf       = 0.3 % × 2,518,688 = 7,556.064           → 7,556
    // envl      = 0.5 % × 2,518,688 = 12,593.44           → 12,593
    // gct       = 15 % × (2,518,688 + 503,738) = 453,363.9 → 453,364
    // stamp     = J$100 (cif J$25,186.88 > J$5,500)       = 10,000
    // caf                                                  = 250,000
    // customs   = 503,738 + 7,556 + 12,593 + 453,364 + 10,000 + 250,000 = 1,237,251
    // total     = 1,237,251 + 135,000 + 0                 = 1,372,251 (J$13,722.51)
    expect(est({ value: 150, weight: 2.3 })).toEqual({
      chargeableLb: 3,
      valueJmd: 2_358_750,
      freight: 135_000,
      insurance: 24_938,
      cif: 2_518_688,
      duty: 503_738,
      scf: 7_556,
      envl: 12_593,
      gct: 453_364,
      other: 0,
      stamp: 10_000,
      caf: 250_000,
      customsTotal: 1_237_251,
      handling: 0,
      total: 1_372_251,
      deMinimisApplied: false,
      insuranceRate: '0.01',
    });
  });

  it('B. the de minimis edge: US$100.00 pays no customs, US$100.01 pays on the full value (0.2 lb → 1 lb)', () => {
    // US$100.00: value = 10,000 × 157.25 = 1,572,500; freight (1 lb) 55,000
    // insurance = 1 % × 1,627,500 = 16,275; cif = 1,643,775; every customs line 0
    // total = 0 + 55,000 + 0 = 55,000
    const at = est({ value: 100, weight: 0.2 });
    expect(at).toMatchObject({
      chargeableLb: 1,
      valueJmd: 1_572_500,
      freight: 55_000,
      insurance: 16_275,
      cif: 1_643_775,
      duty: 0,
      scf: 0,
      envl: 0,
      gct: 0,
      stamp: 0,
      caf: 0,
      customsTotal: 0,
      handling: 0,
      total: 55_000,
      deMinimisApplied: true,
    });
    // US$100.01: value = 10,001 × 157.25 = 1,572,657.25 → 1,572,657
    // insurance = 1 % × (1,572,657 + 55,000) = 16,276.57 → 16,277; cif = 1,643,934
    // duty 20 % = 328,786.8 → 328,787; scf 0.3 % = 4,931.802 → 4,932; envl 0.5 % = 8,219.67 → 8,220
    // gct 15 % × (1,643,934 + 328,787 = 1,972,721) = 295,908.15 → 295,908; stamp 10,000; caf 250,000
    // customs = 328,787 + 4,932 + 8,220 + 295,908 + 10,000 + 250,000 = 897,847; total = 897,847 + 55,000 = 952,847
    expect(est({ value: 100.01, weight: 0.2 })).toMatchObject({
      valueJmd: 1_572_657,
      insurance: 16_277,
      cif: 1_643_934,
      duty: 328_787,
      scf: 4_932,
      envl: 8_220,
      gct: 295_908,
      stamp: 10_000,
      caf: 250_000,
      customsTotal: 897_847,
      total: 952_847,
      deMinimisApplied: false,
    });
  });

  it('C. air vs sea: auto parts (30 %), US$420.00, 35 lb', () => {
    // 35 lb → the 40 lb bracket: freight 1,480,000; handling (≤ 50 lb) 100,000; value = 42,000 × 157.25 = 6,604,500
    // SEA: insurance = 1.5 % × (6,604,500 + 1,480,000 = 8,084,500) = 121,267.5 → 121,268
    //   cif = 8,205,768; duty 30 % = 2,461,730.4 → 2,461,730; scf = 24,617.304 → 24,617
    //   envl = 41,028.84 → 41,029; gct 15 % × (8,205,768 + 2,461,730 = 10,667,498) = 1,600,124.7 → 1,600,125
    //   customs = 2,461,730 + 24,617 + 41,029 + 1,600,125 + 10,000 + 250,000 = 4,387,501
    //   total = 4,387,501 + 1,480,000 + 100,000 = 5,967,501
    expect(est({ value: 420, weight: 35, method: 'sea', dutyRate: '0.30' })).toMatchObject({
      chargeableLb: 35,
      freight: 1_480_000,
      handling: 100_000,
      valueJmd: 6_604_500,
      insurance: 121_268,
      cif: 8_205_768,
      duty: 2_461_730,
      scf: 24_617,
      envl: 41_029,
      gct: 1_600_125,
      customsTotal: 4_387_501,
      total: 5_967_501,
      insuranceRate: '0.015',
    });
    // AIR: insurance = 1 % × 8,084,500 = 80,845; cif = 8,165,345
    //   duty 30 % = 2,449,603.5 → 2,449,604 (half up); scf = 24,496.035 → 24,496; envl = 40,826.725 → 40,827
    //   gct 15 % × (8,165,345 + 2,449,604 = 10,614,949) = 1,592,242.35 → 1,592,242
    //   customs = 2,449,604 + 24,496 + 40,827 + 1,592,242 + 10,000 + 250,000 = 4,367,169
    //   total = 4,367,169 + 1,480,000 + 100,000 = 5,947,169
    expect(est({ value: 420, weight: 35, method: 'air', dutyRate: '0.30' })).toMatchObject({
      insurance: 80_845,
      cif: 8_165_345,
      duty: 2_449_604,
      scf: 24_496,
      envl: 40_827,
      gct: 1_592_242,
      customsTotal: 4_367_169,
      total: 5_947_169,
      insuranceRate: '0.01',
    });
  });

  it('D. the largest freight bracket and beyond: US$200.00 at 50 lb and at 53.4 lb', () => {
    // 50 lb: freight 1,880,000; handling 100,000; value = 20,000 × 157.25 = 3,145,000
    //   insurance 1 % × 5,025,000 = 50,250; cif = 5,075,250; duty 20 % = 1,015,050
    //   scf = 15,225.75 → 15,226; envl = 25,376.25 → 25,376; gct 15 % × 6,090,300 = 913,545
    //   customs = 1,015,050 + 15,226 + 25,376 + 913,545 + 10,000 + 250,000 = 2,229,197
    //   total = 2,229,197 + 1,880,000 + 100,000 = 4,209,197
    expect(est({ value: 200, weight: 50 })).toMatchObject({
      chargeableLb: 50,
      freight: 1_880_000,
      handling: 100_000,
      insurance: 50_250,
      cif: 5_075_250,
      duty: 1_015_050,
      scf: 15_226,
      envl: 25_376,
      gct: 913_545,
      customsTotal: 2_229_197,
      total: 4_209_197,
    });
    // 53.4 lb → 54 lb: freight 1,880,000 + 4 × 38,000 = 2,032,000; handling 100,000 + 4 × 2,500 = 110,000
    //   insurance 1 % × (3,145,000 + 2,032,000 = 5,177,000) = 51,770; cif = 5,228,770
    //   duty 20 % = 1,045,754; scf = 15,686.31 → 15,686; envl = 26,143.85 → 26,144
    //   gct 15 % × (5,228,770 + 1,045,754 = 6,274,524) = 941,178.6 → 941,179
    //   customs = 1,045,754 + 15,686 + 26,144 + 941,179 + 10,000 + 250,000 = 2,288,763
    //   total = 2,288,763 + 2,032,000 + 110,000 = 4,430,763
    expect(est({ value: 200, weight: 53.4 })).toMatchObject({
      chargeableLb: 54,
      freight: 2_032_000,
      handling: 110_000,
      insurance: 51_770,
      cif: 5_228_770,
      duty: 1_045_754,
      scf: 15_686,
      envl: 26_144,
      gct: 941_179,
      customsTotal: 2_288_763,
      total: 4_430_763,
    });
  });

  it('E. cellular phones: 25 % GCT; US$300.00, 1.5 lb', () => {
    // 1.5 lb → 2 lb: freight 95,000; handling 0; value = 30,000 × 157.25 = 4,717,500
    // insurance 1 % × 4,812,500 = 48,125; cif = 4,860,625; duty 20 % = 972,125
    // scf = 14,581.875 → 14,582; envl = 24,303.125 → 24,303
    // gct 25 % × (4,860,625 + 972,125 = 5,832,750) = 1,458,187.5 → 1,458,188
    // customs = 972,125 + 14,582 + 24,303 + 1,458,188 + 10,000 + 250,000 = 2,729,198; total = 2,729,198 + 95,000 = 2,824,198
    expect(est({ value: 300, weight: 1.5, gctRate: '0.25' })).toMatchObject({
      freight: 95_000,
      insurance: 48_125,
      cif: 4_860_625,
      duty: 972_125,
      scf: 14_582,
      envl: 24_303,
      gct: 1_458_188,
      customsTotal: 2_729_198,
      total: 2_824_198,
    });
  });

  it('F. laptops (0 % duty) and textbooks (0 % duty, 0 % GCT) still pay the fees', () => {
    const laptop = est({ value: 150, weight: 2.3, dutyRate: '0', gctRate: '0.15' });
    // cif as in A (2,518,688); duty 0; gct 15 % × 2,518,688 = 377,803.2 → 377,803
    expect(laptop).toMatchObject({ cif: 2_518_688, duty: 0, gct: 377_803, scf: 7_556, envl: 12_593 });
    const book = est({ value: 150, weight: 2.3, dutyRate: '0', gctRate: '0' });
    // customs = 0 + 7,556 + 12,593 + 0 + 10,000 + 250,000 = 280,149
    expect(book).toMatchObject({ duty: 0, gct: 0, customsTotal: 280_149, total: 280_149 + 135_000 });
  });

  it('G. stamp duty is J$5 when the CIF is J$5,500 or less (a company with no de minimis)', () => {
    const noDeMinimis = { ...S, customs: { ...S.customs, de_minimis_usd_cents: 0 } };
    // US$30.00, 0.2 lb: value = 3,000 × 157.25 = 471,750; freight 55,000
    // insurance 1 % × 526,750 = 5,267.5 → 5,268; cif = 532,018 (J$5,320.18 ≤ J$5,500 → stamp 500)
    // duty 20 % = 106,403.6 → 106,404; scf = 1,596.054 → 1,596; envl = 2,660.09 → 2,660
    // gct 15 % × (532,018 + 106,404 = 638,422) = 95,763.3 → 95,763
    // customs = 106,404 + 1,596 + 2,660 + 95,763 + 500 + 250,000 = 456,923; total = 456,923 + 55,000 = 511,923
    expect(est({ value: 30, weight: 0.2, settings: noDeMinimis })).toMatchObject({
      cif: 532_018,
      duty: 106_404,
      scf: 1_596,
      envl: 2_660,
      gct: 95_763,
      stamp: 500,
      caf: 250_000,
      customsTotal: 456_923,
      total: 511_923,
    });
  });

  it('I. a minimum freight charge lifts a light parcel; a heavier one pays its bracket', () => {
    const withMinimum = { ...S, freight: { ...S.freight, minimum_cents: 100_000 } };
    // 0.2 lb → 1 lb: bracket J$550 < minimum J$1,000 → J$1,000; 12 lb → the 20 lb bracket, J$7,400 > minimum
    expect(est({ value: 50, weight: 0.2, settings: withMinimum }).freight).toBe(100_000);
    expect(est({ value: 50, weight: 12, settings: withMinimum }).freight).toBe(740_000);
  });

  it('J. a category’s other charge is a share of CIF, inside the customs total', () => {
    // Same parcel as A: cif 2,518,688; other 10 % = 251,868.8 → 251,869
    const e = est({ value: 150, weight: 2.3, otherRate: '0.10' });
    expect(e.other).toBe(251_869);
    expect(e.customsTotal).toBe(1_237_251 + 251_869);
    expect(est({ value: 50, weight: 2.3, otherRate: '0.10' }).other).toBe(0); // under de minimis: nothing
  });

  it('H. the lines always add up, for many inputs', () => {
    for (const value of [0.01, 1, 99.99, 100, 100.01, 123.45, 999.99, 12_345.67]) {
      for (const weight of [0.01, 0.5, 1, 7.77, 49.99, 50, 50.01, 120]) {
        for (const method of ['air', 'sea'] as const) {
          const e = est({ value, weight, method, exchangeRate: '156.8000' });
          expect(e.cif).toBe(e.valueJmd + e.freight + e.insurance);
          expect(e.customsTotal).toBe(e.duty + e.scf + e.envl + e.gct + e.stamp + e.caf);
          expect(e.total).toBe(e.customsTotal + e.freight + e.handling);
          expect(e.deMinimisApplied).toBe(value <= 100);
          for (const v of Object.values(e)) if (typeof v === 'number') expect(Number.isInteger(v)).toBe(true);
        }
      }
    }
  });
});

describe('de minimis warning', () => {
  it('warns within 20 % of the limit, either side', () => {
    expect(deMinimisWarning(7_999, 10_000)).toBeNull();
    expect(deMinimisWarning(8_000, 10_000)).toMatch(/Close to the US\$100\.00 limit/);
    expect(deMinimisWarning(10_000, 10_000)).toMatch(/Close to/);
    expect(deMinimisWarning(10_001, 10_000)).toMatch(/Just over the US\$100\.00 limit/);
    expect(deMinimisWarning(12_000, 10_000)).toMatch(/Just over/);
    expect(deMinimisWarning(12_001, 10_000)).toBeNull();
    expect(deMinimisWarning(5_000, 0)).toBeNull();
  });
});
