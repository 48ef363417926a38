import { z } from 'zod';

/** A parcel's storage countdown as the API answers it (computed by storage.ts, the rule's one owner). */
export const storageCountdownSchema = z.object({
  /** When the parcel last became ready for pickup. */
  ready_since: z.string(),
  /** The last free day (YYYY-MM-DD, in the company's time zone); the fee runs from the day after. */
  free_until: z.string(),
  free_days: z.number().int(),
  /** Free days still to come after today (0 on the last free day and once the fee runs). */
  free_days_left: z.number().int(),
  per_day_cents: z.number().int(),
  currency: z.string(),
  /** Days charged so far (0 while free). */
  days_charged: z.number().int(),
  fee_so_far_cents: z.number().int(),
});
export type StorageCountdown = z.infer<typeof storageCountdownSchema>;

/** A parcel whose free days end soon, as the customer's dashboard lists it. */
export const storageEndingSoonSchema = z.object({
  package_id: z.uuid(),
  tracking_number: z.string(),
  description: z.string(),
  storage: storageCountdownSchema,
});
export type StorageEndingSoon = z.infer<typeof storageEndingSoonSchema>;
