import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { uuidParamSchema } from './envelope';
import { say, tr } from './i18n';
import { packageDetailSchema, packageTypeSchema, trackingNumberSchema } from './packages';
import { text } from './text';

/** How long after a receipt its clerk (or an admin) may undo it. */
export const UNDO_RECEIVE_MINUTES = 10;
/** The most rows one CSV import takes. */
export const IMPORT_ROWS_MAX = 5_000;

/** A form field left empty arrives as '' and means "not given". */
const blank = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optionalText = (max: number) => z.preprocess(blank, text().trim().max(max).optional());
const measure = (label: MessageDescriptor, max: number) =>
  z.preprocess(
    blank,
    z.coerce
      .number({ error: () => tr(msg`${{ label: tr(label) }} must be a number`) })
      .min(0, say(msg`${{ label: tr(label) }} cannot be negative`))
      .max(max, say(msg`${{ label: tr(label) }} is too large`))
      .optional(),
  );
const flag = z.preprocess(
  (v) => (typeof v === 'string' ? ['true', '1', 'on', 'yes'].includes(v.trim().toLowerCase()) : v),
  z.boolean().default(false),
);

/** Multipart fields of a receipt (the photo travels beside them as `photo`). Numbers arrive as strings. */
export const receiveFieldsSchema = z.object({
  tracking_number: trackingNumberSchema,
  weight: z.preprocess(
    blank,
    z.coerce
      .number({ error: () => tr(msg`Weight must be a number`) })
      .positive(say(msg`Enter the weight in pounds`))
      .max(2000, say(msg`Weight is too large`)),
  ),
  length: measure(msg`Length`, 500),
  width: measure(msg`Width`, 500),
  height: measure(msg`Height`, 500),
  mailbox_number: z.preprocess(blank, text().trim().toUpperCase().max(20).optional()),
  /** The consignee as the label names them: an email or a full name. */
  consignee: optionalText(120),
  shipper: optionalText(60),
  carrier: optionalText(60),
  seller_name: optionalText(120),
  description: optionalText(500),
  declared_value: measure(msg`Declared value`, 1_000_000),
  package_type: z.preprocess(blank, packageTypeSchema.optional()),
  pieces: z.preprocess(
    blank,
    z.coerce
      .number({ error: () => tr(msg`Pieces must be a number`) })
      .int(say(msg`Pieces is a whole number`))
      .min(1, say(msg`At least 1 piece`))
      .max(999, say(msg`At most 999 pieces`))
      .optional(),
  ),
  house_awb: optionalText(40),
  fragile: flag,
  hazardous: flag,
  signature_required: flag,
  customs_hold: flag,
  note: optionalText(300),
});
export type ReceiveFields = z.input<typeof receiveFieldsSchema>;
export type ReceiveInput = z.output<typeof receiveFieldsSchema>;

/** How the customer of a receipt was found. */
export const customerMatches = ['mailbox', 'email', 'name', 'prealert'] as const;
export type CustomerMatch = (typeof customerMatches)[number];

export const matchedSchema = z.object({
  /** How the customer was found; null: the parcel is Unassigned. */
  customer: z.enum(customerMatches).nullable(),
  /** The pre-alert the parcel matched (now locked), if any. */
  prealert_id: z.uuid().nullable(),
});
export type Matched = z.infer<typeof matchedSchema>;

export const receivedSchema = packageDetailSchema.extend({ matched: matchedSchema });
export type Received = z.infer<typeof receivedSchema>;

export const lookupQuerySchema = z.object({
  tracking_number: z.preprocess(blank, text().max(60).optional()),
  mailbox_number: z.preprocess(blank, text().trim().toUpperCase().max(20).optional()),
  consignee: z.preprocess(blank, text().trim().max(120).optional()),
});

const customerRefSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  email: z.string(),
  mailbox_number: z.string(),
});
export type CustomerRef = z.infer<typeof customerRefSchema>;

