import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import {
  PAGE_MAX,
  PAGE_SIZE_DEFAULT,
  PAGE_SIZE_MAX,
  SHIPMENT_ADD_MAX,
  shipmentModes,
  shipmentSteps,
} from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { say, tr } from './i18n';
import { trackingNumberSchema } from './packages';
import { staffPackageRowSchema } from './staff-packages';
import { text } from './text';

export const shipmentSchema = z.object({
  id: z.uuid(),
  reference: z.string(),
  mode: z.enum(shipmentModes),
  /** `open` until first advanced; then the package status it last moved its packages to. */
  status: z.string(),
  status_name: z.string(),
  departs_on: z.string().nullable(),
  note: z.string(),
  package_count: z.number().int(),
  pieces: z.number().int(),
  /** Pounds, two decimals. */
  weight: z.string(),
  value_cents: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Shipment = z.infer<typeof shipmentSchema>;

export const shipmentDetailSchema = shipmentSchema.extend({ packages: z.array(staffPackageRowSchema) });
export type ShipmentDetail = z.infer<typeof shipmentDetailSchema>;

export const shipmentListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  q: text().trim().max(60).optional(),
});

const reference = text()
  .trim()
  .min(2, say(msg`Enter a reference (e.g. the master AWB or the container number)`))
  .max(40, say(msg`At most 40 characters`));
const departsOn = z.iso.date(say(msg`Use a date like 2026-11-21`)).nullable();

export const shipmentCreateSchema = z.object({
  reference,
  mode: z.enum(shipmentModes, { error: () => tr(msg`Choose air or sea`) }),
  departs_on: departsOn.optional(),
  note: text().trim().max(500).default(''),
});
export type ShipmentCreate = z.input<typeof shipmentCreateSchema>;

export const shipmentUpdateSchema = z
  .object({
    reference,
    mode: z.enum(shipmentModes, { error: () => tr(msg`Choose air or sea`) }),
    departs_on: departsOn,
    note: text().trim().max(500),
  })
  .partial();

export const addPackagesSchema = z
  .object({
    ids: z
      .array(z.uuid(say(msg`Not a package id`)))
      .max(SHIPMENT_ADD_MAX)
      .default([]),
    tracking_numbers: z.array(trackingNumberSchema).max(SHIPMENT_ADD_MAX).default([]),
    /** Take packages out of the shipment they are in. */
    move: z.boolean().default(false),
  })
  .refine((b) => b.ids.length + b.tracking_numbers.length > 0, {
    error: () => tr(msg`Scan or type at least one tracking number`),
    path: ['tracking_numbers'],
  });

export const addOutcomes = ['added', 'moved', 'already_here', 'not_found', 'in_other_shipment'] as const;
export const addPackagesResultSchema = z.object({
  results: z.array(
    z.object({
      /** The number as scanned (or the package's, when added by id). */
      tracking_number: z.string(),
      package_id: z.uuid().nullable(),
      outcome: z.enum(addOutcomes),
      /** The shipment it is in (in_other_shipment) or came from (moved). */
      other_shipment: z.string().nullable(),
    }),
  ),
  shipment: shipmentDetailSchema,
});

export const advanceSchema = z.object({
  status: z.enum(shipmentSteps, { error: () => tr(msg`Choose in transit, at customs or ready for pickup`) }),
  note: text().trim().max(300).default(''),
});

export const advanceResultSchema = z.object({
  shipment: shipmentDetailSchema,
  /** Packages that got the event. */
  moved: z.number().int(),
  /** Customers notified (one notification each). */
  notified: z.number().int(),
});

const packageParamSchema = z.object({ id: z.uuid(), packageId: z.uuid() });

/** The schemas of each call in `shipments.calls.ts`. */
export const shipmentSchemas = {
  list: { query: shipmentListQuerySchema, response: paginated(shipmentSchema) },
  create: { body: shipmentCreateSchema, response: shipmentDetailSchema },
  one: { params: uuidParamSchema, response: shipmentDetailSchema },
  update: { params: uuidParamSchema, body: shipmentUpdateSchema, response: shipmentDetailSchema },
  addPackages: { params: uuidParamSchema, body: addPackagesSchema, response: addPackagesResultSchema },
  removePackage: { params: packageParamSchema, response: shipmentDetailSchema },
  advance: { params: uuidParamSchema, body: advanceSchema, response: advanceResultSchema },
  manifestCsv: { params: uuidParamSchema },
  manifestPdf: { params: uuidParamSchema },
};
