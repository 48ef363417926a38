import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { startAppJobs } from './app-jobs';
import { signInPaused } from './auth/login-throttle';
import { createTokenSigner } from './auth/tokens';
import { createServices, registerRoutes } from './capabilities';
import { connectRedis, type RedisLink } from './cluster/redis';
import { shareWrites } from './cluster/write-bus';
import { timeZoneOf } from './companies/time-zones';
import type { Config } from './config';
import type { Db } from './db';
import { HEALTH_PATHS } from './health/health.routes';
import { authPlugin } from './http/auth';
import { envelopePlugin, sendNotFound } from './http/envelope';
import { openApiOptions } from './http/openapi';
import { tenantPlugin } from './http/tenant';
import { multipartLimits } from './http/uploads';
import { JobQueue, type JobQueueOptions } from './jobs/queue';
import { createMailer, type Mailer } from './mail/mailer';
import { toCompany } from './presenters';
import { createDocumentServer } from './pwa/document';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    /** The link to Redis (REDIS_URL), or null: limits and caches are this process's own. */
    redis: RedisLink | null;
    /** Set when the server starts to stop: /readyz answers 503 so a load balancer sends nothing new. */
    draining: boolean;
    /** Every route served, as "METHOD /path" (the contract test holds them to the declarations). */
    served: Set<string>;
  }
}

/** Paths the API owns: never answered with the PWA's index.html. */
const API_PREFIXES = ['/v1/', '/api/', '/dev/', '/docs'];

/**
 * A file the build would have made (a hashed asset, a script, a style sheet, an icon): when it is missing, a 404.
 * Answering index.html with 200 would make a stale tab parse HTML as JavaScript instead of recovering.
 */
const isBuildFile = (path: string) =>
  path.startsWith('/assets/') ||
  /\.(?:m?js|css|map|woff2?|png|svg|ico|webp|json|webmanifest|txt)$/i.test(path);

/** What a JSON reply needs if it is ever opened as a page or framed: nothing may load, nothing may frame it. */
const JSON_CSP = "default-src 'none'; frame-ancestors 'none'";

/**
 * Every reply: nosniff (a reply is only ever read as the type it says). HTML documents (the app, the API docs, the
 * local mailbox): the whole helmet set (CSP, framing, cross-origin isolation, referrer, …), which only a document
 * obeys. Everything else: same-origin resource policy; JSON also a CSP that allows nothing and no framing (as
 * OWASP's REST guidance asks: 42 bytes), not the document's policy, which a browser never applies to data. The
 * document that loads a script or a style sheet carries the policy that governs it.
 */
function securityHeadersFor(reply: FastifyReply) {
  reply.header('x-content-type-options', 'nosniff');
  const type = String(reply.getHeader('content-type') ?? '');
  // `reply.helmet` is set by the helmet plugin's onRequest hook; a reply failed before it is never a document.
  if (type.startsWith('text/html') && typeof reply.helmet === 'function') reply.helmet();
  else {
    // Not for other sites' pages to embed (as helmet's default set did for every reply before).
    reply.header('cross-origin-resource-policy', 'same-origin');
    if (type.startsWith('application/json') && !reply.hasHeader('content-security-policy'))
      reply.header('content-security-policy', JSON_CSP);
  }
}

/**
 * `logStream` lets tests read the structured log (and check that no secret is in it); `jobs` tunes the job queue
 * (tests: quick retries).
 */
export type AppOptions = {
  config: Config;
  db: Db;
  logStream?: NodeJS.WritableStream;
  jobs?: Partial<Omit<JobQueueOptions, 'log'>>;
};

