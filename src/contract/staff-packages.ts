import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { BULK_MAX, PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, staffPackageSorts } from './constants';
import { uuidParamSchema } from './envelope';
import { say, tr } from './i18n';
import { checkHold, holdFields, packageHoldSchema } from './package-hold';
import { fileSchema, packageEventSchema, prealertSchema, trackingNumberSchema } from './packages';
import { packageStatusCodeSchema } from './reference';
import { storageCountdownSchema } from './storage-schemas';
import { INT32_MAX, text } from './text';

const isoDate = z.iso.date(say(msg`Use a date like 2026-11-21`));
const flag = z.enum(['1', '0', 'true', 'false']).transform((v) => v === '1' || v === 'true');

/** The filters of the staff list (and of its CSV export). */
export const staffPackageFilterSchema = z.object({
  /** Tracking number, mailbox number, customer name or email. */
  q: text().trim().max(100).optional(),
  status: packageStatusCodeSchema.optional(),
  /** A shipment's id, or `none` for packages in no shipment. */
  shipment: z.union([z.literal('none'), z.uuid(say(msg`Not a shipment id`))]).optional(),
  /** Received on or after / on or before (UTC dates). */
  from: isoDate.optional(),
  to: isoDate.optional(),
  unassigned: flag.optional(),
  prealert: z.enum(['yes', 'no']).optional(),
  /** On hold: a customs hold flag or the on_hold status. */
  hold: flag.optional(),
  sort: z.enum(staffPackageSorts).default('newest'),
});
export type StaffPackageFilter = z.output<typeof staffPackageFilterSchema>;

export const staffPackageListQuerySchema = staffPackageFilterSchema.extend({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** As on the customer's list: '1' counts the matches, '0' does not; by default only the first page counts. */
  count: z.enum(['0', '1']).optional(),
});
export type StaffPackageListQuery = z.output<typeof staffPackageListQuerySchema>;

export const staffOwnerSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  mailbox_number: z.string(),
});

/** One line of the staff list: what a clerk scans for. */
export const staffPackageRowSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  description: z.string(),
  shipper: z.string(),
  carrier: z.string(),
  status: packageStatusCodeSchema,
  status_name: z.string(),
  weight: z.string(),
  pieces: z.number().int(),
  declared_value_cents: z.number().int(),
  /** Null: Unassigned (`consignee_hint` says what the label read). */
  owner: staffOwnerSchema.nullable(),
  consignee_hint: z.string(),
  shipment: z.object({ id: z.uuid(), reference: z.string() }).nullable(),
  has_prealert: z.boolean(),
  fragile: z.boolean(),
  hazardous: z.boolean(),
  signature_required: z.boolean(),
  customs_hold: z.boolean(),
  /** Why it is On hold (contract/package-hold.ts); null unless On hold. */
  hold: packageHoldSchema.nullable(),
  received_at: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type StaffPackageRow = z.infer<typeof staffPackageRowSchema>;

