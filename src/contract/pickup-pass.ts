import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { say } from './i18n';
import { packageStatusCodeSchema } from './reference';

export * from './pickup-pass-code';

/*
 * The pickup pass: a QR code and a short code for a customer's parcels that are ready for pickup, one for the
 * customer and one per active authorized person (each shareable as a link that shows only that pass).
 *
 * What a pass covers: the parcels ready for pickup (and not collected) when it was issued. The customer's pass
 * screen issues a fresh pass for everyone when a parcel is ready that the current pass does not cover; an older pass
 * still works at the counter for its own parcels. Once every parcel it covers is collected it says "Collected" and
 * the counter no longer accepts it.
 */

export const passStateSchema = z.enum(['active', 'collected', 'none']);
export type PassState = z.infer<typeof passStateSchema>;

export const passParcelSchema = z.object({
  tracking_number: z.string(),
  description: z.string(),
  status: packageStatusCodeSchema,
  /** Handed over at the counter. */
  collected: z.boolean(),
});

export const pickupPassSchema = z.object({
  /** Who the pass is for: the customer (`authorized_person_id` null) or one of their authorized persons. */
  holder: z.object({ name: z.string(), authorized_person_id: z.uuid().nullable() }),
  state: passStateSchema,
  /** Null while nothing was ever ready (state `none`). */
  code: z.string().nullable(),
  /** The QR code (SVG markup, drawn on the server: the app shows it offline with no QR library). It encodes `share_url`. */
  qr_svg: z.string().nullable(),
  share_url: z.string().nullable(),
  parcels: z.array(passParcelSchema),
  issued_at: z.string().nullable(),
  /** When the last covered parcel was collected (state `collected`). */
  collected_at: z.string().nullable(),
});
export type PickupPass = z.infer<typeof pickupPassSchema>;

export const myPickupPassesSchema = z.object({
  /** The customer's own pass. */
  pass: pickupPassSchema,
  /** One per active authorized person. */
  shared: z.array(pickupPassSchema),
});
export type MyPickupPasses = z.infer<typeof myPickupPassesSchema>;

/** What the share link shows: one pass, the name it is for and the company; nothing else of the account. */
export const sharedPickupPassSchema = z.object({
  company: z.object({ name: z.string() }),
  holder_name: z.string(),
  state: passStateSchema,
  code: z.string().nullable(),
  qr_svg: z.string().nullable(),
  parcels: z.array(z.object({ tracking_number: z.string(), collected: z.boolean() })),
  issued_at: z.string().nullable(),
  collected_at: z.string().nullable(),
});
export type SharedPickupPass = z.infer<typeof sharedPickupPassSchema>;

export const passTokenParamSchema = z.object({
  token: z.string().regex(/^[A-Za-z0-9_-]{20,100}$/, say(msg`Not a pass link`)),
});

/** The schemas of each call in `pickup-pass.calls.ts`. */
export const pickupPassSchemas = {
  mine: { response: myPickupPassesSchema },
  shared: { params: passTokenParamSchema, response: sharedPickupPassSchema },
};
