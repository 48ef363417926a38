import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { say } from './i18n';
import { text } from './text';

const customerRefSchema = z.object({ id: z.uuid(), name: z.string(), mailbox_number: z.string() });
export type CustomerRef = z.infer<typeof customerRefSchema>;

/** Why a package or pre-alert is suggested: the same customer, a similar tracking number, or the same seller soon after. */
export const matchReasons = ['same_customer', 'tracking', 'seller'] as const;
const matchReasonSchema = z.enum(matchReasons);

export const queuePackageSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  seller_name: z.string(),
  description: z.string(),
  received_at: z.string().nullable(),
  /** Null: Unassigned. */
  customer: customerRefSchema.nullable(),
  consignee_hint: z.string(),
});
export type QueuePackage = z.infer<typeof queuePackageSchema>;

export const queuePrealertSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  seller_name: z.string(),
  description: z.string(),
  created_at: z.string(),
  customer: customerRefSchema,
});
export type QueuePrealert = z.infer<typeof queuePrealertSchema>;

export const unmatchedPrealertSchema = queuePrealertSchema.extend({
  suggestions: z.array(queuePackageSchema.extend({ reason: matchReasonSchema })),
});
export type UnmatchedPrealert = z.infer<typeof unmatchedPrealertSchema>;

export const packageWithoutPrealertSchema = queuePackageSchema.extend({
  suggestions: z.array(queuePrealertSchema.extend({ reason: matchReasonSchema })),
});
export type PackageWithoutPrealert = z.infer<typeof packageWithoutPrealertSchema>;

export const queueQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
});

export const matchBodySchema = z.object({ package_id: z.uuid(say(msg`Choose the package`)) });
export type MatchBody = z.input<typeof matchBodySchema>;

export const cancelBodySchema = z.object({
  reason: text().trim().min(3, say(msg`Say why (the customer sees it)`)).max(500),
});
export type CancelBody = z.input<typeof cancelBodySchema>;

export const matchReplySchema = z.object({
  prealert_id: z.uuid(),
  status: z.enum(['matched', 'cancelled']),
  package_id: z.uuid().nullable(),
  customer: customerRefSchema,
});
export type MatchReply = z.infer<typeof matchReplySchema>;

/** The schemas of each call in `matching.calls.ts`. */
export const matchingSchemas = {
  unmatched: { query: queueQuerySchema, response: paginated(unmatchedPrealertSchema) },
  withoutPrealert: { query: queueQuerySchema, response: paginated(packageWithoutPrealertSchema) },
  match: { params: uuidParamSchema, body: matchBodySchema, response: matchReplySchema },
  cancel: { params: uuidParamSchema, body: cancelBodySchema, response: matchReplySchema },
};