export const staffPackagePageSchema = z.object({
  items: z.array(staffPackageRowSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** The matches, up to PACKAGE_COUNT_CAP; null when this page was not counted (see `count` in the query). */
  total: z.number().int().nullable(),
  /** true when there are more matches than the count cap and `total` is that cap (false when not counted). */
  total_capped: z.boolean(),
});
export type StaffPackagePage = z.infer<typeof staffPackagePageSchema>;

export const staffReceiptSchema = z.object({
  id: z.uuid(),
  kind: z.enum(['document', 'photo']),
  file: fileSchema,
  uploaded_by: z.string(),
  created_at: z.string(),
});

export const staffPackageDetailSchema = staffPackageRowSchema.extend({
  seller_name: z.string(),
  house_awb: z.string(),
  package_type: z.string(),
  length: z.string(),
  width: z.string(),
  height: z.string(),
  delivered_at: z.string().nullable(),
  received_by: z.string().nullable(),
  events: z.array(packageEventSchema),
  photos: z.array(staffReceiptSchema),
  documents: z.array(staffReceiptSchema),
  prealert: prealertSchema.nullable(),
  invoice: z.object({ id: z.uuid(), number: z.string(), status: z.string() }).nullable(),
  /** Its storage while it waits at the counter (contract/storage.ts); null otherwise or when storage is free. */
  storage: storageCountdownSchema.nullable(),
});
export type StaffPackageDetail = z.infer<typeof staffPackageDetailSchema>;

const measure = (label: MessageDescriptor, max: number) =>
  z
    .number({ error: () => tr(msg`${{ label: tr(label) }} must be a number`) })
    .min(0, say(msg`${{ label: tr(label) }} cannot be negative`))
    .max(max, say(msg`${{ label: tr(label) }} is too large`));

/** Every field staff may change; only those sent change. */
export const staffPackageUpdateSchema = z
  .object({
    description: text().trim().max(500),
    seller_name: text().trim().max(120),
    shipper: text().trim().max(60),
    carrier: text().trim().max(60),
    house_awb: text().trim().max(60),
    package_type: text().trim().max(30),
    consignee_hint: text().trim().max(200),
    weight: measure(msg`Weight`, 2000),
    length: measure(msg`Length`, 500),
    width: measure(msg`Width`, 500),
    height: measure(msg`Height`, 500),
    pieces: z.number().int(say(msg`Pieces is a whole number`)).min(1, say(msg`At least 1 piece`)).max(9999),
    declared_value_cents: z.number().int().min(0, say(msg`The value cannot be negative`)).max(INT32_MAX),
    fragile: z.boolean(),
    hazardous: z.boolean(),
    signature_required: z.boolean(),
    customs_hold: z.boolean(),
    /** Why (kept on the audit entry). */
    note: text().trim().max(300),
  })
  .partial();
export type StaffPackageUpdate = z.input<typeof staffPackageUpdateSchema>;

export const assignBodySchema = z.object({
  customer_id: z.uuid(say(msg`Choose a customer`)),
  note: text().trim().max(300).default(''),
});

/** The pre-alert by id, or by its tracking number (as the customer typed it: often not quite the parcel's). */
export const linkPrealertBodySchema = z
  .object({
    prealert_id: z.uuid(say(msg`Choose a pre-alert`)).optional(),
    tracking_number: trackingNumberSchema.optional(),
  })
  .refine((b) => b.prealert_id || b.tracking_number, {
    error: () => tr(msg`Enter the pre-alert’s tracking number`),
    path: ['tracking_number'],
  });
export type LinkPrealertBody = z.input<typeof linkPrealertBodySchema>;

const ids = z
  .array(z.uuid(say(msg`Not a package id`)))
  .min(1, say(msg`Select at least one package`))
  .max(BULK_MAX, say(msg`At most ${{ max: BULK_MAX }} packages at once`));

export const bulkBodySchema = z.discriminatedUnion(
  'action',
  [
    z
      .object({
        action: z.literal('status'),
        ids,
        status: packageStatusCodeSchema,
        note: text().trim().max(300).default(''),
        ...holdFields,
      })
      .superRefine(checkHold),
    z.object({ action: z.literal('shipment'), ids, shipment_id: z.uuid(say(msg`Choose a shipment`)) }),
    z.object({ action: z.literal('assign'), ids, customer_id: z.uuid(say(msg`Choose a customer`)) }),
  ],
  { error: () => tr(msg`Choose an action: status, shipment or assign`) },
);
export type BulkBody = z.input<typeof bulkBodySchema>;

export const bulkResultSchema = z.object({
  /** Packages the action changed (those already so are left alone and not counted). */
  updated: z.number().int(),
  /** Customers notified (one notification each). */
  notified: z.number().int(),
});

/** The schemas of each call in `staff-packages.calls.ts`. */
export const staffPackageSchemas = {
  list: { query: staffPackageListQuerySchema, response: staffPackagePageSchema },
  exportCsv: { query: staffPackageFilterSchema },
  one: { params: uuidParamSchema, response: staffPackageDetailSchema },
  update: { params: uuidParamSchema, body: staffPackageUpdateSchema, response: staffPackageDetailSchema },
  assign: { params: uuidParamSchema, body: assignBodySchema, response: staffPackageDetailSchema },
  linkPrealert: { params: uuidParamSchema, body: linkPrealertBodySchema, response: staffPackageDetailSchema },
  unlinkPrealert: { params: uuidParamSchema, response: staffPackageDetailSchema },
  bulk: { body: bulkBodySchema, response: bulkResultSchema },
};
