import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { uuidParamSchema } from './envelope';
import { say } from './i18n';
import { localeSchema } from './languages';
import { text } from './text';

export const addressSchema = z.object({
  line1: z.string(),
  line2: z.string(),
  city: z.string(),
  state: z.string(),
  postal_code: z.string(),
  country: z.string(),
  phone: z.string(),
});
export type Address = z.infer<typeof addressSchema>;

export const hexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, say(msg`Use a colour like #6d28d9`));

/** What anyone may read about the company of the current host: branding and where to ship. */
export const companySchema = z.object({
  id: z.uuid(),
  is_active: z.boolean(),
  name: z.string(),
  short_name: z.string(),
  slug: z.string(),
  logo_url: z.string(),
  primary_color: hexColor,
  support_email: z.string(),
  support_phone: z.string(),
  website: z.string(),
  warehouse_address: addressSchema,
  mailbox_prefix: z.string(),
  currency: z.string(),
  exchange_rate: z.string().describe('JMD per USD, decimal string'),
  exchange_rate_date: z.string().describe('ISO date the rate was set'),
  /** The company's IANA time zone (Company settings): every date is shown in it. */
  time_zone: z.string().describe('IANA time zone, e.g. America/Jamaica'),
  /** The languages the company offers its customers and staff (Company settings), its default first. */
  languages: z.array(localeSchema).min(1),
  /** The language of a visitor whose browser asks for none the company offers. */
  default_language: localeSchema,
});
export type Company = z.infer<typeof companySchema>;

/** Platform-level view (superadmin): adds the hosts the company answers on. */
export const companyAdminSchema = companySchema.extend({ hostnames: z.array(z.string()) });
export type CompanyAdmin = z.infer<typeof companyAdminSchema>;

/** An address as sent by a client: every line is text of a bounded length. */
export const addressBodySchema = z.object({
  line1: text().max(200),
  line2: text().max(200),
  city: text().max(100),
  state: text().max(100),
  postal_code: text().max(20),
  country: text().max(100),
  phone: text().max(40),
});

export const createCompanyBodySchema = z.object({
  name: text().trim().min(2).max(120),
  short_name: text().trim().min(1).max(40).optional(),
  slug: text()
    .trim()
    .regex(/^[a-z0-9-]{2,40}$/, say(msg`Lower-case letters, digits and dashes`)),
  hostnames: z
    .array(
      text()
        .trim()
        .toLowerCase()
        .regex(/^[a-z0-9.-]{1,253}$/, say(msg`A host name without port or scheme`)),
    )
    .min(1)
    .max(20),
  logo_url: text().max(500).optional(),
  primary_color: hexColor.optional(),
  support_email: z.email().optional(),
  support_phone: text().max(40).optional(),
  website: text().max(200).optional(),
  warehouse_address: addressBodySchema,
  mailbox_prefix: text()
    .trim()
    .regex(/^[A-Z]{2,5}$/, '2–5 upper-case letters'),
  currency: text().length(3).optional(),
  exchange_rate: text()
    // numeric(12, 4): at most 8 digits before the point, or PostgreSQL refuses it as an overflow.
    .regex(/^\d{1,8}(\.\d{1,4})?$/, say(msg`A decimal like 157.25`))
    .optional(),
});
export type CreateCompanyBody = z.infer<typeof createCompanyBodySchema>;

/** The schemas of each call in `companies.calls.ts`. */
export const companySchemas = {
  me: { response: companySchema },
  list: { response: z.array(companyAdminSchema) },
  one: { params: uuidParamSchema, response: companySchema },
  create: { body: createCompanyBodySchema, response: companyAdminSchema },
};
