import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { say, tr } from './i18n';
import { text } from './text';

export const pointsKinds = [
  'welcome',
  'invoice_paid',
  'prealert_bonus',
  'prealert_bonus_reversed',
  'redemption',
  'adjustment',
] as const;
export const pointsKindSchema = z.enum(pointsKinds);
export type PointsKind = z.infer<typeof pointsKindSchema>;

/** One entry of the append-only points ledger; the balance is the sum of all entries. */
export const pointsEntrySchema = z.object({
  id: z.number().int(),
  points: z.number().int().describe('positive when earned, negative when spent or reversed'),
  kind: pointsKindSchema,
  reason: z.string(),
  reference: z.string().nullable(),
  /** The reference as people read it ("Invoice INV-2026-0042", "Pre-alert 1Z999…"); null when there is none. */
  reference_label: z.string().nullable().optional(),
  /** The invoice the entry is about, to link to it. */
  invoice_id: z.uuid().nullable().optional(),
  /** The balance right after this entry. */
  balance_after: z.number().int(),
  created_at: z.string(),
});
export type PointsEntry = z.infer<typeof pointsEntrySchema>;

export const pointsPageSchema = z.object({
  balance: z.number().int(),
  items: z.array(pointsEntrySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  /** What points are worth and how they are earned, from the company's settings. */
  rules: z
    .object({
      currency: z.string(),
      point_value_cents: z.number().int(),
      cents_per_point: z.number().int(),
      prealert_bonus: z.number().int(),
    })
    .optional(),
});
export type PointsPage = z.infer<typeof pointsPageSchema>;

export const pointsListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

/** Staff: add or take points (a redemption or a correction). A deduction past the balance is refused (409). */
export const pointsAdjustBodySchema = z.object({
  user_id: z.uuid(say(msg`Choose the customer`)),
  points: z
    .number({ error: () => tr(msg`Enter the points`) })
    .int(say(msg`Use a whole number`))
    .min(-1_000_000)
    .max(1_000_000)
    .refine((v) => v !== 0, say(msg`Enter a number other than 0`)),
  kind: z.enum(['redemption', 'adjustment']).default('adjustment'),
  reason: text().trim().min(2, say(msg`Say why`)).max(200),
});
export type PointsAdjustBody = z.input<typeof pointsAdjustBodySchema>;

export const pointsAdjustReplySchema = z.object({ entry: pointsEntrySchema, balance: z.number().int() });

/** The schemas of each call in `points.calls.ts`. */
export const pointsSchemas = {
  list: { query: pointsListQuerySchema, response: pointsPageSchema },
  adjust: { body: pointsAdjustBodySchema, response: pointsAdjustReplySchema },
};
