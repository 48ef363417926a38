import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import {
  FILE_TYPES,
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  packageSorts,
  prealertStatuses,
} from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { say, tr } from './i18n';
import { checkHold, holdFields, packageHoldSchema } from './package-hold';
import { packageStatusCodeSchema } from './reference';
import { storageCountdownSchema } from './storage-schemas';
import { text } from './text';

/** Tracking numbers as carriers print them, normalised: trimmed, no spaces, upper case. */
export function normaliseTrackingNumber(raw: string): string {
  return raw.replace(/\s+/g, '').toUpperCase();
}

export const trackingNumberSchema = text()
  .transform(normaliseTrackingNumber)
  .pipe(
    z
      .string()
      .min(5, say(msg`A tracking number has at least 5 characters`))
      .max(40, say(msg`A tracking number has at most 40 characters`))
      .regex(/^[A-Z0-9-]+$/, say(msg`Use only letters, digits and dashes`)),
  );

export const fileSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
  /** Authenticated download path (bearer required). */
  url: z.string(),
});
export type FileInfo = z.infer<typeof fileSchema>;

export const fileAccept = Object.keys(FILE_TYPES);

export const packageTypes = ['parcel', 'envelope', 'box', 'pallet', 'barrel', 'other'] as const;
export const packageTypeSchema = z.enum(packageTypes, { error: () => tr(msg`Choose the package type`) });

const decimal = (label: MessageDescriptor, max: number) =>
  z.coerce
    .number({ error: () => tr(msg`${{ label: tr(label) }} must be a number`) })
    .min(0, say(msg`${{ label: tr(label) }} cannot be negative`))
    .max(max, say(msg`${{ label: tr(label) }} is too large`));

/** Multipart fields of POST /v1/peralert (files travel beside them as `files`). Numbers arrive as strings. */
export const prealertFieldsSchema = z.object({
  tracking_number: trackingNumberSchema,
  seller_name: text().trim().min(1, say(msg`Enter the seller or store`)).max(120),
  description: text().trim().min(2, say(msg`Describe the contents`)).max(500),
  weight: decimal(msg`Weight`, 2000).refine((v) => v > 0, say(msg`Enter the weight in pounds`)),
  value: decimal(msg`Value`, 1_000_000).refine((v) => v > 0, say(msg`Enter the value in US dollars`)),
  package_type: packageTypeSchema,
  height: decimal(msg`Height`, 500).default(0),
  length: decimal(msg`Length`, 500).default(0),
  width: decimal(msg`Width`, 500).default(0),
});
export type PrealertFields = z.input<typeof prealertFieldsSchema>;

export const prealertSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  seller_name: z.string(),
  description: z.string(),
  weight: z.string(),
  value_cents: z.number().int(),
  currency: z.string(),
  package_type: z.string(),
  height: z.string(),
  length: z.string(),
  width: z.string(),
  status: z.enum(prealertStatuses),
  package_id: z.uuid().nullable(),
  files: z.array(fileSchema),
  created_at: z.string(),
  matched_at: z.string().nullable(),
  cancelled_at: z.string().nullable(),
  /** Why staff cancelled it (empty when the customer cancelled it or it is not cancelled). */
  cancel_reason: z.string(),
});
export type Prealert = z.infer<typeof prealertSchema>;

export const prealertListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  status: z.enum(prealertStatuses).optional(),
  /** Part of the tracking number, the description or the seller (case-insensitive). */
  q: text().trim().max(100).optional(),
  /**
   * '1': only pending pre-alerts no package stands for yet (the parcel is not received): what "My packages" shows
   * as pre-alerted beside the packages, and what the counts add to "Pre-alerted".
   */
  awaiting: z.enum(['1']).optional(),
});
export type PrealertListQuery = z.output<typeof prealertListQuerySchema>;

export const packageEventSchema = z.object({
  id: z.number().int(),
  status: packageStatusCodeSchema,
  status_name: z.string(),
  note: z.string(),
  actor: z.string().nullable().describe('who made the change: a name for staff, null for the system'),
  created_at: z.string(),
});

export const receiptSchema = z.object({
  id: z.uuid(),
  package_id: z.uuid(),
  /** A receipt or invoice someone attached, or the warehouse's photo of the parcel (only staff remove those). */
  kind: z.enum(['document', 'photo']),
  file: fileSchema,
  uploaded_by: z.string(),
  created_at: z.string(),
});
export type Receipt = z.infer<typeof receiptSchema>;

