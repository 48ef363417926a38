import type {
  FastifyDynamicSwaggerOptions,
  SwaggerTransform,
  SwaggerTransformObject,
} from '@fastify/swagger';
import type { FastifySchema } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access, Endpoint } from '../../contract/endpoint';
import { type NamedEndpoint, namedEndpoints } from '../../contract/endpoints';
import { errorEnvelopeSchema } from '../../contract/envelope';
import { isJsonObject, type Json, type JsonObject, withTypedNullables } from './openapi-nullable';

/*
 * The OpenAPI document served at /docs/json, made from the contract's declarations alone: for each call its name
 * (operationId), a summary, its access (security) and the error replies it can get, so that tools (generated
 * clients, linters, gateways) can use it as it is. Routes stay thin: none of this is written per route.
 */

/** The error replies of the API: each is the envelope with `success: false` (and `errors` on a 400). */
const ERRORS = {
  400: {
    name: 'BadRequest',
    description:
      'The request is not valid; `message` says why, and a validation failure names each field in `errors` (field path → messages).',
  },
  401: {
    name: 'Unauthorized',
    description:
      'No valid session: no bearer token, an expired one, or one issued on another company’s host.',
  },
  403: {
    name: 'Forbidden',
    description: 'The call needs what the caller lacks: a verified email, or a role.',
  },
  404: {
    name: 'NotFound',
    description: 'No such record for this caller, or no company is served on this host.',
  },
  409: {
    name: 'Conflict',
    description:
      'The record’s state does not allow it, or the same Idempotency-Key is still being processed.',
  },
  413: { name: 'PayloadTooLarge', description: 'The body, or a file of the form, is too large.' },
  415: {
    name: 'UnsupportedMediaType',
    description: 'The body is not of the type the call takes (JSON, or a form).',
  },
  422: {
    name: 'UnprocessableEntity',
    description: 'This Idempotency-Key was already used for a different request.',
  },
  429: {
    name: 'TooManyRequests',
    description: 'Too many attempts from this client: try again after Retry-After.',
  },
} as const;
type ErrorStatus = keyof typeof ERRORS;

/** Access levels whose guard refuses a signed-in caller (an unverified email, a role). */
const REFUSES_SIGNED_IN: readonly Access[] = ['verified', 'staff', 'admin', 'platform'];

/** What the error replies of an operation depend on. */
type Facts = Pick<Endpoint, 'access' | 'method'> & {
  takesBody: boolean;
  idempotent: boolean;
  rateLimited: boolean;
};

/**
 * The error replies an operation can get, from its declaration. Every call can be a 400 (a malformed Host, URL or
 * body) and a 404 (a host that serves no company, or a record the caller may not see); the rest by what it is.
 */
export function errorStatusesOf(f: Facts): ErrorStatus[] {
  const statuses: (ErrorStatus | false)[] = [
    400,
    f.access !== 'public' && 401,
    REFUSES_SIGNED_IN.includes(f.access) && 403,
    404,
    f.method !== 'GET' && 409,
    f.takesBody && 413,
    f.takesBody && 415,
    f.idempotent && 422,
    f.rateLimited && 429,
  ];
  return statuses.filter((s): s is ErrorStatus => s !== false);
}

const words = (name: string) => name.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
const capitalised = (s: string) => `${s.charAt(0).toUpperCase()}${s.slice(1)}`;

/** The usual calls of a resource, as a sentence about it. */
const USUAL: Record<string, (resource: { all: string; one: string }) => string> = {
  list: (r) => `List ${r.all}`,
  one: (r) => `Get ${r.one}`,
  get: (r) => `Get ${r.all}`,
  create: (r) => `Create ${r.one}`,
  update: (r) => `Update ${r.one}`,
  remove: (r) => `Remove ${r.one}`,
};

/**
 * The declaration's summary, or one made from its names: `invoices.list` "List invoices", `invoices.one` "Get
 * invoice", any other call "<call> (<resource>)" (`invoices.reversePayment` "Reverse payment (invoices)").
 */
export function summaryOf(n: NamedEndpoint): string {
  if (n.endpoint.summary) return n.endpoint.summary;
  const all = words(n.resource);
  // A record of the resource: named in the path, or being made.
  const one =
    n.endpoint.path.includes(':') || n.call === 'create' ? all.replace(/ies$/, 'y').replace(/s$/, '') : all;
  return USUAL[n.call]?.({ all, one }) ?? `${capitalised(words(n.call))} (${all})`;
}

/** How a declared path is documented: without the trailing slash some spec paths have (the router ignores it). */
export const documentedPath = (path: string) => (path.length > 1 ? path.replace(/\/$/, '') : path);

