import { z } from 'zod';

export const parishSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Parish = z.infer<typeof parishSchema>;

export const identificationSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Identification = z.infer<typeof identificationSchema>;

/** Package statuses are a table so admins can rename them; `code` is what the code relies on. */
export const packageStatusCodes = [
  'pre_alerted',
  'received_us',
  'in_transit',
  'at_customs',
  'ready_for_pickup',
  'out_for_delivery',
  'delivered',
  'on_hold',
  'returned',
] as const;
export const packageStatusCodeSchema = z.enum(packageStatusCodes);
export type PackageStatusCode = z.infer<typeof packageStatusCodeSchema>;

export const packageStatusSchema = z.object({
  id: z.number().int(),
  code: packageStatusCodeSchema,
  name: z.string(),
  description: z.string(),
  sort_order: z.number().int(),
  is_exception: z.boolean(),
  is_final: z.boolean(),
});
export type PackageStatus = z.infer<typeof packageStatusSchema>;