export const packageSummarySchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  description: z.string(),
  seller_name: z.string(),
  shipper: z.string(),
  weight: z.string(),
  length: z.string(),
  width: z.string(),
  height: z.string(),
  declared_value_cents: z.number().int(),
  status: packageStatusCodeSchema,
  status_name: z.string(),
  received_at: z.string().nullable(),
  delivered_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  /** Null while the parcel is Unassigned (staff only: a customer never sees such a package). */
  owner: z.object({ id: z.uuid(), name: z.string(), mailbox_number: z.string() }).nullable(),
  /** Its storage while it waits at the counter (contract/storage.ts); null otherwise or when storage is free. */
  storage: storageCountdownSchema.nullable(),
  /** Why it is On hold and what the customer can do (contract/package-hold.ts); null unless On hold. */
  hold: packageHoldSchema.nullable(),
});
export type PackageSummary = z.infer<typeof packageSummarySchema>;

export const packageDetailSchema = packageSummarySchema.extend({
  events: z.array(packageEventSchema),
  receipts: z.array(receiptSchema),
  prealert: prealertSchema.nullable(),
});
export type PackageDetail = z.infer<typeof packageDetailSchema>;

const isoDate = z.iso.date(say(msg`Use a date like 2026-11-21`));
export const packageListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  q: text().trim().max(100).optional(),
  status: packageStatusCodeSchema.optional(),
  from: isoDate.optional(),
  to: isoDate.optional(),
  sort: z.enum(packageSorts).default('newest'),
  /**
   * '1' counts the matches, '0' does not; by default only the first page counts. Counting costs more than the page
   * itself, and a client paging on already knows the total from the first page.
   */
  count: z.enum(['0', '1']).optional(),
});
export type PackageListQuery = z.input<typeof packageListQuerySchema>;

/** Totals are exact up to this many; past it the list says "2,000+" rather than counting a million rows. */
export const PACKAGE_COUNT_CAP = 2_000;
export const packagePageSchema = z.object({
  items: z.array(packageSummarySchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The matches, up to PACKAGE_COUNT_CAP; null when this page was not counted (see `count` in the query). */
  total: z.number().int().nullable(),
  /** true when there are more than PACKAGE_COUNT_CAP matches and `total` is that cap (false when not counted). */
  total_capped: z.boolean(),
});
export type PackagePage = z.infer<typeof packagePageSchema>;

export const packageCountsSchema = z.object({
  /** Packages, plus (for a customer) the pre-alerts still awaiting their parcel. */
  total: z.number().int(),
  /** Per status code; a customer's `pre_alerted` includes the awaiting pre-alerts. */
  by_status: z.record(z.string(), z.number().int()),
  /** Of those, pre-alerts no package stands for yet (a customer's own; 0 for staff). */
  awaiting_prealerts: z.number().int(),
});

/** A status change; a move to On hold says why (`hold_reason`, contract/package-hold.ts). */
export const packageStatusBodySchema = z
  .object({
    status: packageStatusCodeSchema,
    note: text().trim().max(300).default(''),
    ...holdFields,
  })
  .superRefine(checkHold);
export type PackageStatusBody = z.output<typeof packageStatusBodySchema>;

/** Multipart fields of POST /v1/packagereceipts. `update_by` may only name the caller (it comes from the token). */
export const receiptFieldsSchema = z.object({
  package_id: z.uuid(say(msg`Not a valid package id`)),
  update_by: text().max(100).optional(),
});

/** The schemas of each call in `packages.calls.ts`. */
export const packageSchemas = {
  list: { query: packageListQuerySchema, response: packagePageSchema },
  counts: { response: packageCountsSchema },
  one: { params: uuidParamSchema, response: packageDetailSchema },
  changeStatus: { params: uuidParamSchema, body: packageStatusBodySchema, response: packageDetailSchema },
};

/** The schemas of each call in `packages.calls.ts`. */
export const prealertSchemas = {
  create: { form: prealertFieldsSchema, response: prealertSchema },
  list: { query: prealertListQuerySchema, response: paginated(prealertSchema) },
  cancel: { params: uuidParamSchema, response: prealertSchema },
};

/** The schemas of each call in `packages.calls.ts`. */
export const receiptSchemas = {
  create: { form: receiptFieldsSchema, response: z.array(receiptSchema) },
  remove: { params: uuidParamSchema, response: z.null() },
  file: { params: uuidParamSchema, query: z.object({ download: z.enum(['0', '1']).optional() }) },
};
