import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { dutyEstimateSchema, hasAtMostTwoDecimals, shippingMethodSchema } from './duty';
import { rateStringSchema } from './fees';
import { say, tr } from './i18n';
import { INT32_MAX, text } from './text';

/*
 * Effective-dated prices (admins): a company's rates are versions, each in force from its `effective_from` until the
 * next one; a change never rewrites the past. The estimator, the fee page and a new invoice's computed lines read the
 * version in force at the time they compute.
 */

/** An amount in cents, with its field's own words (whole sentences, so each language can word them). */
type CentsWords = { enter: MessageDescriptor; whole: MessageDescriptor; negative: MessageDescriptor };
const cents = (words: CentsWords) =>
  z
    .number({ error: () => tr(words.enter) })
    .int(say(words.whole))
    .min(0, say(words.negative))
    .max(100_000_000, say(msg`Too large`));

export const rateBracketSchema = z.object({
  max_lb: z
    .number({ error: () => tr(msg`Enter the max weight`) })
    .int(say(msg`Whole pounds`))
    .min(1, say(msg`At least 1 lb`))
    .max(10_000, say(msg`At most 10,000 lb`)),
  charge_cents: cents({
    enter: msg`Enter the charge`,
    whole: msg`The charge is in whole cents`,
    negative: msg`The charge cannot be negative`,
  }),
});

/**
 * Brackets by weight: each row covers the pounds above the previous row's max up to its own, so the max weights must
 * go strictly up (a repeated or smaller max would overlap the row before it). The error names the row.
 */
const bracketsSchema = z
  .array(rateBracketSchema)
  .min(1, say(msg`Add at least one bracket`))
  .max(100, say(msg`At most 100 brackets`))
  .superRefine((rows, ctx) => {
    rows.forEach((row, i) => {
      const prev = rows[i - 1];
      if (prev && row.max_lb <= prev.max_lb) {
        ctx.addIssue({
          code: 'custom',
          path: [i, 'max_lb'],
          message: tr(
            msg`Row ${{ row: i + 1 }}: the max weight must be more than row ${{ previous: i }}'s ${{ max: prev.max_lb }} lb (brackets may not overlap)`,
          ),
        });
      }
    });
  });

export const handlingScheduleSchema = z.object({
  brackets: bracketsSchema,
  excess_per_lb_cents: cents({
    enter: msg`Enter the charge per pound over the last bracket`,
    whole: msg`The charge per pound over the last bracket is in whole cents`,
    negative: msg`The charge per pound over the last bracket cannot be negative`,
  }),
});

/** Freight of one mode: brackets, what each pound over the last one costs, and a minimum charge per parcel. */
export const freightScheduleSchema = handlingScheduleSchema.extend({
  minimum_cents: cents({
    enter: msg`Enter the minimum charge`,
    whole: msg`The minimum charge is in whole cents`,
    negative: msg`The minimum charge cannot be negative`,
  }),
});
export type FreightSchedule = z.infer<typeof freightScheduleSchema>;

/** US$ → local currency: a positive decimal with at most 4 decimals ("157.25"). */
export const exchangeRateSchema = text()
  .trim()
  .regex(/^\d{1,8}(\.\d{1,4})?$/, say(msg`A number like 157.25 (at most 4 decimals)`))
  .refine((v) => Number(v) > 0, say(msg`The exchange rate must be more than 0`));

/** The prices of one version, as stored (jsonb) and as sent. */
export const rateSetSchema = z.object({
  freight: z.object({ air: freightScheduleSchema, sea: freightScheduleSchema }),
  handling: handlingScheduleSchema,
  storage: z.object({
    free_days: z
      .number({ error: () => tr(msg`Enter the free days`) })
      .int(say(msg`Whole days`))
      .min(0, say(msg`Free days cannot be negative`))
      .max(365, say(msg`At most 365 days`)),
    per_day_cents: cents({
      enter: msg`Enter the storage fee per day`,
      whole: msg`The storage fee per day is in whole cents`,
      negative: msg`The storage fee per day cannot be negative`,
    }),
  }),
  exchange_rate: exchangeRateSchema,
});
export type RateSet = z.infer<typeof rateSetSchema>;

export const rateVersionSchema = z.object({
  id: z.number().int(),
  effective_from: z.string().describe('ISO date-time'),
  rates: rateSetSchema,
  note: z.string(),
  created_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  created_at: z.string(),
});
export type RateVersion = z.infer<typeof rateVersionSchema>;

