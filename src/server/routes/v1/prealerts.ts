import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { envelope, paginated, uuidParamSchema } from '../../../contract/envelope';
import { prealertListQuerySchema, prealertSchema } from '../../../contract/packages';
import { authOf, guard } from '../../plugins/auth';
import { ok } from '../../plugins/envelope';
import { idempotencyKeyOf, requestDigest } from '../../services/idempotency';
import { discardAll, readUpload, uploadedHashes } from '../../services/uploads';

const tags = ['pre-alerts'];
const security = [{ bearer: [] }];

/** Pre-alerts at the spec's path (`/v1/peralert`, sic). The create call is multipart: fields plus 1–5 `files`. */
export const prealertRoutes: FastifyPluginAsyncZod = async (app) => {
  const verified = guard({ verified: true });

  app.post(
    '/v1/peralert',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        consumes: ['multipart/form-data'],
        description:
          'Send an Idempotency-Key header so a retry never creates a second pre-alert. multipart/form-data: tracking_number, seller_name, description, weight (lb), value (USD), package_type, height, length, width (default 0), files (1–5; PDF, JPEG, PNG, WebP or HEIC; ≤ 10 MB each).',
        response: { 201: envelope(prealertSchema) },
      },
    },
    async (request, reply) => {
      const { company, user } = authOf(request);
      const key = idempotencyKeyOf(request);
      await app.uploadQuota.check(company, user, Number(request.headers['content-length'] ?? 0));
      const upload = await readUpload(request, app.fileStore);
      const digest = requestDigest('POST', '/v1/peralert', upload.fields, uploadedHashes(upload));
      return app.idempotency.run(
        reply,
        { company, user, key, digest },
        async (tx) => {
          const prealert = await app.packages.createPrealert(company, user, upload, tx);
          // A bonus never fails the pre-alert: a failure is logged and the pre-alert goes on.
          const failed = await app.points.prealertBonusWithin(tx, company, user, prealert);
          if (failed) request.log.error({ err: failed, prealertId: prealert.id }, 'pre-alert bonus failed');
          return { status: 201, body: ok(prealert, 'Pre-alert sent', 201) };
        },
        () => discardAll(app.fileStore, upload.files),
      );
    },
  );

  app.get(
    '/v1/peralert',
    {
      preHandler: verified,
      schema: {
        tags,
        security,
        querystring: prealertListQuerySchema,
        response: { 200: envelope(paginated(prealertSchema)) },
      },
    },
    async (request) => {
      const { company, user } = authOf(request);
      return ok(await app.packages.listPrealerts(company, user, request.query));
    },
  );

  app.post(
    '/v1/peralert/:id/cancel',
    {
      preHandler: verified,
      schema: { tags, security, params: uuidParamSchema, response: { 200: envelope(prealertSchema) } },
    },
    async (request) => {
      const { company, user } = authOf(request);
      const prealert = await app.packages.cancelPrealert(company, user, request.params.id);
      await app.points
        .reversePrealertBonus(company, user, prealert.tracking_number)
        .catch((err) =>
          request.log.error({ err, prealertId: prealert.id }, 'pre-alert bonus reversal failed'),
        );
      return ok(prealert, 'Pre-alert cancelled');
    },
  );
};
