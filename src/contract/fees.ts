import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { DEFAULT_TIME_ZONE } from './format';
import { say } from './i18n';
import { DEFAULT_LANGUAGES, languagesSectionSchema } from './languages';

/** A rate as an exact decimal string between 0 and 1, e.g. "0.15" for 15 %. Never a float. */
export const rateStringSchema = z
  .string()
  .regex(/^(0(\.\d{1,6})?|1(\.0{1,6})?)$/, say(msg`A rate is a decimal between 0 and 1, e.g. 0.15`));

/** One weight bracket: parcels up to `max_lb` (whole pounds, weight rounded up) pay `charge_cents`. */
export const weightBracketSchema = z.object({
  max_lb: z.number().int().positive(),
  charge_cents: z.number().int().min(0),
});

/**
 * A charge by weight. The weight is rounded up to a whole pound (minimum 1) and the smallest bracket whose
 * `max_lb` is at or above it applies; above the largest bracket, that bracket's charge plus
 * `excess_per_lb_cents` for every pound over it. A bracket charging 0 means "free up to this weight".
 */
export const weightScheduleSchema = z.object({
  brackets: z.array(weightBracketSchema).min(1),
  excess_per_lb_cents: z.number().int().min(0),
});
export type WeightSchedule = z.infer<typeof weightScheduleSchema>;

export const otherChargeSchema = z.object({
  code: z.string(),
  name: z.string(),
  description: z.string(),
  amount_cents: z.number().int().min(0),
});

/** Jamaica Customs charges on personal shipments, as the company applies them (see DOMAIN.md). */
export const customsSettingsSchema = z.object({
  /** Goods worth this much or less (US cents) pay no customs charges at all. */
  de_minimis_usd_cents: z.number().int().min(0),
  /** Customs administrative fee per declaration, in the company's currency (cents). */
  caf_cents: z.number().int().min(0),
  insurance_rate_air: rateStringSchema,
  insurance_rate_sea: rateStringSchema,
  scf_rate: rateStringSchema,
  envl_rate: rateStringSchema,
  /** Stamp duty: `stamp_above_cents` when the CIF is above `stamp_threshold_cents`, else `stamp_below_cents`. */
  stamp_threshold_cents: z.number().int().min(0),
  stamp_above_cents: z.number().int().min(0),
  stamp_below_cents: z.number().int().min(0),
});
export type CustomsSettings = z.infer<typeof customsSettingsSchema>;

/**
 * How customers pay an invoice, shown on every unpaid one. Empty strings leave a method out: no bank account, no
 * online link. The bank transfer always quotes the invoice number as its reference.
 */
export const paymentSettingsSchema = z.object({
  bank_transfer: z.object({
    bank_name: z.string().max(100),
    account_name: z.string().max(100),
    account_number: z.string().max(50),
    branch: z.string().max(100),
    account_type: z.string().max(50),
  }),
  /** Paying at the counter (cash or card at pickup); "" when the company takes no payment there. */
  counter: z.string().max(300),
  /** An online payment page; "" when there is none. */
  online_url: z.union([z.literal(''), z.url({ protocol: /^https?$/ })]),
  /** What happens when an invoice is overdue, in plain words. */
  overdue: z.string().max(500),
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const DEFAULT_PAYMENT_SETTINGS: PaymentSettings = {
  bank_transfer: { bank_name: '', account_name: '', account_number: '', branch: '', account_type: '' },
  counter: 'Pay by cash or card at the counter when you collect your packages.',
  online_url: '',
  overdue: 'Packages on an overdue invoice are held until it is paid.',
};

/** Per-company policy behind the fee page, the estimator, invoices and points. Stored as jsonb per company. */
export const accountSettingsSchema = z.object({
  // Freight, handling, storage and the exchange rate are effective-dated rate versions (rates.ts), not settings.
  other_charges: z.array(otherChargeSchema),
  customs: customsSettingsSchema,
  points: z.object({
    /** One point for every this many cents paid on an invoice (10000 = 1 point per J$100). */
    cents_per_point: z.number().int().positive(),
    /** Points for a pre-alert sent with its invoice file (once per tracking number). */
    prealert_bonus: z.number().int().min(0),
    /** What one point is worth when a customer pays with points (cents of the company's currency). */
    point_value_cents: z.number().int().positive().default(100),
  }),
  /** Invoice defaults: the sales tax on services (0 where the company charges none), its label, payment terms. */
  invoice: z
    .object({
      tax_rate: rateStringSchema,
      tax_label: z.string().max(40),
      terms: z.string().max(1000),
    })
    .default({ tax_rate: '0', tax_label: 'Tax', terms: 'Payable at the counter or by bank transfer.' }),
  /** Days from issue to the due date of an invoice. */
  invoice_due_days: z.number().int().min(0).max(365),
  payment: paymentSettingsSchema.default(DEFAULT_PAYMENT_SETTINGS),
  /** The company's IANA time zone: every date the PWA, the mails and the PDFs show is in it. */
  time_zone: z.string().default(DEFAULT_TIME_ZONE),
  /** The languages the company offers and its default (Company settings). */
  languages: languagesSectionSchema.default(DEFAULT_LANGUAGES),
});
export type AccountSettings = z.infer<typeof accountSettingsSchema>;

/**
 * GET /v1/fees: the company's schedule, from the same settings and rates in force the estimator and invoices use.
 * `freight` is air freight (the spec's shape); `sea_freight` and the minimums are additions.
 */
export const feesSchema = accountSettingsSchema.extend({
  freight: weightScheduleSchema,
  freight_minimum_cents: z.number().int().min(0),
  sea_freight: weightScheduleSchema.extend({ minimum_cents: z.number().int().min(0) }),
  handling: weightScheduleSchema,
  storage: z.object({
    free_days: z.number().int().min(0),
    per_day_cents: z.number().int().min(0),
  }),
  currency: z.string(),
  exchange_rate: z.string().describe('company currency per USD, decimal string'),
  exchange_rate_date: z.string(),
  /** Plain-language rules to show beside the tables. */
  notes: z.array(z.string()),
});
export type Fees = z.infer<typeof feesSchema>;

/** The schemas of each call in `fees.calls.ts`. */
export const feeSchemas = {
  get: { response: feesSchema },
};
