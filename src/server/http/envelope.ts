import type { MessageDescriptor } from '@lingui/core';
import { msg } from '@lingui/core/runtime-macro';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors, ResponseSerializationError } from 'fastify-type-provider-zod';
import type { FieldErrors } from '../../contract/envelope';
import { textProblem } from '../../contract/text';
import { ApiError, validationFailed } from '../errors';
import { t } from '../i18n';

export function ok<T>(data: T, message = 'OK', statusCode = 200) {
  return { success: true as const, message, data, statusCode };
}

function send(reply: FastifyReply, statusCode: number, message: string, errors?: FieldErrors) {
  return reply
    .code(statusCode)
    .type('application/json; charset=utf-8')
    .send({ success: false, message, data: null, statusCode, ...(errors ? { errors } : {}) });
}

/** Messages for the framework's own client errors, in words a user of the API can act on. */
const clientErrorMessages: Record<string, MessageDescriptor> = {
  FST_ERR_CTP_EMPTY_JSON_BODY: msg`The request body is empty`,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: msg`Unsupported content type`,
  FST_ERR_CTP_BODY_TOO_LARGE: msg`The request body is too large`,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: msg`Invalid Content-Length`,
  FST_ERR_CTP_INVALID_JSON_BODY: msg`The request body is not valid JSON`,
  FST_ERR_CTP_INVALID_TYPE: msg`Unsupported content type`,
};

/**
 * A client's key or value as an error can name it: NUL and lone surrogates spelled as `\uXXXX`, so the field name
 * is printable (and its JSON well-formed).
 */
export function printable(key: string): string {
  if (textProblem(key) === undefined) return key;
  let out = '';
  // By code point: a pair stays one character, a lone surrogate comes out on its own.
  for (const ch of key) {
    const c = ch.codePointAt(0) ?? 0;
    out += c === 0 || (c >= 0xd800 && c <= 0xdfff) ? `\\u${c.toString(16).padStart(4, '0')}` : ch;
  }
  return out;
}

/**
 * The text in a parsed body, query or params that the database would refuse (NUL, lone surrogates), in values and
 * in keys at any depth: each field path as the validation errors name them, with its message.
 */
export function badTextFields(value: unknown, root: string): FieldErrors {
  const found: FieldErrors = {};
  let count = 0;
  const add = (path: string, message: string) => {
    found[path] = [message];
    count += 1;
  };
  // Iterative, not recursive: a deeply nested JSON body must not overflow the stack (a 500) before it is refused.
  const stack: { value: unknown; path: string }[] = [{ value, path: '' }];
  while (stack.length > 0 && count < 20) {
    const item = stack.pop();
    if (!item) break;
    const { value: v, path } = item;
    if (typeof v === 'string') {
      const problem = textProblem(v);
      if (problem) add(path || root, problem);
    } else if (Array.isArray(v)) {
      v.forEach((el, i) => {
        stack.push({ value: el, path: path ? `${path}.${i}` : String(i) });
      });
    } else if (v !== null && typeof v === 'object') {
      for (const [k, el] of Object.entries(v)) {
        const at = path ? `${path}.${printable(k)}` : printable(k);
        const problem = textProblem(k);
        if (problem) add(at, problem);
        stack.push({ value: el, path: at });
      }
    }
  }
  return found;
}

/**
 * Defence in depth behind the contract's `text()` rule: PostgreSQL refuses U+0000 in text and lone surrogates in
 * jsonb, so either anywhere in what a client sent is a 400 before any handler (or a route whose schema forgot the
 * rule) can pass it on. Multipart fields are read in the handler and checked where they are read (http/uploads.ts).
 */
function refuseBadText(request: FastifyRequest, reply: FastifyReply, done: () => void) {
  const parts = [
    ['params', request.params],
    ['querystring', request.query],
    ['body', request.body],
  ] as const;
  for (const [context, value] of parts) {
    const errors = badTextFields(value, context);
    if (Object.keys(errors).length > 0) {
      const where = context === 'body' ? '' : ` (${context})`;
      send(reply, 400, `${validationFailed()}${where}`, errors);
      return;
    }
  }
  done();
}

/**
 * Every reply is `{ success, message, data, statusCode }`: client mistakes keep their status with a clear message;
 * anything unexpected is a 500 whose details go to the log only (no stack or SQL reaches the client).
 */
export const envelopePlugin = fp(async (app: FastifyInstance) => {
  app.addHook('preValidation', refuseBadText);
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof ApiError) {
      if (error.headers) reply.headers(error.headers);
      return send(reply, error.statusCode, error.message, error.errors);
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const errors: FieldErrors = {};
      for (const v of error.validation) {
        const path =
          v.instancePath.replace(/^\//, '').replace(/\//g, '.') || error.validationContext || 'body';
        errors[path] = [...(errors[path] ?? []), v.message ?? t(msg`Invalid value`)];
      }
      const where = error.validationContext === 'body' ? '' : ` (${error.validationContext})`;
      return send(reply, 400, `${validationFailed()}${where}`, errors);
    }
    if (error instanceof ResponseSerializationError) {
      request.log.error({ err: error, issues: error.cause.issues }, 'reply does not match the contract');
      return send(reply, 500, t(msg`Unexpected error occurred`));
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return send(reply, 429, error.message || t(msg`Too many requests; try again later`));
    }
    if (status >= 400 && status < 500) {
      const known = clientErrorMessages[error.code];
      return send(reply, status, known ? t(known) : error.message);
    }
    request.log.error({ err: error }, 'unexpected error');
    return send(reply, 500, t(msg`Unexpected error occurred`));
  });
});

export function sendNotFound(reply: FastifyReply, message: string) {
  return send(reply, 404, message);
}
