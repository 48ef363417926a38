import { z } from 'zod';
import { packageStatusCodes } from './constants';
import { intIdParamSchema } from './envelope';

export const parishSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Parish = z.infer<typeof parishSchema>;

export const identificationSchema = z.object({ id: z.number().int(), name: z.string(), code: z.string() });
export type Identification = z.infer<typeof identificationSchema>;

/** Package statuses are a table so admins can rename them; `code` is what the code relies on. */
export const packageStatusCodeSchema = z.enum(packageStatusCodes);

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

/** The schemas of each call in `reference.calls.ts`. */
export const referenceSchemas = {
  parishes: { response: z.array(parishSchema) },
  identifications: { response: z.array(identificationSchema) },
  packageStatuses: { response: z.array(packageStatusSchema) },
  packageStatus: { params: intIdParamSchema, response: packageStatusSchema },
};
