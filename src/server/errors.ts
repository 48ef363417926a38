import type { FieldErrors } from '../contract/envelope';

/** An error meant for the client: its status and message reach the reply as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(message);
  }
}

export const badRequest = (message: string, errors?: FieldErrors) => new ApiError(400, message, errors);
export const unauthorized = (message = 'Sign in to continue') => new ApiError(401, message);
export const forbidden = (message = 'You do not have access to this') => new ApiError(403, message);
export const notFound = (message = 'Not found') => new ApiError(404, message);
export const conflict = (message: string, errors?: FieldErrors) => new ApiError(409, message, errors);

/** A field-level 400, for rules zod can't express (e.g. a common password). */
export const fieldError = (field: string, message: string) =>
  badRequest('Validation failed', { [field]: [message] });
