import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import {
  CHECKOUT_INVOICES_MAX,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  paymentAttemptStatuses,
  paymentProviders,
} from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { say, tr } from './i18n';
import { text } from './text';

/*
 * Online payments: a customer pays issued invoices through the company's provider (a hosted page), and comes back
 * to the PWA's `/user/invoices/payment/<attempt id>`. An attempt is fixed when it is created (amount, currency,
 * invoices); whatever the provider says is checked against it.
 */

export const paymentProviderSchema = z.enum(paymentProviders, { error: () => tr(msg`Choose a provider`) });
/** A provider that takes money (an attempt never has 'none'). */
export const onlineProviderSchema = z.enum(['test', 'wipay'], {
  error: () => tr(msg`Not a payment provider`),
});
export type OnlineProvider = z.infer<typeof onlineProviderSchema>;
export const paymentAttemptStatusSchema = z.enum(paymentAttemptStatuses, {
  error: () => tr(msg`Not an attempt status`),
});

/** GET /v1/payments/options: whether the customer sees a Pay button, and the provider's name as customers read it. */
export const paymentOptionsSchema = z.object({
  provider: paymentProviderSchema,
  /** "Pay by card (WiPay)"; "" when the provider is 'none'. */
  label: z.string(),
  currency: z.string(),
});
export type PaymentOptions = z.infer<typeof paymentOptionsSchema>;

export const checkoutBodySchema = z.object({
  invoice_ids: z
    .array(z.uuid({ error: () => tr(msg`Not an invoice id`) }), {
      error: () => tr(msg`Choose the invoices to pay`),
    })
    .min(1, say(msg`Choose at least one invoice`))
    .max(CHECKOUT_INVOICES_MAX, say(msg`At most ${{ max: CHECKOUT_INVOICES_MAX }} invoices at once`))
    .refine((ids) => new Set(ids).size === ids.length, say(msg`An invoice is named twice`)),
});
export type CheckoutBody = z.input<typeof checkoutBodySchema>;

export const paymentAttemptSchema = z.object({
  id: z.uuid(),
  status: paymentAttemptStatusSchema,
  /** What this attempt charges: the invoices' balances when it was created. */
  amount_cents: z.number().int(),
  currency: z.string(),
  invoices: z.array(z.object({ id: z.uuid(), number: z.string().nullable() })),
  provider: onlineProviderSchema,
  /** The provider's transaction id, once it told us. */
  provider_reference: z.string().nullable(),
  /** In words: why it was declined, or why staff should look (flagged). */
  reason: z.string().nullable(),
  /** Money taken that no invoice could take any more (an invoice paid meanwhile): to refund. */
  surplus_cents: z.number().int(),
  customer: z.object({ id: z.uuid(), name: z.string(), mailbox_number: z.string() }),
  created_at: z.string(),
  completed_at: z.string().nullable(),
});
export type PaymentAttempt = z.infer<typeof paymentAttemptSchema>;

export const checkoutResultSchema = z.object({
  attempt: paymentAttemptSchema,
  /** Where the browser goes next: the provider's hosted page. */
  redirect_url: z.string(),
});
export type CheckoutResult = z.infer<typeof checkoutResultSchema>;

export const attemptListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  status: paymentAttemptStatusSchema.optional(),
});
export type AttemptListQuery = z.input<typeof attemptListQuerySchema>;

export const returnParamsSchema = z.object({ provider: onlineProviderSchema });
const returnField = text().max(500).optional();
/**
 * What a provider's redirect carries: the test provider's signed fields, or WiPay's (status, transaction_id,
 * order_id, total, hash, ...). Nothing here is trusted: it is verified and compared with our attempt.
 */
export const returnQuerySchema = z.object({
  // test provider
  attempt: returnField,
  outcome: returnField,
  ref: returnField,
  amount: returnField,
  currency: returnField,
  sig: returnField,
  // WiPay
  status: returnField,
  transaction_id: returnField,
  order_id: returnField,
  total: returnField,
  hash: returnField,
  message: returnField,
});

/** WiPay's settings as an admin sees them: the API key is never returned, only whether it is set. */
export const wipaySettingsSchema = z.object({
  account_number: z.string(),
  /** sandbox: WiPay's test environment (account 1234567890, key 123). */
  environment: z.enum(['sandbox', 'live']),
  /** Who pays WiPay's fee: the customer (added to the total they pay), the merchant, or half each. */
  fee_structure: z.enum(['customer_pay', 'merchant_absorb', 'split']),
  /** The WiPay platform the account is on: JM (Jamaica), TT (Trinidad and Tobago). */
  country_code: z.enum(['JM', 'TT']),
  api_key_set: z.boolean(),
});

export const paymentSettingsSchema = z.object({
  provider: paymentProviderSchema,
  label: z.string(),
  currency: z.string(),
  /** Providers this server offers (the test provider is off in production unless the config allows it). */
  available: z.array(paymentProviderSchema),
  wipay: wipaySettingsSchema,
});
export type PaymentSettings = z.infer<typeof paymentSettingsSchema>;

export const updatePaymentSettingsBodySchema = z.object({
  provider: paymentProviderSchema,
  /** What customers read on the button's page ("Pay by card"); empty = the provider's name. */
  label: text().trim().max(60).default(''),
  wipay: z
    .object({
      account_number: text().trim().max(40).default(''),
      environment: z
        .enum(['sandbox', 'live'], { error: () => tr(msg`Choose sandbox or live`) })
        .default('sandbox'),
      fee_structure: z
        .enum(['customer_pay', 'merchant_absorb', 'split'], { error: () => tr(msg`Choose who pays the fee`) })
        .default('customer_pay'),
      country_code: z.enum(['JM', 'TT'], { error: () => tr(msg`Choose JM or TT`) }).default('JM'),
      /** Write-only: left out, the stored key stays; "" removes it. */
      api_key: text().trim().max(200).optional(),
    })
    .optional(),
});
export type UpdatePaymentSettingsBody = z.input<typeof updatePaymentSettingsBodySchema>;

/** The test provider's form: a card number, or `close` / `cancel`. */
export const testPayBodySchema = z.object({
  card_number: text().max(40).optional(),
  close: z.enum(['1']).optional(),
  cancel: z.enum(['1']).optional(),
});

/** The schemas of each call in `payments.calls.ts`. */
export const paymentSchemas = {
  options: { response: paymentOptionsSchema },
  checkout: { body: checkoutBodySchema, response: checkoutResultSchema },
  attempt: { params: uuidParamSchema, response: paymentAttemptSchema },
  attempts: { query: attemptListQuerySchema, response: paginated(paymentAttemptSchema) },
  return: { params: returnParamsSchema, query: returnQuerySchema },
  testPage: { params: uuidParamSchema },
  testPay: { params: uuidParamSchema, body: testPayBodySchema },
  settings: { response: paymentSettingsSchema },
  updateSettings: { body: updatePaymentSettingsBodySchema, response: paymentSettingsSchema },
};
