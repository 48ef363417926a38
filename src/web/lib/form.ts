import { schemaResolver } from '@mantine/form';
import { ApiError } from './api/api-error';

/** A synchronous Mantine form validator from a zod (standard-schema) schema. */
export const zodResolver = (schema: Parameters<typeof schemaResolver>[0]) =>
  schemaResolver(schema, { sync: true });

/**
 * A schema whose module (and zod with it) loads on the form's first use rather than with the page: for the first
 * screen a visitor sees (login), where zod would be the largest file. Until it has loaded, validation passes;
 * `ready()` starts the load (call it on focus) and resolves with the schema (await it before validating on submit).
 */
export function lazySchema<S extends Parameters<typeof schemaResolver>[0]>(load: () => Promise<S>) {
  let schema: S | undefined;
  let loading: Promise<S> | undefined;
  const ready = () => {
    loading ??= load().then((s) => {
      schema = s;
      return s;
    });
    return loading;
  };
  return {
    ready,
    validate: <V>(values: V) => (schema ? zodResolver(schema)(values as never) : {}),
  };
}

export interface ErrorSink {
  setFieldError: (path: string, error: string) => void;
  values: object;
}

/**
 * Puts the server's field messages on their fields (`fieldOf` names the form's field of a server path, e.g. a
 * section's "payment.counter" → "counter"). Returns the message to show above the form (null when every problem
 * landed on a field).
 */
export function applyServerErrors(
  form: ErrorSink,
  error: unknown,
  fallback: string,
  fieldOf: (path: string) => string = (path) => path.replace(/^body\./, ''),
): string | null {
  if (!(error instanceof ApiError)) return fallback;
  let placed = 0;
  for (const [field, messages] of Object.entries(error.fieldErrors)) {
    const key = fieldOf(field);
    if (key in form.values && messages.length > 0) {
      form.setFieldError(key, messages.join(' '));
      placed++;
    }
  }
  const unplaced = Object.keys(error.fieldErrors).length - placed;
  if (placed > 0 && unplaced === 0) return null;
  return error.message || fallback;
}
