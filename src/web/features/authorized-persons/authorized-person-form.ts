import { z } from 'zod';
import {
  type AuthorizedPerson,
  createAuthorizedPersonBodySchema,
} from '../../../contract/authorized-persons';
import type { AuthorizedPersonBody } from './api';

/** What the form holds: the fields as typed; the ID type is the Select's value (a string id, or null). */
export interface AuthorizedPersonFormValues {
  full_name: string;
  identification_id: string | null;
  id_number: string;
  phone: string;
  email: string;
  relationship: string;
  is_active: boolean;
}

export const emptyAuthorizedPerson = (): AuthorizedPersonFormValues => ({
  full_name: '',
  identification_id: null,
  id_number: '',
  phone: '',
  email: '',
  relationship: '',
  is_active: true,
});

/** The form prefilled with a saved person (editing). */
export const authorizedPersonValues = (p: AuthorizedPerson): AuthorizedPersonFormValues => ({
  full_name: p.full_name,
  identification_id: String(p.identification_id),
  id_number: p.id_number,
  phone: p.phone,
  email: p.email ?? '',
  relationship: p.relationship,
  is_active: p.is_active,
});

/** The contract's rules; the ID type arrives from the Select as a string (none chosen: null). */
export const authorizedPersonFormSchema = createAuthorizedPersonBodySchema.extend({
  identification_id: z.preprocess(
    (v) => (v === null || v === '' ? undefined : Number(v)),
    createAuthorizedPersonBodySchema.shape.identification_id,
  ),
});

/** Valid form values as the body the API takes (trimmed, ID type a number, empty email null). */
export function toAuthorizedPersonBody(values: AuthorizedPersonFormValues): AuthorizedPersonBody {
  const body = authorizedPersonFormSchema.parse(values);
  return { ...body, email: body.email ?? null };
}
