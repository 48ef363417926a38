import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { emailSchema, phoneSchema } from './auth';
import { uuidParamSchema } from './envelope';
import { say, tr } from './i18n';
import { INT32_MAX, text } from './text';

export const AUTHORIZED_PERSONS_MAX = 10;

/** Someone a customer allows to collect their packages with photo ID. Only the customer sees them. */
export const authorizedPersonSchema = z.object({
  id: z.uuid(),
  full_name: z.string(),
  identification_id: z.number().int(),
  identification: z.object({ id: z.number().int(), code: z.string(), name: z.string() }),
  id_number: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  relationship: z.string(),
  is_active: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AuthorizedPerson = z.infer<typeof authorizedPersonSchema>;

const fields = {
  full_name: text().trim().min(2, say(msg`Enter the full name as on the ID`)).max(120),
  /** One of GET /v1/identifications. */
  identification_id: z
    .number({ error: () => tr(msg`Choose the type of ID`) })
    .int(say(msg`Choose the type of ID`))
    .positive(say(msg`Choose the type of ID`))
    .max(INT32_MAX, say(msg`Choose an ID type from the list`)),
  id_number: text()
    .trim()
    .min(3, say(msg`Enter the ID number`))
    .max(40, say(msg`At most 40 characters`))
    .regex(/^[A-Za-z0-9][A-Za-z0-9 -]*$/, say(msg`Use letters, digits, spaces and dashes`)),
  phone: phoneSchema,
  /** Optional: an empty string or null means none. */
  email: z.union([emailSchema, z.literal('').transform(() => null), z.null()]),
  relationship: text().trim().min(2, say(msg`Say how you know them, e.g. Sister`)).max(60),
  is_active: z.boolean(),
};

export const createAuthorizedPersonBodySchema = z.object({
  ...fields,
  email: fields.email.optional(),
  is_active: fields.is_active.default(true),
});
export type CreateAuthorizedPersonBody = z.input<typeof createAuthorizedPersonBodySchema>;

/** PUT accepts any subset of the fields (send them all for a full replacement). */
export const updateAuthorizedPersonBodySchema = z.object({
  full_name: fields.full_name.optional(),
  identification_id: fields.identification_id.optional(),
  id_number: fields.id_number.optional(),
  phone: fields.phone.optional(),
  email: fields.email.optional(),
  relationship: fields.relationship.optional(),
  is_active: fields.is_active.optional(),
});
export type UpdateAuthorizedPersonBody = z.input<typeof updateAuthorizedPersonBodySchema>;

/** The schemas of each call in `authorized-persons.calls.ts`. */
export const authorizedPersonSchemas = {
  list: { response: z.array(authorizedPersonSchema) },
  create: { body: createAuthorizedPersonBodySchema, response: authorizedPersonSchema },
  update: {
    params: uuidParamSchema,
    body: updateAuthorizedPersonBodySchema,
    response: authorizedPersonSchema,
  },
  remove: { params: uuidParamSchema, response: z.null() },
};