export async function buildApp({
  config,
  db,
  logStream,
  jobs: jobOptions,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: {
      level: config.logLevel,
      ...(logStream ? { stream: logStream } : {}),
      // Credentials never reach the log, whatever route logs a request.
      redact: {
        paths: [
          'req.headers.authorization',
          'req.headers.cookie',
          'req.body.password',
          'req.body.refreshToken',
          'req.body.token',
          'req.body.current_password',
          'req.body.new_password',
        ],
        censor: '[redacted]',
      },
    },
    // A hop count, never `true`: with `true` the left-most X-Forwarded-For (written by the client) would be its ip.
    trustProxy: config.trustProxy > 0 ? (_address: string, hop: number) => hop < config.trustProxy : false,
    bodyLimit: 1024 * 1024,
    routerOptions: { ignoreTrailingSlash: true, maxParamLength: 200 },
    genReqId: () => crypto.randomUUID(),
    // While closing, a request that arrives on a connection already open is still served (not a 503): a rolling
    // restart must drop nothing. New connections are refused as soon as close starts.
    return503OnClosing: false,
    // Fastify's own routing errors (bad URL encoding, a param past maxParamLength) bypass the error handler: they
    // answer the envelope here, as every other reply does.
    frameworkErrors: (error, _request, reply) => {
      const statusCode = error.statusCode ?? 400;
      const message =
        statusCode >= 500
          ? 'Unexpected error occurred'
          : error.code === 'FST_ERR_MAX_PARAM_LENGTH'
            ? 'A path parameter is too long'
            : 'The URL is not validly encoded';
      // Written as Fastify's default handler writes these (no route, so no hooks to run).
      const body = JSON.stringify({ success: false, message, data: null, statusCode });
      reply.raw.writeHead(statusCode, {
        'content-type': 'application/json; charset=utf-8',
        'content-length': Buffer.byteLength(body),
      });
      reply.raw.end(body);
    },
    // What Node's HTTP parser refuses before there is a request (headers too large: 431; a garbage request line: 400)
    // gets the envelope too, written on the raw socket the way Fastify's default handler writes its own JSON.
    clientErrorHandler: (err, socket) => {
      if (err.code === 'ECONNRESET' || socket.destroyed) return;
      const [statusCode, reason, message] =
        err.code === 'HPE_HEADER_OVERFLOW'
          ? [431, 'Request Header Fields Too Large', 'The request headers are too large']
          : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
            ? [408, 'Request Timeout', 'The request took too long to arrive']
            : [400, 'Bad Request', 'The request could not be read'];
      const body = JSON.stringify({ success: false, message, data: null, statusCode });
      if (socket.writable) {
        socket.write(
          `HTTP/1.1 ${statusCode} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\n` +
            `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
        );
      }
      socket.destroy(err);
    },
  }).withTypeProvider<ZodTypeProvider>();

  // The API speaks JSON (and multipart where files go up); a text/plain body is a client mistake: 415.
  app.removeContentTypeParser('text/plain');
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);

  const mailer = createMailer({ smtpUrl: config.smtpUrl, dataDir: config.dataDir, log: app.log });
  const signer = createTokenSigner(config.jwtSecret, config.accessTokenTtlSeconds);
  const redis = config.redisUrl ? await connectRedis(config.redisUrl, app.log) : null;
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer);
  app.decorate('redis', redis);
  app.decorate('draining', false);
  if (redis) {
    const stopSharing = await shareWrites(db, redis, app.log);
    app.addHook('onClose', async () => {
      stopSharing();
      await redis.close();
    });
  }
  const jobs = new JobQueue(db, { log: app.log, pollingIntervalSeconds: 2, ...jobOptions });
  const services = createServices({ db, config, jobs, signer, log: app.log, redis });
  // Typed by `Services` (see capabilities.ts); decorated by name so a new service needs no line here.
  for (const [name, service] of Object.entries(services)) app.decorate(name as string, service as unknown);
  await startAppJobs({
    jobs,
    db,
    mailer,
    store: services.fileStore,
    audit: services.audit,
    invoiceSends: services.invoiceSends,
    refreshOverdue: services.invoices.refreshOverdue,
    log: app.log,
  });
  app.addHook('onClose', async () => {
    // The jobs in hand finish; what is still queued stays in the database for the next instance.
    await jobs.stop();
    mailer.close();
  });

  await app.register(envelopePlugin);
  app.addHook('onSend', async (request, reply) => {
    // Behind a TLS proxy (TRUST_PROXY, X-Forwarded-Proto: https) the site is https-only from then on.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // Shutting down: the client (a load balancer's kept-alive connection) opens its next request elsewhere.
    if (app.draining) reply.header('connection', 'close');
    // Security headers by kind of reply: they cost bytes on every response (HTTP/1.1 does not compress them), and
    // most of them only mean something to a document. See securityHeadersFor.
    securityHeadersFor(reply);
    // API replies carry tokens and personal data: no cache (the browser's, a proxy's) keeps them.
    const path = request.url;
    if (
      (path.startsWith('/v1/') || path.startsWith('/api/') || path.startsWith('/dev/')) &&
      !reply.hasHeader('cache-control')
    ) {
      reply.header('cache-control', 'no-store');
    }
  });
  // Compressed replies: the PWA's JS and CSS shrink about 4x, and so do larger JSON pages. Brotli at a middle
  // quality keeps the CPU cost of compressing on the fly low; file streams (downloads) keep their own encoding rules.
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  // Not global: the document headers go on HTML replies only (the onSend hook above calls `reply.helmet()`).
  await app.register(helmet, {
    global: false,
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // Mantine sets CSS variables and component styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        workerSrc: ["'self'"],
        manifestSrc: ["'self'"],
        // Receipts (PDFs, images) are previewed in the page from blob: URLs of bytes fetched with the bearer.
        frameSrc: ["'self'", 'blob:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // Served over plain http on localhost in development; HSTS belongs to the TLS-terminating proxy.
    strictTransportSecurity: false,
    crossOriginEmbedderPolicy: false,
  });
  await app.register(cors, {
    origin: config.corsOrigins.length > 0 ? config.corsOrigins : false,
    credentials: false,
    exposedHeaders: ['Retry-After', 'Idempotent-Replayed'],
    allowedHeaders: ['Authorization', 'Content-Type', 'Idempotency-Key'],
  });
  // Read for the sign-in's device cookie (auth/device-cookie.ts); sessions themselves travel as bearer tokens.
  await app.register(cookie);
  if (redis && config.signInLimitsWithoutRedis === 'closed') {
    // Fail closed (the operator's choice): while Redis is not connected, the calls its limits guard are refused.
    app.addHook('onRequest', async (request) => {
      if (request.routeOptions.config.rateLimit && redis.client.status !== 'ready') throw signInPaused();
    });
  }
  await app.register(rateLimit, {
    global: false,
    // With REDIS_URL the counts are shared by every instance (10 sign-ins a minute in all, not 10 per instance).
    // If Redis stops answering, requests go on without the limit (logged) rather than failing: the per-account
    // limit and the password's cost remain, and /readyz reports the outage (SIGN_IN_LIMITS_WITHOUT_REDIS=closed
    // refuses them instead, above).
    ...(redis ? { redis: redis.client, nameSpace: 'portal:rate-limit:', skipOnError: true } : {}),
    // The real client (as the nearest trusted proxy saw it) on this company: other spellings of the host
    // (LOCALHOST, localhost., another port) resolve to the same company and share the limit.
    keyGenerator: (req) => `${req.ip}|${req.company?.id ?? req.site?.hostname ?? ''}`,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts; try again in ${Math.ceil(ctx.ttl / 1000)} s`,
    }),
  });
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  await app.register(tenantPlugin, { db, hostless: HEALTH_PATHS });
  await app.register(authPlugin, { db, signer });

  await app.register(swagger, openApiOptions());
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // The docs are served over plain http on localhost too: never ask the browser to upgrade their requests.
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, ''),
  });

  const served = new Set<string>();
  app.decorate('served', served);
  app.addHook('onRoute', (r) => {
    for (const method of [r.method].flat()) served.add(`${method} ${r.url}`);
  });
  await registerRoutes(app);

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
   * pwa/document.ts). Revalidated on every visit (no-cache), so a new build is picked up; compressed on the fly
   * (it differs per host), as the API's JSON is.
   */
  async function sendDocument(request: FastifyRequest, reply: FastifyReply) {
    const path = request.url.split('?')[0] ?? '/';
    const company = request.company;
    const html = await documents.render(
      company ? toCompany(company, await timeZoneOf(db, company.id)) : null,
      path,
    );
    if (html === null) return sendNotFound(reply, 'The app is not built');
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
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

  return app;
}
