import { existsSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { displayOf } from '../companies/time-zones';
import type { Config } from '../config';
import type { Db } from '../db';
import { sendNotFound } from '../http/envelope';
import { toCompany } from '../presenters';
import { ACCESS_COOKIE, bootSessionOf } from './boot-session';
import { createDocumentServer, sessionBlock } from './document';
import { documentEncoding, streamDocument } from './document-stream';

/** Paths the API owns: never answered with the PWA's index.html. */
const API_PREFIXES = ['/v1/', '/api/', '/dev/', '/docs'];

/**
 * A file the build would have made (a hashed asset, a script, a style sheet, an icon): when it is missing, a 404.
 * Answering index.html with 200 would make a stale tab parse HTML as JavaScript instead of recovering.
 */
const isBuildFile = (path: string) =>
  path.startsWith('/assets/') ||
  /\.(?:m?js|css|map|woff2?|png|svg|ico|webp|json|webmanifest|txt)$/i.test(path);

/**
 * The PWA: its build's files, and its document for every navigation the API does not own (the router in the page
 * shows its own 404). Also the not-found answer of the API.
 */
export async function registerWeb(
  app: FastifyInstance,
  { config, db }: { config: Config; db: Db },
): Promise<void> {
  const hasWeb = existsSync(join(config.webDir, 'index.html'));
  const documents = createDocumentServer(config.webDir);
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      // Looked up per request (not globbed once at start), so a rebuilt PWA is served without a restart.
      wildcard: true,
      index: false,
      // The build writes `.br` (brotli 11) and `.gz` (gzip 9) beside each compressible file: served as they are
      // (with Vary: Accept-Encoding), smaller than on-the-fly compression and without its CPU per request.
      preCompressed: true,
      setHeaders: (res, path) => {
        // Hashed build assets never change; everything else must be revalidated so a new build is picked up.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  /**
   * The app's document for a navigation: index.html with this host's company and the build id in it (see
   * pwa/document.ts). Revalidated on every visit (no-cache), so a new build is picked up; compressed on the fly (it
   * differs per host), as the API's JSON is. With a session cookie, the user and their first screen
   * (pwa/boot-session.ts) end the body: the rest is sent at once and that part follows when the answers are in; such
   * a document is never stored anywhere (no-store).
   */
  async function sendDocument(request: FastifyRequest, reply: FastifyReply) {
    const [path = '/', search = ''] = request.url.split('?');
    const company = request.company;
    const html = await documents.render(
      company ? toCompany(company, await displayOf(db, company.id)) : null,
      path,
      request.locale,
    );
    if (html === null) return sendNotFound(reply, 'The app is not built');
    const signedIn = Boolean(company && request.cookies?.[ACCESS_COOKIE]);
    // Written in the request's language (the locale cookie, else Accept-Language) and for its session cookie:
    // caches keep one per each.
    reply.header('vary', 'Cookie, Accept-Language').type('text/html; charset=utf-8');
    if (!signedIn) return reply.header('cache-control', 'no-cache').send(html);
    const end = html.search(/<\/body>/i);
    const [head, tail] = end < 0 ? [html, ''] : [html.slice(0, end), html.slice(end)];
    const encoding = documentEncoding(request.headers['accept-encoding']);
    if (encoding !== 'identity') reply.header('content-encoding', encoding);
    return reply
      .header('cache-control', 'no-store')
      .header('vary', 'Cookie, Accept-Language, Accept-Encoding')
      .send(
        streamDocument(
          encoding,
          head,
          async () => {
            const session = await bootSessionOf(app, request, path, search);
            return (session ? sessionBlock(session) : '') + tail;
          },
          tail,
        ),
      );
  }

  if (hasWeb) {
    // "/" is a directory to the static plugin: answer it with the app itself.
    app.get('/', { schema: { hide: true } }, sendDocument);
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p);
    if (!isApi && !isBuildFile(path) && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The PWA's router owns every other path (and shows its own 404 page).
      return sendDocument(request, reply);
    }
    return sendNotFound(reply, `Route ${request.method} ${path} not found`);
  });
}
