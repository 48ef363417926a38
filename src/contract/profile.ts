import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { PASSWORD_MAX, passwordSchema, phoneSchema, trnSchema } from './auth';
import { addressSchema } from './companies';
import { say, tr } from './i18n';
import { localeSchema } from './languages';
import { storageEndingSoonSchema } from './storage-schemas';
import { INT32_MAX, text } from './text';
import { userSchema } from './users';

/** The moments a customer is told about, each by push and by e-mail as they choose (always in the bell). */
export const notificationEvents = [
  'package_received',
  'package_held',
  'package_ready',
  'invoice_issued',
  'payment_received',
] as const;
export type NotificationEvent = (typeof notificationEvents)[number];
export const notificationChannels = ['push', 'email'] as const;
export type NotificationChannel = (typeof notificationChannels)[number];

/** The words of each event on the preferences screen. */
export const NOTIFICATION_EVENTS: Record<NotificationEvent, { label: string; description: string }> = {
  package_received: {
    get label() {
      return tr(msg`Package received`);
    },
    get description() {
      return tr(msg`When the warehouse receives a package of yours`);
    },
  },
  package_held: {
    get label() {
      return tr(msg`Package on hold`);
    },
    get description() {
      return tr(msg`When a package is held, with why and what to do`);
    },
  },
  package_ready: {
    get label() {
      return tr(msg`Ready for pickup`);
    },
    get description() {
      return tr(msg`When a package can be collected`);
    },
  },
  invoice_issued: {
    get label() {
      return tr(msg`New invoice`);
    },
    get description() {
      return tr(msg`When an invoice is ready to pay`);
    },
  },
  payment_received: {
    get label() {
      return tr(msg`Payment received`);
    },
    get description() {
      return tr(msg`When we receive a payment of yours`);
    },
  },
};

/** The preference key of an event on a channel: `package_held_push`. */
export const preferenceKey = <E extends NotificationEvent, C extends NotificationChannel>(
  event: E,
  channel: C,
) => `${event}_${channel}` as const;

/**
 * What goes out beside the bell: each event × channel (`<event>_push`, `<event>_email`), and by e-mail the other
 * package moves (`email_package_updates`: in transit, at customs, delivered…), other invoice news
 * (`email_invoices`: reminders, changes) and purchase requests. Push goes only to devices the user subscribed.
 */
export const notificationPreferencesSchema = z.object({
  package_received_push: z.boolean(),
  package_received_email: z.boolean(),
  package_held_push: z.boolean(),
  package_held_email: z.boolean(),
  package_ready_push: z.boolean(),
  package_ready_email: z.boolean(),
  invoice_issued_push: z.boolean(),
  invoice_issued_email: z.boolean(),
  payment_received_push: z.boolean(),
  payment_received_email: z.boolean(),
  email_package_updates: z.boolean(),
  email_invoices: z.boolean(),
  email_purchase_requests: z.boolean(),
});
export type NotificationPreferences = z.infer<typeof notificationPreferencesSchema>;

export const DEFAULT_NOTIFICATION_PREFERENCES: NotificationPreferences = {
  package_received_push: true,
  package_received_email: true,
  package_held_push: true,
  package_held_email: true,
  package_ready_push: true,
  package_ready_email: true,
  invoice_issued_push: true,
  invoice_issued_email: true,
  payment_received_push: true,
  payment_received_email: true,
  email_package_updates: true,
  email_invoices: true,
  email_purchase_requests: true,
};

/**
 * A user's stored preferences read whole. A key stored before it existed takes its default, and a per-event e-mail
 * choice missing from choices stored before there were events follows the old one it came from (as the data
 * migration 0023 does): parcel updates for received, held and ready; invoices for issued and payment received.
 */
export function preferencesOf(
  stored: Partial<NotificationPreferences> | null | undefined,
): NotificationPreferences {
  const parcels = stored?.email_package_updates ?? true;
  const invoices = stored?.email_invoices ?? true;
  return {
    ...DEFAULT_NOTIFICATION_PREFERENCES,
    package_received_email: parcels,
    package_held_email: parcels,
    package_ready_email: parcels,
    invoice_issued_email: invoices,
    payment_received_email: invoices,
    ...stored,
  };
}

export const profileSchema = z.object({
  user: userSchema,
  parish: z.object({ id: z.number().int(), name: z.string() }).nullable(),
  mailbox_number: z.string(),
  notification_preferences: notificationPreferencesSchema,
  /** The company's US warehouse address. */
  warehouse_address: addressSchema,
  /** The address to give a US store: the warehouse with the customer's name and mailbox number on it. */
  shipping_address: addressSchema.extend({ name: z.string() }),
});
export type Profile = z.infer<typeof profileSchema>;

/** Any subset; the email cannot be changed here. `trn: null` or "" clears it. */
export const updateProfileBodySchema = z.object({
  /** The language of the portal, mails and notices for this user. */
  locale: localeSchema.optional(),
  first_name: text().trim().min(1, say(msg`Enter your first name`)).max(60).optional(),
  last_name: text().trim().min(1, say(msg`Enter your last name`)).max(60).optional(),
  phone: phoneSchema.optional(),
  address: text().trim().min(5, say(msg`Enter your street address`)).max(200).optional(),
  parish_id: z
    .number({ error: () => tr(msg`Choose your parish`) })
    .int()
    .positive(say(msg`Choose your parish`))
    .max(INT32_MAX, say(msg`Choose a parish from the list`))
    .optional(),
  trn: z.union([trnSchema, z.literal('').transform(() => null), z.null()]).optional(),
  notification_preferences: notificationPreferencesSchema.partial().optional(),
});
export type UpdateProfileBody = z.input<typeof updateProfileBodySchema>;

/**
 * Change the password. On success every other session is signed out: all refresh-token families of the user are
 * revoked except the one `refreshToken` (this device's, optional) belongs to. Access tokens already issued stay
 * valid until they expire (minutes).
 */
export const changePasswordBodySchema = z.object({
  current_password: text().min(1, say(msg`Enter your current password`)).max(PASSWORD_MAX),
  new_password: passwordSchema,
  refreshToken: text().min(10).max(200).optional(),
});
export type ChangePasswordBody = z.input<typeof changePasswordBodySchema>;

export const changePasswordReplySchema = z.object({ signed_out_sessions: z.number().int() });

/** GET /v1/account/summary: the dashboard's figures. */
export const accountSummarySchema = z.object({
  /** Issued + overdue invoices' totals, in `currency` cents. */
  balance_due_cents: z.number().int(),
  currency: z.string(),
  open_invoices: z.number().int(),
  overdue_invoices: z.number().int(),
  points_balance: z.number().int(),
  unread_notifications: z.number().int(),
  /** Parcels at the counter whose free storage ends within 2 days (contract/storage.ts), the soonest first. */
  storage_ending_soon: z.array(storageEndingSoonSchema),
});
export type AccountSummary = z.infer<typeof accountSummarySchema>;

/** The schemas of each call in `profile.calls.ts`. */
export const profileSchemas = {
  get: { response: profileSchema },
  update: { body: updateProfileBodySchema, response: profileSchema },
  changePassword: { body: changePasswordBodySchema, response: changePasswordReplySchema },
  summary: { response: accountSummarySchema },
};