export const lookupSchema = z.object({
  /** The normalised tracking number (null when what was typed is not one yet). */
  tracking_number: z.string().nullable(),
  customer: customerRefSchema.extend({ how: z.enum(customerMatches) }).nullable(),
  /** A pending pre-alert with this tracking number (of any customer of the company). */
  prealert: z
    .object({
      id: z.uuid(),
      customer: customerRefSchema,
      seller_name: z.string(),
      description: z.string(),
      weight: z.string(),
      value_cents: z.number().int(),
      package_type: z.string(),
      length: z.string(),
      width: z.string(),
      height: z.string(),
    })
    .nullable(),
  /** A package already received with this tracking number. */
  existing: z
    .object({ id: z.uuid(), status_name: z.string(), received_at: z.string().nullable() })
    .nullable(),
});
export type Lookup = z.infer<typeof lookupSchema>;

export const recentItemSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  /** The customer's name and mailbox, or what the label said for an Unassigned parcel. */
  customer: z.string(),
  unassigned: z.boolean(),
  prealert_matched: z.boolean(),
  weight: z.string(),
  received_at: z.string(),
  /** Until when "undo" is allowed for the caller; null when it is not (any more). */
  undo_until: z.string().nullable(),
});
export type RecentItem = z.infer<typeof recentItemSchema>;

export const recentSchema = z.object({
  /** Parcels received today (UTC) by the caller and by the whole company. */
  today_mine: z.number().int(),
  today_company: z.number().int(),
  items: z.array(recentItemSchema),
});
export type Recent = z.infer<typeof recentSchema>;

/** The columns an import knows: each row's field, as a receipt's. */
export const importFields = [
  'tracking_number',
  'mailbox_number',
  'consignee',
  'email',
  'shipper',
  'carrier',
  'house_awb',
  'description',
  'pieces',
  'value',
  'weight',
  'length',
  'width',
  'height',
  'date_received',
  'on_hold',
] as const;
export type ImportField = (typeof importFields)[number];

const csvSchema = text()
  .min(1, say(msg`The file is empty`))
  .max(8 * 1024 * 1024, say(msg`The file is larger than 8 MB`));
/** Which header each field is read from (as the preview guessed it, or as the clerk chose). */
const mappingSchema = z.partialRecord(z.enum(importFields), text().max(200));

export const importPreviewBodySchema = z.object({ csv: csvSchema, mapping: mappingSchema.optional() });
export type ImportPreviewBody = z.input<typeof importPreviewBodySchema>;

export const importConfirmBodySchema = z.object({
  csv: csvSchema,
  mapping: mappingSchema.optional(),
  /** 1-based data row numbers to import (the header is row 0). */
  rows: z
    .array(z.number().int().min(1).max(1_000_000))
    .min(1, say(msg`Choose at least one row`))
    .max(IMPORT_ROWS_MAX),
});
export type ImportConfirmBody = z.input<typeof importConfirmBodySchema>;

export const importRowSchema = z.object({
  row: z.number().int(),
  valid: z.boolean(),
  /** Why the row cannot be imported (empty when valid). */
  errors: z.array(z.string()),
  tracking_number: z.string(),
  customer: customerRefSchema.extend({ how: z.enum(customerMatches) }).nullable(),
  consignee: z.string(),
  prealert_id: z.uuid().nullable(),
  /** The row as read, by field (what the invalid-rows download repeats). */
  values: z.record(z.string(), z.string()),
});
export type ImportRow = z.infer<typeof importRowSchema>;

export const importPreviewSchema = z.object({
  headers: z.array(z.string()),
  mapping: z.record(z.string(), z.string()),
  rows: z.array(importRowSchema),
  valid: z.number().int(),
  invalid: z.number().int(),
});
export type ImportPreview = z.infer<typeof importPreviewSchema>;

export const importResultSchema = z.object({
  imported: z.number().int(),
  package_ids: z.array(z.uuid()),
  skipped: z.array(z.object({ row: z.number().int(), tracking_number: z.string(), reason: z.string() })),
});
export type ImportResult = z.infer<typeof importResultSchema>;

/** The schemas of each call in `intake.calls.ts`. */
export const intakeSchemas = {
  receive: { form: receiveFieldsSchema, response: receivedSchema },
  lookup: { query: lookupQuerySchema, response: lookupSchema },
  recent: { response: recentSchema },
  undo: { params: uuidParamSchema, response: z.object({ id: z.uuid(), prealert_id: z.uuid().nullable() }) },
  importPreview: { body: importPreviewBodySchema, response: importPreviewSchema },
  importConfirm: { body: importConfirmBodySchema, response: importResultSchema },
};
