import { z } from 'zod';
import { packageStatusCodes } from './constants';
import { endpoint } from './endpoint';
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

const tags = ['reference'];

/** Platform-wide reference data: public, the same for every company (sign-up needs parishes before any login). */
export const referenceEndpoints = {
  parishes: endpoint({
    method: 'GET',
    path: '/v1/parishes',
    access: 'public',
    tags,
    response: z.array(parishSchema),
  }),
  identifications: endpoint({
    method: 'GET',
    path: '/v1/identifications',
    access: 'public',
    tags,
    response: z.array(identificationSchema),
  }),
  packageStatuses: endpoint({
    method: 'GET',
    path: '/v1/package_statuses',
    access: 'public',
    tags,
    response: z.array(packageStatusSchema),
  }),
  packageStatus: endpoint({
    method: 'GET',
    path: '/v1/package_statuses/:id',
    access: 'public',
    tags,
    params: intIdParamSchema,
    response: packageStatusSchema,
  }),
};
