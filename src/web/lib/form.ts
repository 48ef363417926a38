import { schemaResolver } from '@mantine/form';
import { ApiError } from './api/api-error';

/** A synchronous Mantine form validator from a zod (standard-schema) schema. */
export const zodResolver = (schema: Parameters<typeof schemaResolver>[0]) =>
  schemaResolver(schema, { sync: true });

export interface ErrorSink {
  setFieldError: (path: string, error: string) => void;
  values: object;
}

/**
 * Puts the server's field messages on their fields. Returns the message to show above the form
 * (null when every problem landed on a field).
 */
export function applyServerErrors(form: ErrorSink, error: unknown, fallback: string): string | null {
  if (!(error instanceof ApiError)) return fallback;
  let placed = 0;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const key = field.replace(/^body\./, '');
    if (key in form.values && messages.length > 0) {
      form.setFieldError(key, messages.join(' '));
      placed++;
    }
  }
  const unplaced = Object.keys(error.fieldErrors).length - placed;
  if (placed > 0 && unplaced === 0) return null;
  return error.message || fallback;
}