const declared = new Map(namedEndpoints.map((n) => [`${n.endpoint.method} ${n.endpoint.path}`, n]));
const opKey = (method: string, url: string) => `${method.toLowerCase()} ${url.replace(/:(\w+)/g, '{$1}')}`;
const ref = (status: ErrorStatus) => ({ $ref: `#/components/responses/${ERRORS[status].name}` });

/** The document's shared replies: the error envelope (from the contract's schema) and one response per error. */
function components(used: ReadonlySet<ErrorStatus>): JsonObject & { schemas: JsonObject } {
  const envelope = withTypedNullables(z.toJSONSchema(errorEnvelopeSchema, { target: 'openapi-3.0' }) as Json);
  const content = { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } };
  const responses: JsonObject = {};
  for (const status of [...used].sort()) {
    const { name, description } = ERRORS[status];
    const retryAfter = { description: 'Seconds to wait', schema: { type: 'integer' } };
    responses[name] = {
      description,
      content,
      ...(status === 429 ? { headers: { 'Retry-After': retryAfter } } : {}),
    };
  }
  return { schemas: { ErrorEnvelope: envelope }, responses };
}

/**
 * The options of @fastify/swagger. Each route's schema is converted from zod as before, then named, summarised and
 * secured from its declaration; the whole document then gets each operation's error replies (collected here while
 * its routes were converted) and schemas valid for OpenAPI 3.0.
 */
export function openApiOptions(): FastifyDynamicSwaggerOptions {
  const errorsOf = new Map<string, ErrorStatus[]>();

  const transform: SwaggerTransform = (input) => {
    const { schema, url } = jsonSchemaTransform(input);
    const method = [input.route.method].flat()[0] ?? 'GET';
    const n = declared.get(`${method} ${input.url}`);
    const documented = n ? documentedPath(url) : url;
    const rateLimited = Boolean(input.route.config && 'rateLimit' in input.route.config);
    const e = n?.endpoint;
    errorsOf.set(
      opKey(method, documented),
      errorStatusesOf({
        access: e?.access ?? 'public',
        method: e?.method ?? 'GET',
        takesBody: Boolean(e?.body ?? e?.form),
        idempotent: Boolean(e?.idempotent),
        rateLimited,
      }),
    );
    if (!n || !e) return { schema: { security: [], ...schema }, url: documented };
    const doc: FastifySchema = {
      operationId: n.name,
      summary: summaryOf(n),
      tags: [...e.tags],
      // No token: an explicit empty list, so tools know the call is public rather than undocumented.
      security: e.access === 'public' ? [] : [{ bearer: [] }],
      ...(e.description ? { description: e.description } : {}),
    };
    return { schema: { ...schema, ...doc }, url: documented };
  };

  return {
    openapi: {
      info: {
        title: 'Forwarder portal API',
        version: '1',
        description:
          'Every reply is the envelope `{ success, message, data, statusCode }`. Each company is served on its own host: call the API on the host of the company.',
      },
      // Relative: the document is served by each company's host, and its calls go to that same host.
      servers: [{ url: '/', description: 'The host that serves this document' }],
      // Here from the start: the routes' `security` is checked against it as each is converted.
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform,
    transformObject: (input) => {
      const doc: unknown = JSON.parse(
        JSON.stringify('openapiObject' in input ? input.openapiObject : input.swaggerObject),
      );
      if (!isJsonObject(doc)) throw new Error('The OpenAPI document is not an object');
      // Rewritten as the JSON it is served as, then handed back under @fastify/swagger's own type for it.
      return finished(doc, errorsOf) as unknown as ReturnType<SwaggerTransformObject>;
    },
  };
}

/** The whole document: each operation's error replies (as collected by `transform`), the shared parts, 3.0 schemas. */
function finished(doc: JsonObject, errorsOf: ReadonlyMap<string, ErrorStatus[]>): Json {
  const paths: JsonObject = {};
  const used = new Set<ErrorStatus>();
  for (const [path, item] of Object.entries(isJsonObject(doc.paths) ? doc.paths : {})) {
    const operations: JsonObject = {};
    for (const [method, op] of Object.entries(isJsonObject(item) ? item : {})) {
      if (!isJsonObject(op)) continue;
      const statuses = errorsOf.get(opKey(method, path)) ?? [];
      const responses: JsonObject = { ...(isJsonObject(op.responses) ? op.responses : {}) };
      for (const s of statuses) {
        used.add(s);
        responses[s] = ref(s);
      }
      operations[method] = { ...op, responses };
    }
    paths[path] = operations;
  }
  const shared = components(used);
  const before = isJsonObject(doc.components) ? doc.components : {};
  const schemas = { ...(isJsonObject(before.schemas) ? before.schemas : {}), ...shared.schemas };
  return withTypedNullables({ ...doc, paths, components: { ...before, ...shared, schemas } });
}
