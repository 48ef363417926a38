import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { ESTIMATE_LIMITS } from './constants';
import { say, tr } from './i18n';
import { INT32_MAX } from './text';

/** A duty category of the company: rates are exact decimal strings ("0.2000" = 20 %). */
export const dutyCategorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  duty_rate: z.string().describe('decimal string, 0.2000 = 20 %'),
  gct_rate: z.string().describe('decimal string, 0.1500 = 15 %'),
  /** A further charge on CIF some categories carry ("0" for none), and what it is called. */
  other_rate: z.string().optional(),
  other_label: z.string().optional(),
});
export type DutyCategory = z.infer<typeof dutyCategorySchema>;

export const shippingMethods = ['air', 'sea'] as const;
export const shippingMethodSchema = z.enum(shippingMethods, { error: () => tr(msg`Choose air or sea`) });
export type ShippingMethod = z.infer<typeof shippingMethodSchema>;

/** True when `v` has at most two decimals (cents, hundredths of a pound), tolerating binary float noise. */
export function hasAtMostTwoDecimals(v: number): boolean {
  return Math.abs(v * 100 - Math.round(v * 100)) < 1e-6;
}

export const dutyCalculatorBodySchema = z.object({
  category_id: z
    .number({ error: () => tr(msg`Choose a category`) })
    .int(say(msg`Choose a category`))
    .positive(say(msg`Choose a category`))
    .max(INT32_MAX, say(msg`Choose a category from the list`)),
  value_usd: z
    .number({ error: () => tr(msg`Enter the value in US dollars`) })
    .gt(0, say(msg`Enter the value in US dollars`))
    .max(ESTIMATE_LIMITS.valueUsd.max, ESTIMATE_LIMITS.valueUsd.tooLarge)
    .refine(hasAtMostTwoDecimals, say(msg`Use at most 2 decimals`)),
  weight_lb: z
    .number({ error: () => tr(msg`Enter the weight in pounds`) })
    .gt(0, say(msg`Enter the weight in pounds`))
    .max(ESTIMATE_LIMITS.weightLb.max, ESTIMATE_LIMITS.weightLb.tooLarge)
    .refine(hasAtMostTwoDecimals, say(msg`Use at most 2 decimals`)),
  shipping_method: shippingMethodSchema.default('air'),
});
export type DutyCalculatorBody = z.input<typeof dutyCalculatorBodySchema>;

export const estimateLineCodes = [
  'value',
  'freight',
  'insurance',
  'cif',
  'duty',
  'scf',
  'envl',
  'gct',
  'other',
  'stamp',
  'caf',
  'customs_total',
  'handling',
  'total',
] as const;

/**
 * The reply of POST /v1/dutycalculator. Every amount is in the company's currency (JMD), integer cents, each line
 * rounded half-up to the cent and later lines computed from the rounded earlier ones, so the lines add up.
 */
export const dutyEstimateSchema = z.object({
  currency: z.string(),
  category: dutyCategorySchema,
  shipping_method: shippingMethodSchema,
  value_usd_cents: z.number().int(),
  weight_lb: z.number(),
  chargeable_weight_lb: z.number().int().describe('the weight rounded up to a whole pound, minimum 1'),
  exchange_rate: z.string(),
  exchange_rate_date: z.string(),
  rates: z.object({
    duty: z.string(),
    gct: z.string(),
    insurance: z.string(),
    scf: z.string(),
    envl: z.string(),
  }),
  value_jmd: z.number().int().describe('the goods value converted at the exchange rate'),
  freight: z.number().int(),
  insurance: z.number().int(),
  cif: z.number().int(),
  duty: z.number().int(),
  scf: z.number().int(),
  envl: z.number().int(),
  gct: z.number().int(),
  /** The category's other charge (0 when it has none). */
  other: z.number().int().optional(),
  stamp: z.number().int(),
  caf: z.number().int(),
  customs_total: z.number().int(),
  handling: z.number().int(),
  total: z.number().int(),
  de_minimis_applied: z.boolean(),
  de_minimis_usd_cents: z.number().int(),
  /** Set when the value is close to the de minimis limit (within 20 % either side). */
  warning: z.string().nullable(),
  /** The same amounts as an ordered list, ready to render, with the rate each used. */
  lines: z.array(
    z.object({
      code: z.enum(estimateLineCodes),
      label: z.string(),
      amount_cents: z.number().int(),
      rate: z.string().nullable(),
    }),
  ),
  disclaimer: z.string(),
});
export type DutyEstimate = z.infer<typeof dutyEstimateSchema>;

/** The schemas of each call in `duty.calls.ts`. */
export const estimatorSchemas = {
  categories: { response: z.array(dutyCategorySchema) },
  calculate: { body: dutyCalculatorBodySchema, response: dutyEstimateSchema },
};
