import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { uuidParamSchema } from './envelope';

export const notificationKinds = [
  'package_status',
  'invoice',
  'purchase_request',
  'points',
  'system',
] as const;
export const notificationKindSchema = z.enum(notificationKinds);
export type NotificationKind = z.infer<typeof notificationKindSchema>;

export const notificationSchema = z.object({
  id: z.uuid(),
  kind: notificationKindSchema,
  title: z.string(),
  body: z.string(),
  /** A path in the portal, e.g. /user/invoices/{id}. */
  link: z.string(),
  read_at: z.string().nullable(),
  created_at: z.string(),
});
export type Notification = z.infer<typeof notificationSchema>;

export const notificationPageSchema = z.object({
  items: z.array(notificationSchema),
  page: z.number().int(),
  pageSize: z.number().int(),
  total: z.number().int(),
  unread_count: z.number().int(),
});
export type NotificationPage = z.infer<typeof notificationPageSchema>;

export const notificationListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  unread: z.enum(['true', 'false']).optional(),
});

export const readAllReplySchema = z.object({ updated: z.number().int(), unread_count: z.number().int() });

/** The schemas of each call in `notifications.calls.ts`. */
export const notificationSchemas = {
  list: { query: notificationListQuerySchema, response: notificationPageSchema },
  read: { params: uuidParamSchema, response: notificationSchema },
  readAll: { response: readAllReplySchema },
};