/** GET /v1/admin/rates: the version in force now, those scheduled later (soonest first), and every earlier one. */
export const ratesOverviewSchema = z.object({
  company_id: z.uuid(),
  currency: z.string(),
  now: z.string(),
  current: rateVersionSchema.nullable(),
  scheduled: z.array(rateVersionSchema),
  history: z.array(rateVersionSchema).describe('versions no longer in force, newest first'),
});
export type RatesOverview = z.infer<typeof ratesOverviewSchema>;

const effectiveFromSchema = z.iso.datetime({
  offset: true,
  error: () => tr(msg`A date and time, e.g. 2026-12-01T08:00:00Z`),
});

export const createRateVersionBodySchema = z.strictObject({
  effective_from: effectiveFromSchema,
  rates: rateSetSchema,
  note: text().trim().max(300).default(''),
});
export type CreateRateVersionBody = z.input<typeof createRateVersionBodySchema>;

/** A sample parcel for the preview (the estimator's own fields). */
export const ratePreviewBodySchema = z.strictObject({
  rates: rateSetSchema,
  sample: z.object({
    weight_lb: z
      .number({ error: () => tr(msg`Enter the weight in pounds`) })
      .gt(0, say(msg`Enter the weight in pounds`))
      .max(10_000)
      .refine(hasAtMostTwoDecimals, say(msg`Use at most 2 decimals`)),
    value_usd: z
      .number({ error: () => tr(msg`Enter the value in US dollars`) })
      .gt(0, say(msg`Enter the value in US dollars`))
      .max(1_000_000)
      .refine(hasAtMostTwoDecimals, say(msg`Use at most 2 decimals`)),
    shipping_method: shippingMethodSchema,
    category_id: z.number().int().positive().max(INT32_MAX, say(msg`Choose a category from the list`)),
  }),
});
export type RatePreviewBody = z.input<typeof ratePreviewBodySchema>;

export const rateVersionParamsSchema = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });

/* Duty categories (admins): the category is the name; its rates are versions like the company's rates. */

export const categoryRatesSchema = z.object({
  duty_rate: rateStringSchema,
  gct_rate: rateStringSchema,
  /** A further charge on CIF some goods carry (e.g. a special consumption tax); "0" when none. */
  other_rate: rateStringSchema.default('0'),
  other_label: text().trim().max(60).default(''),
});

export const adminDutyCategorySchema = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  description: z.string(),
  status: z.enum(['active', 'scheduled', 'retired']),
  retired_at: z.string().nullable(),
  /** The rates in force now (null while the category only has a future version). */
  current: z
    .object({
      effective_from: z.string(),
      duty_rate: z.string(),
      gct_rate: z.string(),
      other_rate: z.string(),
      other_label: z.string(),
    })
    .nullable(),
  scheduled: z.array(
    z.object({
      effective_from: z.string(),
      duty_rate: z.string(),
      gct_rate: z.string(),
      other_rate: z.string(),
      other_label: z.string(),
    }),
  ),
});
export type AdminDutyCategory = z.infer<typeof adminDutyCategorySchema>;

export const createDutyCategoryBodySchema = z.strictObject({
  code: text()
    .trim()
    .min(1, say(msg`Required`))
    .max(40)
    .regex(/^[a-z0-9_]+$/, say(msg`Lower-case letters, digits and _ only`)),
  name: text().trim().min(1, say(msg`Required`)).max(80),
  description: text().trim().max(300).default(''),
  effective_from: effectiveFromSchema,
  ...categoryRatesSchema.shape,
});
export type CreateDutyCategoryBody = z.input<typeof createDutyCategoryBodySchema>;

export const updateDutyCategoryBodySchema = z.strictObject({
  name: text().trim().min(1, say(msg`Required`)).max(80),
  description: text().trim().max(300).default(''),
  effective_from: effectiveFromSchema,
  ...categoryRatesSchema.shape,
});
export type UpdateDutyCategoryBody = z.input<typeof updateDutyCategoryBodySchema>;

export const dutyCategoryParamsSchema = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });

/** The schemas of each call in `rates.calls.ts`. */
export const rateSchemas = {
  overview: { response: ratesOverviewSchema },
  create: { body: createRateVersionBodySchema, response: rateVersionSchema },
  remove: { params: rateVersionParamsSchema, response: z.object({ id: z.number().int() }) },
  /** The preview answers exactly what POST /v1/dutycalculator answers. */
  preview: { body: ratePreviewBodySchema, response: dutyEstimateSchema },
};

export const dutyCategoryAdminSchemas = {
  list: { response: z.array(adminDutyCategorySchema) },
  create: { body: createDutyCategoryBodySchema, response: adminDutyCategorySchema },
  update: {
    params: dutyCategoryParamsSchema,
    body: updateDutyCategoryBodySchema,
    response: adminDutyCategorySchema,
  },
  retire: { params: dutyCategoryParamsSchema, response: adminDutyCategorySchema },
};
