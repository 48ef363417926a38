import type { ShippingMethod } from '../../contract/duty';
import type { CustomsSettings, WeightSchedule } from '../../contract/fees';
import { formatMoney } from '../../contract/format';
import type { RateSet } from '../../contract/rates';

/**
 * The duty and landed-cost estimate (DOMAIN.md, Jamaica Customs, personal shipments), as a pure function.
 *
 * No floating point touches money: amounts are integer cents held as BigInt, rates and the exchange rate are exact
 * decimal strings turned into fractions (numerator / 10^scale), and every line is rounded half-up to the cent.
 * Later lines are computed from the rounded earlier lines, so the lines shown always add up to the totals.
 */

/** An exact fraction n / d (d > 0). */
export type Fraction = { n: bigint; d: bigint };

/** "157.2500" → 1572500 / 10000. Refuses anything but a plain non-negative decimal. */
export function parseDecimal(s: string): Fraction {
  const m = /^(\d+)(?:\.(\d+))?$/.exec(s.trim());
  if (!m) throw new Error(`not a decimal: ${s}`);
  const frac = m[2] ?? '';
  return { n: BigInt(`${m[1]}${frac}`), d: 10n ** BigInt(frac.length) };
}

/** Rounds n / d half-up (away from zero at .5) to an integer; n ≥ 0, d > 0. */
export function roundHalfUp(n: bigint, d: bigint): bigint {
  if (n < 0n || d <= 0n) throw new Error('roundHalfUp expects n ≥ 0 and d > 0');
  return (2n * n + d) / (2n * d);
}

/** cents × fraction, rounded half-up to the cent. */
export function applyRate(cents: bigint, rate: Fraction): bigint {
  return roundHalfUp(cents * rate.n, rate.d);
}

/** Hundredths of a unit from a number that has at most two decimals (validated by the contract). */
export function toHundredths(v: number): number {
  return Math.round(v * 100);
}

/** The weight rounded up to a whole pound, minimum 1 (0.2 lb → 1, 2.01 lb → 3), from hundredths of a pound. */
export function chargeablePounds(weightHundredths: number): number {
  return Math.max(1, Math.floor((weightHundredths + 99) / 100));
}

/**
 * The charge of a weight schedule for a whole-pound weight: the smallest bracket at or above it; above the largest,
 * the largest bracket's charge plus the per-pound excess for each pound over it.
 */
export function scheduleCharge(schedule: WeightSchedule, pounds: number): bigint {
  const brackets = [...schedule.brackets].sort((a, b) => a.max_lb - b.max_lb);
  for (const b of brackets) if (pounds <= b.max_lb) return BigInt(b.charge_cents);
  const last = brackets[brackets.length - 1];
  if (!last) return 0n;
  return BigInt(last.charge_cents) + BigInt(pounds - last.max_lb) * BigInt(schedule.excess_per_lb_cents);
}

/** What a parcel is priced with: the freight of its mode (with its minimum), handling, and the customs rules. */
export type Pricing = {
  freight: WeightSchedule & { minimum_cents?: number };
  handling: WeightSchedule;
  customs: CustomsSettings;
};

/** The pricing of a mode from a rate set (the version in force, or an admin's draft) and the customs settings. */
export function pricingOf(rates: RateSet, customs: CustomsSettings, method: ShippingMethod): Pricing {
  return { freight: rates.freight[method], handling: rates.handling, customs };
}

export type EstimateInput = {
  valueUsdCents: number;
  weightHundredths: number;
  method: ShippingMethod;
  dutyRate: string;
  gctRate: string;
  /** A category's further charge on CIF (e.g. a special consumption tax); none when absent. */
  otherRate?: string;
  exchangeRate: string;
  settings: Pricing;
};

export type EstimateAmounts = {
  chargeableLb: number;
  valueJmd: number;
  freight: number;
  insurance: number;
  cif: number;
  duty: number;
  scf: number;
  envl: number;
  gct: number;
  other: number;
  stamp: number;
  caf: number;
  customsTotal: number;
  handling: number;
  total: number;
  deMinimisApplied: boolean;
  insuranceRate: string;
};

function toNumber(v: bigint): number {
  if (v > BigInt(Number.MAX_SAFE_INTEGER)) throw new Error('amount out of range');
  return Number(v);
}

