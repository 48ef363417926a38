import type { z } from 'zod';

/*
 * Every call of the API is declared once, in two halves joined by name:
 * - `<resource>.calls.ts` (no zod): how to call it — method, the spec's path, access, status, idempotency. The PWA
 *   imports only these, so zod never reaches its entry bundle; the reply and input types still come from the
 *   schemas, through a type-only link.
 * - `<resource>.ts` (zod): its schemas (params, query, body or multipart form, reply), bound to the calls by
 *   `bindSchemas` into the endpoints the server registers (validation, OpenAPI, the access guard).
 */

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/**
 * Who may call. The server applies it (a guard per level) and the access-control matrix checks it:
 * `signed-in` = any valid session, `verified` = a verified email, `staff` = verified staff or admin,
 * `admin` = verified admin, `platform` = the platform's superadmin.
 */
export type Access = 'public' | 'signed-in' | 'verified' | 'staff' | 'admin' | 'platform';

/** How a call travels: everything but its schemas. */
export interface CallInfo {
  readonly method: HttpMethod;
  /** The spec's spelling, odd ones included (`/v1/peralert`); parameters as `:name`. */
  readonly path: string;
  readonly access: Access;
  readonly tags: readonly string[];
  /**
   * A title of a few words, shown by tools beside the path. Most calls leave it out: it is made from the call's
   * name (`invoices.reversePayment`: "Reverse payment (invoices)"); set it where that would read badly.
   */
  readonly summary?: string;
  readonly description?: string;
  /** 201 for calls that create something; 200 otherwise. */
  readonly status?: 200 | 201;
  /** An `Idempotency-Key` header makes a retry replay the first answer instead of doing the work twice. */
  readonly idempotent?: boolean;
  /** The reply is bytes (a download, a PDF), not the JSON envelope. */
  readonly file?: true;
}

/** A call's schemas. `form`: multipart/form-data fields (validated by it) beside up to five `files`. */
export interface Schemas {
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  readonly form?: z.ZodType;
  /** The envelope's `data` on success (absent for file replies). */
  readonly response?: z.ZodType;
}

/** A call as the PWA holds it: no schemas at run time, their types linked for inference. */
export type Call<S extends Schemas = Schemas> = CallInfo & { readonly __schemas?: S };
/** A call with its schemas: what the server registers. */
export type Endpoint<S extends Schemas = Schemas> = Call<S> & S;

/**
 * Declares a resource's calls. `S` is the type of its schema table (`typeof packageSchemas`, imported as a type):
 * every call has its schemas, and nothing else is declared.
 */
export const callsFor =
  <S extends Record<string, Schemas>>() =>
  <const C extends { readonly [K in keyof S]: CallInfo }>(
    calls: C,
  ): { readonly [K in keyof S]: C[K] & Call<S[K]> } =>
    calls;

/** Joins a resource's calls with their schemas (by name) into the endpoints the server serves. */
export function bindSchemas<C extends Record<string, Call>, S extends { readonly [K in keyof C]: Schemas }>(
  calls: C,
  schemas: S,
): { readonly [K in keyof C]: C[K] & S[K] } {
  return Object.fromEntries(Object.keys(calls).map((k) => [k, { ...calls[k], ...schemas[k] }])) as {
    readonly [K in keyof C]: C[K] & S[K];
  };
}

type SchemasOf<E> = E extends { readonly __schemas?: infer S } ? NonNullable<S> : never;
type SchemaAt<E, K extends keyof Schemas> =
  SchemasOf<E> extends { readonly [P in K]: infer Z extends z.ZodType } ? Z : never;
type Has<E, K extends keyof Schemas> = SchemasOf<E> extends { readonly [P in K]: z.ZodType } ? true : false;

/** What a caller sends (zod's input types: before defaults and coercion). */
export type ParamsIn<E> = z.input<SchemaAt<E, 'params'>>;
export type QueryIn<E> = z.input<SchemaAt<E, 'query'>>;
export type BodyIn<E> = z.input<SchemaAt<E, 'body'>>;
/** What a handler receives (after validation: defaults applied, strings coerced). */
export type ParamsOut<E> = z.output<SchemaAt<E, 'params'>>;
export type QueryOut<E> = z.output<SchemaAt<E, 'query'>>;
export type BodyOut<E> = z.output<SchemaAt<E, 'body'>>;
export type FormOut<E> = z.output<SchemaAt<E, 'form'>>;

/** The `data` of a successful reply; a Blob for file replies. */
export type ReplyOf<E extends Call> = E extends { readonly file: true }
  ? Blob
  : z.output<SchemaAt<E, 'response'>>;

/** The input of `api.call`: exactly the parts the call declares (params required when the path has them). */
export type CallInput<E extends Call> = (Has<E, 'params'> extends true
  ? { params: ParamsIn<E> }
  : { params?: never }) &
  (Has<E, 'query'> extends true ? { query?: Partial<QueryIn<E>> } : { query?: never }) &
  (Has<E, 'body'> extends true ? { body: BodyIn<E> } : { body?: never });

/** True when a call needs no input at all, so `api.call(e)` may omit it. */
export type NeedsInput<E extends Call> =
  Has<E, 'params'> extends true ? true : Has<E, 'body'> extends true ? true : false;

/** The URL path of a call: `:name` segments filled (encoded) from `params`. */
export function pathOf(e: Pick<CallInfo, 'path'>, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return e.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      throw new Error(`Missing path parameter "${name}" for ${e.path}`);
    }
    return encodeURIComponent(String(value));
  });
}
