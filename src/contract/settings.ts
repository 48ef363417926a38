import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { rateStringSchema } from './fees';
import { isTimeZone } from './format';
import { say, tr } from './i18n';
import { languagesSectionSchema } from './languages';
import { text, textRules } from './text';

/*
 * The company settings an admin changes on "Company settings" (/admin/settings): what the customer screens explain
 * (how to pay an invoice, how points work, the invoice defaults) and the company's time zone, in which every date is
 * shown. Stored in the company's settings jsonb (AccountSettings, fees.ts) beside the fee schedule.
 */

/** An IANA time zone name Intl knows ("America/Jamaica", "UTC"). */
export const timeZoneSchema = text()
  .trim()
  .min(1, say(msg`Required`))
  .max(64)
  .refine(isTimeZone, say(msg`Pick a time zone from the list, e.g. America/Jamaica`));

/** What a customer's unpaid invoice says about paying it: "" leaves a method out. */
export const paymentSectionSchema = z.object({
  bank_transfer: z.object({
    bank_name: text().trim().max(100),
    account_name: text().trim().max(100),
    account_number: text().trim().max(50),
    branch: text().trim().max(100),
    account_type: text().trim().max(50),
  }),
  counter: text().trim().max(300),
  online_url: z.union([
    z.literal(''),
    textRules(
      z.url({ protocol: /^https?$/, error: () => tr(msg`A web address starting with https://`) }),
    ).max(500),
  ]),
  overdue: text().trim().max(500),
});
export type PaymentSection = z.infer<typeof paymentSectionSchema>;

/** How points are earned and what they are worth (the points page's "How points work"). */
export const pointsSectionSchema = z.object({
  /** One point for every this many cents paid (10000 = 1 point per J$100). */
  cents_per_point: z.number().int().min(1).max(100_000_000),
  /** Points for a pre-alert sent with its invoice file. */
  prealert_bonus: z.number().int().min(0).max(1_000_000),
  /** What one point is worth, in cents of the company's currency. */
  point_value_cents: z.number().int().min(1).max(100_000_000),
});
export type PointsSection = z.infer<typeof pointsSectionSchema>;

/** What a new invoice starts with: the sales tax on services, its label, the payment terms and the due date. */
export const invoiceSectionSchema = z.object({
  tax_rate: rateStringSchema,
  tax_label: text().trim().min(1, say(msg`Required`)).max(40),
  terms: text().trim().max(1000),
  /** Days from issue to the due date. */
  due_days: z.number().int().min(0).max(365),
});
export type InvoiceSection = z.infer<typeof invoiceSectionSchema>;

/** GET /v1/settings: the company's settings by section, with the currency the amounts are in. */
export const companySettingsSchema = z.object({
  company_id: z.uuid(),
  currency: z.string(),
  time_zone: z.string(),
  languages: languagesSectionSchema,
  payment: paymentSectionSchema,
  points: pointsSectionSchema,
  invoice: invoiceSectionSchema,
});
export type CompanySettings = z.infer<typeof companySettingsSchema>;

/** PUT /v1/settings: one or more whole sections; sections left out stay as they are. */
export const updateSettingsBodySchema = z
  .strictObject({
    time_zone: timeZoneSchema.optional(),
    languages: languagesSectionSchema.optional(),
    payment: paymentSectionSchema.optional(),
    points: pointsSectionSchema.optional(),
    invoice: invoiceSectionSchema.optional(),
  })
  .refine(
    (b) => Object.values(b).some((v) => v !== undefined),
    say(msg`Send at least one section to change`),
  );
export type UpdateSettingsBody = z.infer<typeof updateSettingsBodySchema>;
export type UpdateSettingsInput = z.input<typeof updateSettingsBodySchema>;

/** The schemas of each call in `settings.calls.ts`. */
export const settingsSchemas = {
  get: { response: companySettingsSchema },
  update: { body: updateSettingsBodySchema, response: companySettingsSchema },
};
