import type { FastifyPluginAsync } from 'fastify';
import { receiptEndpoints as ep } from '../../contract/endpoints';
import { notFound } from '../errors';
import { contentDisposition, FileMissing } from '../files/file-store';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';

/** Receipts on a package (by its owner or staff), and the one door through which stored files are read. */
export const receiptRoutes: FastifyPluginAsync = async (app) => {
  route(app, ep.create, async (request, _reply, { upload, tx }) => {
    const { company, user } = authOf(request);
    const receipts = await app.receipts.add(company, user, upload, tx);
    return ok(receipts, receipts.length === 1 ? 'Receipt uploaded' : 'Receipts uploaded', 201);
  });

  route(app, ep.remove, async (request) => {
    const { company, user } = authOf(request);
    await app.receipts.remove(company, user, request.params.id);
    return ok(null, 'Receipt deleted');
  });

  route(app, ep.file, async (request, reply) => {
    const { company, user } = authOf(request);
    const file = await app.storedFiles.fileFor(company, user, request.params.id);
    // Opened before any header goes out: a row whose bytes are gone answers 404 like an unknown file.
    const body = await app.fileStore.open(file.storageKey).catch((err: unknown) => {
      if (!(err instanceof FileMissing)) throw err;
      request.log.warn({ fileId: file.id, key: file.storageKey }, 'stored file missing');
      throw notFound('File not found');
    });
    const disposition = request.query.download === '1' ? 'attachment' : 'inline';
    return reply
      .type(file.contentType)
      .header('content-length', file.sizeBytes)
      .header('content-disposition', contentDisposition(disposition, file.originalName))
      .header('cache-control', 'private, no-store')
      .send(body);
  });
};
