import type { AccountSettings } from '../../contract/fees';
import { formatMoney } from '../../contract/format';
import type { InvoiceLineInput } from '../../contract/invoices';
import type { RateSet } from '../../contract/rates';
import { daysWord, type StorageCountdown } from '../../contract/storage';
import { computeEstimate, percent, pricingOf, toHundredths } from '../estimator/duty';

/**
 * A package has no duty category of its own: the category its description suggests is used, the rest is general
 * goods (staff correct the customs lines by hand when customs assessed otherwise).
 */
const CATEGORY_BY_WORDS: [RegExp, string][] = [
  [/laptop|monitor|ipad|computer|tablet/i, 'laptops'],
  [/^books|textbook/i, 'textbooks'],
  [/speaker|headphone/i, 'audio'],
  [/car side mirror|auto part/i, 'auto_parts'],
  [/dress|clothing|jersey|shoes|sandals|handbag/i, 'clothing'],
];

export function categoryCodeFor(description: string): string {
  return CATEGORY_BY_WORDS.find(([re]) => re.test(description))?.[1] ?? 'general';
}

export type ChargeablePackage = {
  id: string;
  trackingNumber: string;
  description: string;
  /** Pounds as the numeric column gives it ("2.40"); "0" when not weighed. */
  weight: string;
  /** US cents; 0 when nothing was declared. */
  declaredValueCents: number;
  /**
   * Its storage while it waits at the counter (storage/storage.ts, from contract/storage.ts's rule): the line is the
   * countdown's days and fee, never a second computation. Null when not ready for pickup or storage is free.
   */
  storage: StorageCountdown | null;
};

export type ChargeCategory = {
  code: string;
  name: string;
  dutyRate: string;
  gctRate: string;
  otherRate?: string;
  otherLabel?: string;
};

/**
 * The lines a package adds to an invoice, from the rates in force and the company's settings: freight and handling
 * by the weight brackets
 * (rounded up, minimum 1 lb), the customs lines of the estimator's calculator (computeEstimate: the same figures the
 * estimator shows for this value, weight and category, by air), and storage past the free days while it waits
 * at the counter. What cannot be computed is left out and said in `warnings`.
 */
export function packageCharges(input: {
  pkg: ChargeablePackage;
  category: ChargeCategory | null;
  /** The rates in force when the draft is computed (rates/in-force.ts). */
  rates: RateSet;
  settings: AccountSettings;
  currency: string;
}): { lines: InvoiceLineInput[]; warnings: string[] } {
  const { pkg, category, settings, rates } = input;
  const lines: InvoiceLineInput[] = [];
  const warnings: string[] = [];
  const base = { quantity: 1, package_id: pkg.id };
  const label = pkg.description || pkg.trackingNumber;
  const weightHundredths = toHundredths(Number(pkg.weight));
  const weighed = weightHundredths > 0;
  const valued = pkg.declaredValueCents > 0;
  if (!weighed) warnings.push('No weight yet: freight and handling are not computed.');
  if (!valued) warnings.push('No declared value: the customs charges are not computed.');
  if (valued && !category) warnings.push('No duty category applies: the customs charges are not computed.');
  if (weighed || (valued && category)) {
    const e = computeEstimate({
      valueUsdCents: pkg.declaredValueCents,
      // Customs are valued on CIF, which includes freight; without a weight the minimum (1 lb) is assumed.
      weightHundredths: weighed ? weightHundredths : 100,
      method: 'air',
      dutyRate: category?.dutyRate ?? '0',
      gctRate: category?.gctRate ?? '0',
      ...(category?.otherRate ? { otherRate: category.otherRate } : {}),
      exchangeRate: rates.exchange_rate,
      settings: pricingOf(rates, settings.customs, 'air'),
    });
    if (weighed) {
      lines.push({
        ...base,
        type: 'shipping',
        description: `Air freight, ${e.chargeableLb} lb: ${label}`.slice(0, 200),
        unit_price_cents: e.freight,
      });
      if (e.handling > 0) {
        lines.push({
          ...base,
          type: 'handling',
          description: `Handling, ${e.chargeableLb} lb`,
          unit_price_cents: e.handling,
        });
      }
    }
    if (valued && category && !e.deMinimisApplied) {
      const c = settings.customs;
      const customs: [InvoiceLineInput['type'], string, number][] = [
        [
          'duty',
          `Import duty (${percent(category.dutyRate)} % of CIF ${formatMoney(e.cif, input.currency)})`,
          e.duty,
        ],
        ['customs', `Standards compliance fee (${percent(c.scf_rate)} % of CIF)`, e.scf],
        ['customs', `Environmental levy (${percent(c.envl_rate)} % of CIF)`, e.envl],
        ['customs', `GCT on import (${percent(category.gctRate)} % of CIF + duty)`, e.gct],
        [
          'customs',
          `${category.otherLabel || 'Other charge'} (${percent(category.otherRate ?? '0')} % of CIF)`,
          e.other,
        ],
        ['customs', 'Stamp duty', e.stamp],
        ['customs', 'Customs administrative fee', e.caf],
      ];
      for (const [type, description, cents] of customs) {
        if (cents > 0) lines.push({ ...base, type, description, unit_price_cents: cents });
      }
    }
  }
  const storage = pkg.storage;
  if (storage && storage.days_charged > 0) {
    const days = storage.days_charged;
    lines.push({
      ...base,
      type: 'other',
      description: `Storage, ${daysWord(days)} past the ${storage.free_days} free`,
      quantity: days,
      unit_price_cents: storage.per_day_cents,
    });
  }
  return { lines, warnings };
}