/**
 * freight   = freight schedule of the mode at the chargeable weight, at least its minimum
 * handling  = handling schedule at the chargeable weight
 * value     = value_usd × exchange rate
 * insurance = (air 1 % | sea 1.5 %) × (value + freight)
 * cif       = value + freight + insurance
 * when value_usd ≤ de minimis: duty = scf = envl = gct = stamp = caf = 0; otherwise
 *   duty = cif × duty rate; scf = 0.3 % × cif; envl = 0.5 % × cif; gct = gct rate × (cif + duty);
 *   other = cif × the category's other rate (0 for most); stamp = J$100 if cif > J$5,500 else J$5; caf = J$2,500
 * customs_total = duty + scf + envl + gct + other + stamp + caf; total = customs_total + freight + handling
 */
export function computeEstimate(input: EstimateInput): EstimateAmounts {
  const { customs } = input.settings;
  const chargeableLb = chargeablePounds(input.weightHundredths);
  const schedule = input.settings.freight;
  const byWeight = scheduleCharge(schedule, chargeableLb);
  const minimum = BigInt(schedule.minimum_cents ?? 0);
  const freight = byWeight > minimum ? byWeight : minimum;
  const handling = scheduleCharge(input.settings.handling, chargeableLb);
  const valueJmd = applyRate(BigInt(input.valueUsdCents), parseDecimal(input.exchangeRate));
  const insuranceRate = input.method === 'sea' ? customs.insurance_rate_sea : customs.insurance_rate_air;
  const insurance = applyRate(valueJmd + freight, parseDecimal(insuranceRate));
  const cif = valueJmd + freight + insurance;
  const deMinimisApplied = input.valueUsdCents <= customs.de_minimis_usd_cents;
  let duty = 0n;
  let scf = 0n;
  let envl = 0n;
  let gct = 0n;
  let other = 0n;
  let stamp = 0n;
  let caf = 0n;
  if (!deMinimisApplied) {
    duty = applyRate(cif, parseDecimal(input.dutyRate));
    scf = applyRate(cif, parseDecimal(customs.scf_rate));
    envl = applyRate(cif, parseDecimal(customs.envl_rate));
    gct = applyRate(cif + duty, parseDecimal(input.gctRate));
    other = applyRate(cif, parseDecimal(input.otherRate ?? '0'));
    stamp = BigInt(
      cif > BigInt(customs.stamp_threshold_cents) ? customs.stamp_above_cents : customs.stamp_below_cents,
    );
    caf = BigInt(customs.caf_cents);
  }
  const customsTotal = duty + scf + envl + gct + other + stamp + caf;
  const total = customsTotal + freight + handling;
  return {
    chargeableLb,
    valueJmd: toNumber(valueJmd),
    freight: toNumber(freight),
    insurance: toNumber(insurance),
    cif: toNumber(cif),
    duty: toNumber(duty),
    scf: toNumber(scf),
    envl: toNumber(envl),
    gct: toNumber(gct),
    other: toNumber(other),
    stamp: toNumber(stamp),
    caf: toNumber(caf),
    customsTotal: toNumber(customsTotal),
    handling: toNumber(handling),
    total: toNumber(total),
    deMinimisApplied,
    insuranceRate,
  };
}

/** A warning when the value is within 20 % of the de minimis limit, either side; null otherwise. */
export function deMinimisWarning(valueUsdCents: number, deMinimisCents: number): string | null {
  if (deMinimisCents <= 0) return null;
  const limit = formatMoney(deMinimisCents, 'USD');
  if (valueUsdCents <= deMinimisCents && valueUsdCents * 5 >= deMinimisCents * 4) {
    return `Close to the ${limit} limit: if the invoice says more than ${limit}, customs charges apply on the full value.`;
  }
  if (valueUsdCents > deMinimisCents && valueUsdCents * 5 <= deMinimisCents * 6) {
    return `Just over the ${limit} limit: customs charges apply on the full value, not only on the part above it.`;
  }
  return null;
}

/** Percent text of a rate string: "0.2000" → "20", "0.0030" → "0.3", "0.165" → "16.5". */
export function percent(rate: string): string {
  const { n, d } = parseDecimal(rate);
  const scaled = (n * 100n * 1000n) / d; // thousandths of a percent
  const whole = scaled / 1000n;
  const frac = (scaled % 1000n).toString().padStart(3, '0').replace(/0+$/, '');
  return frac ? `${whole}.${frac}` : `${whole}`;
}
