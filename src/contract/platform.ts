import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { emailSchema } from './auth';
import { addressBodySchema, companySchema, hexColor } from './companies';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { say, tr } from './i18n';
import { timeZoneSchema } from './settings';
import { pendingInvitationSchema } from './staff';
import { text } from './text';

/*
 * The platform console (/platform): the companies the platform serves, made and switched on or off by the
 * platform's operator (access `platform`). A company is created with its hosts and the template's defaults.
 */

export const companyStatuses = ['active', 'inactive'] as const;
export type CompanyStatus = (typeof companyStatuses)[number];

const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/** A host name in RFC 1123 syntax: lower-case labels of letters, digits and inner dashes, joined by dots. */
export function isHostname(value: string): boolean {
  return value.length <= 253 && value.split('.').every((l) => LABEL.test(l));
}

/** A host a company answers on, as typed: trimmed and lower-cased, then held to host-name syntax. */
export const hostnameSchema = text()
  .trim()
  .toLowerCase()
  .max(253)
  .refine(isHostname, say(msg`A host name like coral.example.com (no scheme, port or path)`));

export const hostsSchema = z
  .array(hostnameSchema)
  .min(1, say(msg`Give at least one host name`))
  .max(20, say(msg`At most 20 host names`));

/** An ISO 4217 code this platform's Intl knows (the money formatting needs it). */
export function isCurrency(code: string): boolean {
  try {
    return /^[A-Z]{3}$/.test(code) && Intl.supportedValuesOf('currency').includes(code);
  } catch {
    return false;
  }
}

export const createPlatformCompanyBodySchema = z.object({
  name: text().trim().min(2, say(msg`At least 2 characters`)).max(120),
  short_name: text().trim().min(1, say(msg`Required`)).max(40),
  hosts: hostsSchema,
  mailbox_prefix: text()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2,5}$/, '2–5 letters, e.g. CRL'),
  currency: text().trim().toUpperCase().refine(isCurrency, say(msg`An ISO 4217 currency code, e.g. JMD`)),
  time_zone: timeZoneSchema,
  primary_color: hexColor.transform((c) => c.toLowerCase()),
  support_email: z.email(say(msg`An e-mail address like help@example.com`)).max(200),
  support_phone: text().trim().min(1, say(msg`Required`)).max(40),
  warehouse_address: addressBodySchema,
});
export type CreatePlatformCompanyBody = z.input<typeof createPlatformCompanyBodySchema>;

export const updatePlatformCompanyBodySchema = z
  .object({
    status: z.enum(companyStatuses, { error: () => tr(msg`active or inactive`) }).optional(),
    hosts: hostsSchema.optional(),
  })
  .refine((b) => b.status !== undefined || b.hosts !== undefined, say(msg`Send a status or hosts`));
export type UpdatePlatformCompanyBody = z.input<typeof updatePlatformCompanyBodySchema>;

export const platformCompanyQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  /** Name, short name, mailbox prefix or host (any part of it). */
  q: text().trim().max(200).optional(),
  status: z.enum(companyStatuses, { error: () => tr(msg`active or inactive`) }).optional(),
});

/** What a company uses of the platform, counted when asked. */
export const companyUsageSchema = z.object({
  customers: z.number().int(),
  parcels_this_month: z.number().int().describe('parcels received since the 1st, in the company’s time zone'),
  invoices: z.number().int(),
  stored_bytes: z.number().int(),
});
export type CompanyUsage = z.infer<typeof companyUsageSchema>;

/** A company as the platform's operator sees it: what its customers see, its hosts, status and usage. */
export const platformCompanySchema = companySchema.extend({
  hosts: z.array(z.string()),
  status: z.enum(companyStatuses),
  /** The platform's own company (the operator's): it cannot be deactivated. */
  is_platform: z.boolean(),
  usage: companyUsageSchema,
  created_at: z.string(),
});
export type PlatformCompany = z.infer<typeof platformCompanySchema>;

/** The first admin of a company, invited by e-mail from the console (the link opens on the company's host). */
export const inviteAdminBodySchema = z.object({ email: emailSchema });
export type InviteAdminBody = z.input<typeof inviteAdminBodySchema>;

/** The schemas of each call in `platform.calls.ts`. */
export const platformSchemas = {
  list: { query: platformCompanyQuerySchema, response: paginated(platformCompanySchema) },
  one: { params: uuidParamSchema, response: platformCompanySchema },
  create: { body: createPlatformCompanyBodySchema, response: platformCompanySchema },
  update: { params: uuidParamSchema, body: updatePlatformCompanyBodySchema, response: platformCompanySchema },
  invite: { params: uuidParamSchema, body: inviteAdminBodySchema, response: pendingInvitationSchema },
};
