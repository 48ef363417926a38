import { msg } from '@lingui/core/runtime-macro';
import type { FastifyPluginAsync } from 'fastify';
import { receiptEndpoints as ep } from '../../contract/endpoints';
import { notFound } from '../errors';
import { contentDisposition, FileMissing } from '../files/file-store';
import { authOf } from '../http/auth';
import { ok } from '../http/envelope';
import { route } from '../http/route';
import { t } from '../i18n';
import type { Services } from '../services';

/** Receipts on a package (by its owner or staff), and the one door through which stored files are read. */
export const receiptRoutes: FastifyPluginAsync<
  Pick<Services, 'receipts' | 'storedFiles' | 'fileStore'>
> = async (app, { receipts, storedFiles, fileStore }) => {
  route(app, ep.create, async (request, _reply, { upload, tx }) => {
    const { company, user } = authOf(request);
    const added = await receipts.add(company, user, upload, tx);
    return ok(added, added.length === 1 ? 'Receipt uploaded' : 'Receipts uploaded', 201);
  });

  route(app, ep.remove, async (request) => {
    const { company, user } = authOf(request);
    await receipts.remove(company, user, request.params.id);
    return ok(null, t(msg`Receipt deleted`));
  });

  route(app, ep.file, async (request, reply) => {
    const { company, user } = authOf(request);
    const file = await storedFiles.fileFor(company, user, request.params.id);
    // Opened before any header goes out: a row whose bytes are gone answers 404 like an unknown file.
    const body = await fileStore.open(file.storageKey).catch((err: unknown) => {
      if (!(err instanceof FileMissing)) throw err;
      request.log.warn({ fileId: file.id, key: file.storageKey }, 'stored file missing');
      throw notFound(msg`File not found`);
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
