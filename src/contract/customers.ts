import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { customerSorts, PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, yesNo } from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { tr } from './i18n';
import { notificationPreferencesSchema } from './profile';
import { text } from './text';
import { roleSchema } from './users';

/** One row of the staff's customer list. */
export const customerRowSchema = z.object({
  id: z.uuid(),
  mailbox_number: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: roleSchema,
  email_verified: z.boolean(),
  is_active: z.boolean(),
  created_at: z.string(),
  packages: z.number().int(),
});
export type CustomerRow = z.infer<typeof customerRowSchema>;

const yesNoSchema = z.enum(yesNo, { error: () => tr(msg`Use yes or no`) });

export const customerListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** Mailbox number, name, email or phone (any part of it). */
  q: text().trim().max(200).optional(),
  verified: yesNoSchema.optional(),
  active: yesNoSchema.optional(),
  role: roleSchema.optional(),
  sort: z.enum(customerSorts, { error: () => tr(msg`Not a sort order`) }).default('newest'),
});

const recentPackageSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  description: z.string(),
  status_code: z.string(),
  status_name: z.string(),
  created_at: z.string(),
});
const recentPrealertSchema = z.object({
  id: z.uuid(),
  tracking_number: z.string(),
  seller_name: z.string(),
  status: z.string(),
  package_id: z.uuid().nullable(),
  created_at: z.string(),
});
const recentInvoiceSchema = z.object({
  id: z.uuid(),
  number: z.string(),
  status: z.string(),
  total_cents: z.number().int(),
  created_at: z.string(),
});
const recentPointsSchema = z.object({
  id: z.number().int(),
  points: z.number().int(),
  kind: z.string(),
  reason: z.string(),
  created_at: z.string(),
});
const authorizedPersonRowSchema = z.object({
  id: z.uuid(),
  name: z.string(),
  phone: z.string(),
});
const sentNotificationSchema = z.object({
  id: z.uuid(),
  kind: z.string(),
  title: z.string(),
  read: z.boolean(),
  created_at: z.string(),
});

/** A customer's record as staff see it: the profile and bounded recent lists (newest first). */
export const customerDetailSchema = z.object({
  profile: customerRowSchema.extend({
    first_name: z.string(),
    last_name: z.string(),
    address: z.string(),
    parish: z.string().nullable(),
    trn: z.string().nullable(),
  }),
  packages: z.array(recentPackageSchema),
  prealerts: z.array(recentPrealertSchema),
  invoices: z.array(recentInvoiceSchema),
  points: z.object({ balance: z.number().int(), recent: z.array(recentPointsSchema) }),
  authorized_persons: z.array(authorizedPersonRowSchema),
  notifications: z.array(sentNotificationSchema),
  /** What the customer chose to be told and how (read-only for staff: only the customer changes them). */
  notification_preferences: notificationPreferencesSchema,
  /** Devices subscribed to push. */
  push_devices: z.number().int(),
});
export type CustomerDetail = z.infer<typeof customerDetailSchema>;

export const customerRoleBodySchema = z.object({ role: roleSchema });
export type CustomerRoleBody = z.input<typeof customerRoleBodySchema>;

const actionReplySchema = customerRowSchema;

/** The schemas of each call in `customers.calls.ts`. */
export const customerSchemas = {
  list: { query: customerListQuerySchema, response: paginated(customerRowSchema) },
  one: { params: uuidParamSchema, response: customerDetailSchema },
  verify: { params: uuidParamSchema, response: actionReplySchema },
  resendVerification: {
    params: uuidParamSchema,
    response: z.object({ result: z.enum(['sent', 'verified']) }),
  },
  deactivate: { params: uuidParamSchema, response: actionReplySchema },
  reactivate: { params: uuidParamSchema, response: actionReplySchema },
  role: { params: uuidParamSchema, body: customerRoleBodySchema, response: actionReplySchema },
  passwordReset: { params: uuidParamSchema, response: z.null() },
};
