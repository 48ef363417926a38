import { msg } from '@lingui/core/runtime-macro';
import { z } from 'zod';
import { PAGE_MAX, PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX } from './constants';
import { tr } from './i18n';
import { INT32_MAX, text } from './text';

// A missing field reads "Required" everywhere (server replies and PWA forms), not zod's type jargon.
z.config({
  customError: (issue) =>
    issue.code === 'invalid_type' && issue.input === undefined ? tr(msg`Required`) : undefined,
});

/**
 * Every reply of the API, errors included, is this envelope. `errors` is added only to
 * validation failures (400): field path -> messages, so a form can show each message on its field.
 */
export const fieldErrorsSchema = z.record(z.string(), z.array(z.string()));
export type FieldErrors = z.infer<typeof fieldErrorsSchema>;

export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({
    success: z.boolean(),
    message: z.string(),
    data,
    statusCode: z.number().int(),
  });

export const errorEnvelopeSchema = z.object({
  success: z.literal(false),
  message: z.string(),
  data: z.null(),
  statusCode: z.number().int(),
  errors: fieldErrorsSchema.optional(),
});
export type ErrorEnvelope = z.infer<typeof errorEnvelopeSchema>;

export type Envelope<T> = {
  success: boolean;
  message: string;
  data: T;
  statusCode: number;
  errors?: FieldErrors;
};

/** Lists that can grow are paginated: `data = { items, page, pageSize, total }`. */
export const paginated = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
  });
export type Paginated<T> = { items: T[]; page: number; pageSize: number; total: number };

export const pageQuerySchema = z.object({
  page: z.coerce.number().int().min(1).max(PAGE_MAX).default(1),
  pageSize: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).default(PAGE_SIZE_DEFAULT),
  q: text().trim().max(200).optional(),
  sort: text().max(50).optional(),
});

export const uuidParamSchema = z.object({ id: z.uuid() });
export const intIdParamSchema = z.object({ id: z.coerce.number().int().positive().max(INT32_MAX) });

export const okSchema = envelope(z.null());
