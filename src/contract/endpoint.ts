import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE';

/**
 * Who may call. The server applies it (a guard per level) and the access-control matrix checks it:
 * `signed-in` = any valid session, `verified` = a verified email, `staff` = verified staff or admin,
 * `admin` = verified admin, `platform` = the platform's superadmin.
 */
export type Access = 'public' | 'signed-in' | 'verified' | 'staff' | 'admin' | 'platform';

/**
 * One call of the API, declared once: the server registers its route from this (path, validation, OpenAPI) and the
 * PWA calls it through `api.call(endpoint, input)`, whose reply type comes from `response`.
 */
export interface Endpoint {
  readonly method: HttpMethod;
  /** The spec's spelling, odd ones included (`/v1/peralert`); parameters as `:name`. */
  readonly path: string;
  readonly access: Access;
  readonly tags: readonly string[];
  readonly description?: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** multipart/form-data: these fields (validated by this schema) travel beside up to five `files`. */
  readonly form?: z.ZodType;
  /** The envelope's `data` on success; `file` for calls that answer with bytes (downloads, PDFs). */
  readonly response: z.ZodType | 'file';
  /** 201 for calls that create something; 200 otherwise. */
  readonly status?: 200 | 201;
  /** An `Idempotency-Key` header makes a retry replay the first answer instead of doing the work twice. */
  readonly idempotent?: boolean;
}

/** Declares an endpoint, keeping its literal types (path, method, schemas) for inference on both sides. */
export const endpoint = <const E extends Endpoint>(e: E): E => e;

type SchemaAt<E, K extends string> = E extends { readonly [P in K]: infer S extends z.ZodType } ? S : never;

/** What a caller sends (zod's input types: before defaults and coercion). */
export type ParamsIn<E> = z.input<SchemaAt<E, 'params'>>;
export type QueryIn<E> = z.input<SchemaAt<E, 'query'>>;
export type BodyIn<E> = z.input<SchemaAt<E, 'body'>>;
/** What a handler receives (after validation: defaults applied, strings coerced). */
export type ParamsOut<E> = z.output<SchemaAt<E, 'params'>>;
export type QueryOut<E> = z.output<SchemaAt<E, 'query'>>;
export type BodyOut<E> = z.output<SchemaAt<E, 'body'>>;

/** The `data` of a successful reply; a Blob for file replies. */
export type ReplyOf<E extends Endpoint> = E['response'] extends z.ZodType ? z.output<E['response']> : Blob;

/** The input of `api.call`: exactly the parts the endpoint declares (params required when the path has them). */
export type CallInput<E extends Endpoint> = (E extends { readonly params: z.ZodType }
  ? { params: ParamsIn<E> }
  : { params?: never }) &
  (E extends { readonly query: z.ZodType } ? { query?: Partial<QueryIn<E>> } : { query?: never }) &
  (E extends { readonly body: z.ZodType } ? { body: BodyIn<E> } : { body?: never });

/** True when an endpoint needs no input at all, so `api.call(e)` may omit it. */
export type NeedsInput<E extends Endpoint> = E extends { readonly params: z.ZodType }
  ? true
  : E extends { readonly body: z.ZodType }
    ? true
    : false;

/** The URL path of a call: `:name` segments filled (encoded) from `params`. */
export function pathOf(e: Pick<Endpoint, 'path'>, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return e.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${e.path}`);
    }
    return encodeURIComponent(String(value));
  });
}
