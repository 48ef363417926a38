import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { paginated, uuidParamSchema } from './envelope';
import { localeSchema } from './languages';
import { text } from './text';

export const roles = ['customer', 'staff', 'admin'] as const;
export const roleSchema = z.enum(roles);
export type Role = z.infer<typeof roleSchema>;

export const userSchema = z.object({
  id: z.uuid(),
  company_id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  name: z.string(),
  phone: z.string(),
  address: z.string(),
  parish_id: z.number().int().nullable(),
  trn: z.string().nullable(),
  mailbox_number: z.string(),
  role: roleSchema,
  is_superadmin: z.boolean(),
  email_verified: z.boolean(),
  /** The language the user chose (menus, mails, notices); null until they choose, then the company's default. */
  locale: localeSchema.nullable(),
  created_at: z.string(),
});
export type User = z.infer<typeof userSchema>;

export const userListQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  q: text().trim().max(200).optional(),
  role: roleSchema.optional(),
});

/** The schemas of each call in `users.calls.ts`. */
export const userSchemas = {
  list: { query: userListQuerySchema, response: paginated(userSchema) },
  one: { params: uuidParamSchema, response: userSchema },
};
