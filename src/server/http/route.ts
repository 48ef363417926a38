import type {
  FastifyInstance,
  FastifyReply,
  FastifyRequest,
  preValidationAsyncHookHandler,
  RouteShorthandOptions,
} from 'fastify';
import type { z } from 'zod';
import type { Access, BodyOut, Endpoint, ParamsOut, QueryOut, ReplyOf } from '../../contract/endpoint';
import { type Envelope, envelope } from '../../contract/envelope';
import type { Db } from '../db';
import type { FileStore } from '../files/file-store';
import type { UploadQuota } from '../files/storage-quota';
import { authOf, guard } from './auth';
import { type Idempotency, idempotencyKeyOf, jsonDigest, requestDigest } from './idempotency';
import {
  type FormUpload,
  parseFields,
  readUpload,
  settleUpload,
  type Upload,
  uploadedHashes,
} from './uploads';

/**
 * What `route` needs of the services, for every endpoint alike: the caller's upload quota and the file store (form
 * endpoints), and the Idempotency-Key records (idempotent ones). Decorated once, by registerRoutes (capabilities.ts),
 * before any routes file is registered.
 */
export type RouteKit = { uploadQuota: UploadQuota; fileStore: FileStore; idempotency: Idempotency };

declare module 'fastify' {
  interface FastifyInstance {
    routeKit: RouteKit;
  }
}

/** The request a handler of `e` receives: params, query and body as validated by the endpoint's schemas. */
export type RequestOf<E extends Endpoint> = FastifyRequest<{
  Params: ParamsOut<E>;
  Querystring: QueryOut<E>;
  Body: BodyOut<E>;
}>;

/**
 * What the route adds for the endpoint's options: `upload` (form endpoints: fields validated, files staged) and
 * `tx` (idempotent endpoints: the transaction the Idempotency-Key's record commits in, so the work must use it).
 */
export type RouteContext<E extends Endpoint> = (E extends { readonly form: infer S extends z.ZodType }
  ? { upload: FormUpload<z.output<S>> }
  : unknown) &
  (E extends { readonly idempotent: true } ? { tx: Db } : unknown);

/** A handler answers the endpoint's envelope, or sends the reply itself (files, redirects). */
export type HandlerOf<E extends Endpoint> = (
  request: RequestOf<E>,
  reply: FastifyReply,
  context: RouteContext<E>,
) => Promise<Envelope<ReplyOf<E>> | FastifyReply>;

/** What else a route may set: rate limits and the like. Path, method, schema and access come from the contract. */
export type RouteExtras = Pick<RouteShorthandOptions, 'config' | 'bodyLimit'>;

const guards: Record<Access, preValidationAsyncHookHandler | undefined> = {
  public: undefined,
  'signed-in': guard(),
  verified: guard({ verified: true }),
  staff: guard({ verified: true, roles: ['staff', 'admin'] }),
  admin: guard({ verified: true, roles: ['admin'] }),
  platform: guard({ superadmin: true }),
};

/**
 * The validation and reply schemas of an endpoint, as Fastify takes them. What only the OpenAPI document says (its
 * name, summary, tags, security, error replies) is added there, from the same declaration (openapi.ts).
 */
function schemaOf(e: Endpoint) {
  const status = e.status ?? 200;
  return {
    ...(e.params ? { params: e.params } : {}),
    ...(e.query ? { querystring: e.query } : {}),
    ...(e.body ? { body: e.body } : {}),
    ...(e.form ? { consumes: ['multipart/form-data'] } : {}),
    ...(e.response ? { response: { [status]: envelope(e.response) } } : {}),
  };
}

const isEnvelope = (v: unknown): v is Envelope<unknown> =>
  typeof v === 'object' && v !== null && 'success' in v && 'statusCode' in v;

/**
 * Registers the route of a contract endpoint: method, path, validation, OpenAPI and the access guard all come from
 * the declaration, so a call is typed once. Form endpoints get their upload read (within the caller's quota) and
 * validated; idempotent ones run in the Idempotency-Key's transaction. An upload's files are settled here, once, when
 * the request ends: leftovers of a replay or a failure go, and after a failure also the files the work had moved
 * into place, as the transaction that held their rows rolled back (settleUpload).
 */
export function route<E extends Endpoint>(
  app: FastifyInstance,
  e: E,
  handler: HandlerOf<E>,
  extras: RouteExtras = {},
): void {
  // The guard runs before validation: a caller who may not call at all learns nothing about what a valid request
  // looks like (403/401, never a 400 listing the fields).
  const preValidation = guards[e.access];
  const kit = app.routeKit;
  // The type says it is there; this says so at start, not at the first upload, if the wiring ever forgets it.
  if (!kit) throw new Error(`${e.method} ${e.path}: routeKit is decorated before routes are registered`);
  app.route({
    method: e.method,
    url: e.path,
    schema: schemaOf(e),
    ...(preValidation ? { preValidation } : {}),
    ...extras,
    handler: async (request, reply) => {
      reply.code(e.status ?? 200);
      const req = request as RequestOf<E>;
      const key = e.idempotent ? idempotencyKeyOf(request) : undefined;
      let upload: Upload | undefined;
      // Cleared only once the work (and the transaction its rows are in) has finished without an error.
      let failed = true;
      try {
        const context: { upload?: FormUpload<unknown>; tx?: Db } = {};
        if (e.form) {
          const { company, user } = authOf(request);
          await kit.uploadQuota.check(company, user, Number(request.headers['content-length'] ?? 0));
          upload = await readUpload(request, kit.fileStore);
          context.upload = {
            fields: parseFields(e.form, upload.fields),
            raw: upload.fields,
            files: upload.files,
          };
        }
        if (!e.idempotent) {
          const answer = await handler(req, reply, context as RouteContext<E>);
          failed = false;
          return answer;
        }
        const { company, user } = authOf(request);
        const digest = upload
          ? requestDigest(e.method, e.path, upload.fields, uploadedHashes(upload))
          : jsonDigest(e.method, e.path, request.body);
        const sent = await kit.idempotency.run(reply, { company, user, key, digest }, async (tx) => {
          const answer = await handler(req, reply, { ...context, tx } as RouteContext<E>);
          if (!isEnvelope(answer))
            throw new Error(`${e.method} ${e.path}: an idempotent handler answers an envelope`);
          return { status: answer.statusCode, body: answer };
        });
        failed = false;
        return sent;
      } finally {
        if (upload) await settleUpload(request, kit.fileStore, upload.files, failed);
      }
    },
  });
}
