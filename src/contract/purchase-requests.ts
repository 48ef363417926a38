import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { say, tr } from './i18n';
import { text } from './text';

export const PRODUCT_URL_MAX = 2000;

/**
 * Why a product link is refused, or null when it is fine: an absolute http(s) URL of a named site, without user
 * name or password. The server stores the link and never fetches it.
 */
export function productUrlProblem(raw: string): string | null {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    return tr(msg`Paste the full link of the product, starting with https://`);
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:')
    return tr(msg`Only http and https links are accepted`);
  if (url.username || url.password) return tr(msg`Links with a user name or password are not accepted`);
  if (!url.hostname.includes('.')) return tr(msg`Paste the link of the store’s product page`);
  return null;
}

export const productUrlSchema = text({ error: () => tr(msg`Paste the product link`) })
  .trim()
  .min(1, say(msg`Paste the product link`))
  .max(PRODUCT_URL_MAX, say(msg`Links are at most ${{ max: PRODUCT_URL_MAX }} characters`))
  .superRefine((v, ctx) => {
    const problem = productUrlProblem(v);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  })
  .transform((v) => new URL(v).href);

export const purchaseRequestStatuses = [
  'requested',
  'quoted',
  'awaiting_payment',
  'paid',
  'purchased',
  'cancelled',
  'quote_expired',
] as const;
export const purchaseRequestStatusSchema = z.enum(purchaseRequestStatuses);
export type PurchaseRequestStatus = z.infer<typeof purchaseRequestStatusSchema>;

/**
 * A request to buy something for the customer. `estimated_price_cents` is the customer's estimate in US cents;
 * the quote (`quoted_total_cents`) is in `quote_currency` (the company's). The customer may delete it while
 * `requested`.
 */
export const purchaseRequestSchema = z.object({
  id: z.uuid(),
  product_url: z.string(),
  store: z.string(),
  item_name: z.string(),
  quantity: z.number().int(),
  options: z.string(),
  estimated_price_cents: z.number().int().nullable(),
  estimated_currency: z.literal('USD'),
  notes: z.string(),
  status: purchaseRequestStatusSchema,
  quoted_total_cents: z.number().int().nullable(),
  quote_currency: z.string(),
  quote_note: z.string(),
  quoted_at: z.string().nullable(),
  quote_expires_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  customer: z.object({ id: z.uuid(), name: z.string(), mailbox_number: z.string() }),
});
export type PurchaseRequest = z.infer<typeof purchaseRequestSchema>;

export const createPurchaseRequestBodySchema = z.object({
  product_url: productUrlSchema,
  /** Defaults to the link's site name (e.g. amazon.com). */
  store: text().trim().max(100).optional(),
  item_name: text().trim().min(2, say(msg`Name the item`)).max(200),
  quantity: z
    .number({ error: () => tr(msg`Enter a quantity`) })
    .int(say(msg`Use a whole number`))
    .min(1, say(msg`At least 1`))
    .max(99, say(msg`At most 99`)),
  options: text().trim().max(300).default(''),
  estimated_price_cents: z
    .number()
    .int(say(msg`Amounts are whole cents`))
    .min(0, say(msg`Amounts cannot be negative`))
    .max(100_000_000, say(msg`The amount is too large`))
    .nullish(),
  notes: text().trim().max(1000).default(''),
});
export type CreatePurchaseRequestBody = z.input<typeof createPurchaseRequestBodySchema>;

export const purchaseRequestListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  status: purchaseRequestStatusSchema.optional(),
});

/** Staff: quote a request (requested, quoted or quote_expired → quoted). */
export const quotePurchaseRequestBodySchema = z.object({
  quoted_total_cents: z
    .number({ error: () => tr(msg`Enter the quote in cents`) })
    .int(say(msg`Amounts are whole cents`))
    .positive(say(msg`Enter the quote`))
    .max(1_000_000_000, say(msg`The amount is too large`)),
  valid_days: z.number().int().min(1).max(60).default(7),
  note: text().trim().max(500).default(''),
});
export type QuotePurchaseRequestBody = z.input<typeof quotePurchaseRequestBodySchema>;

/** The schemas of each call in `purchase-requests.calls.ts`. */
export const purchaseRequestSchemas = {
  list: { query: purchaseRequestListQuerySchema, response: paginated(purchaseRequestSchema) },
  create: { body: createPurchaseRequestBodySchema, response: purchaseRequestSchema },
  remove: { params: uuidParamSchema, response: z.null() },
  quote: { params: uuidParamSchema, body: quotePurchaseRequestBodySchema, response: purchaseRequestSchema },
};
