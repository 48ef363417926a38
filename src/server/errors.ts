import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { FieldErrors } from '../contract/envelope';
import { t } from './i18n';

/** Words for the client: a message (in the caller's language, written where the error is made) or text as is. */
export type Words = string | MessageDescriptor;
const say = (words: Words): string => (typeof words === 'string' ? words : t(words));

/** An error meant for the client: its status and message reach the reply as they are. */
export class ApiError extends Error {
  constructor(
    readonly statusCode: number,
    message: Words,
    readonly errors?: FieldErrors,
    readonly headers?: Record<string, string>,
  ) {
    super(say(message));
  }
}

export const badRequest = (message: Words, errors?: FieldErrors) => new ApiError(400, message, errors);
export const unauthorized = (message: Words = msg`Sign in to continue`) => new ApiError(401, message);
export const forbidden = (message: Words = msg`You do not have access to this`) => new ApiError(403, message);
export const notFound = (message: Words = msg`Not found`) => new ApiError(404, message);
export const conflict = (message: Words, errors?: FieldErrors) => new ApiError(409, message, errors);

/** The summary of a 400 whose details are per field. */
export const validationFailed = () => t(msg`Validation failed`);

/** A field-level 400, for rules zod can't express (e.g. a common password). */
export const fieldError = (field: string, message: Words) =>
  badRequest(validationFailed(), { [field]: [say(message)] });
