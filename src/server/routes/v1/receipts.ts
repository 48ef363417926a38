import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { envelope, okSchema, uuidParamSchema } from '../../../contract/envelope';
import { receiptSchema } from '../../../contract/packages';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { contentDisposition } from '../../services/file-store';
import { idempotencyKeyOf, requestDigest } from '../../services/idempotency';
import { discardAll, readUpload, uploadedHashes } from '../../services/uploads';

const security = [{ bearer: [] }];

/** Receipts on a package (by its owner or staff), and the one door through which stored files are read. */
export const receiptRoutes: FastifyPluginAsyncZod = async (app) => {
  const verified = guard({ verified: true });

  app.post(
    '/v1/packagereceipts',
    {
      preHandler: verified,
      schema: {
        tags: ['receipts'],
        security,
        consumes: ['multipart/form-data'],
        description:
          'Idempotency-Key header honoured. multipart/form-data: package_id, update_by (optional; only the caller), files (1–5).',
        response: { 201: envelope(z.array(receiptSchema)) },
      },
    },
    async (request, reply) => {
      const { company, user } = authOf(request);
      const key = idempotencyKeyOf(request);
      await app.uploadQuota.check(company, user, Number(request.headers['content-length'] ?? 0));
      const upload = await readUpload(request, app.fileStore);
      const digest = requestDigest('POST', '/v1/packagereceipts', upload.fields, uploadedHashes(upload));
      return app.idempotency.run(
        reply,
        { company, user, key, digest },
        async (tx) => {
          const receipts = await app.packages.addReceipts(company, user, upload, tx);
          return {
            status: 201,
            body: ok(receipts, receipts.length === 1 ? 'Receipt uploaded' : 'Receipts uploaded', 201),
          };
        },
        () => discardAll(app.fileStore, upload.files),
      );
    },
  );

  app.delete(
    '/v1/packagereceipts/:id',
    {
      preHandler: verified,
      schema: { tags: ['receipts'], security, params: uuidParamSchema, response: { 200: okSchema } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      await app.packages.deleteReceipt(company, user, request.params.id);
      return ok(null, 'Receipt deleted');
    },
  );

  app.get(
    '/v1/files/:id',
    {
      preHandler: verified,
      schema: {
        tags: ['files'],
        security,
        params: uuidParamSchema,
        querystring: z.object({ download: z.enum(['0', '1']).optional() }),
        description: "The file's bytes with its type; `?download=1` asks the browser to save it.",
      },
    },
    async (request, reply) => {
      const { company, user } = authOf(request);
      const file = await app.packages.fileFor(company, user, request.params.id);
      return reply
        .type(file.contentType)
        .header('content-length', file.sizeBytes)
        .header(
          'content-disposition',
          contentDisposition(request.query.download === '1' ? 'attachment' : 'inline', file.originalName),
        )
        .header('cache-control', 'private, no-store')
        .send(app.fileStore.open(file.storageKey));
    },
  );
};
