import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  jsonSchemaTransform,
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import type { Config } from './config';
import type { Db } from './db';
import { authPlugin } from './plugins/auth';
import { envelopePlugin, sendNotFound } from './plugins/envelope';
import { tenantPlugin } from './plugins/tenant';
import { devRoutes } from './routes/dev';
import { authRoutes } from './routes/v1/auth';
import { authorizedPersonRoutes } from './routes/v1/authorized-persons';
import { companyRoutes } from './routes/v1/companies';
import { dutyRoutes } from './routes/v1/duty';
import { invoiceRoutes } from './routes/v1/invoices';
import { menuRoutes } from './routes/v1/menus';
import { notificationRoutes } from './routes/v1/notifications';
import { packageRoutes } from './routes/v1/packages';
import { pointsRoutes } from './routes/v1/points';
import { prealertRoutes } from './routes/v1/prealerts';
import { profileRoutes } from './routes/v1/profile';
import { purchaseRequestRoutes } from './routes/v1/purchase-requests';
import { receiptRoutes } from './routes/v1/receipts';
import { referenceRoutes } from './routes/v1/reference';
import { userRoutes } from './routes/v1/users';
import { webManifestRoutes } from './routes/web-manifest';
import { type AuthService, createAuthService } from './services/auth';
import { type AuthorizedPersonService, createAuthorizedPersonService } from './services/authorized-persons';
import { type CompanyService, createCompanyService } from './services/companies';
import { createEstimatorService, type EstimatorService } from './services/estimator';
import { createDiskFileStore, type FileStore } from './services/file-store';
import { createIdempotency, type Idempotency } from './services/idempotency';
import { createInvoiceService, type InvoiceService } from './services/invoices';
import { createLoginThrottle } from './services/login-throttle';
import { createMailer, type Mailer } from './services/mailer';
import { createMenuService, type MenuService } from './services/menus';
import { createNotificationService, type NotificationService } from './services/notifications';
import { createPackageService, type PackageService } from './services/packages';
import { createPointsService, type PointsService } from './services/points';
import { createProfileService, type ProfileService } from './services/profile';
import { createPurchaseRequestService, type PurchaseRequestService } from './services/purchase-requests';
import { createReferenceService, type ReferenceService } from './services/reference';
import { createUploadQuota, type UploadQuota } from './services/storage-quota';
import { createTokenSigner } from './services/tokens';
import { multipartLimits } from './services/uploads';
import { createUserService, type UserService } from './services/users';

declare module 'fastify' {
  interface FastifyInstance {
    config: Config;
    db: Db;
    mailer: Mailer;
    authService: AuthService;
    fileStore: FileStore;
    packages: PackageService;
    idempotency: Idempotency;
    uploadQuota: UploadQuota;
    notifications: NotificationService;
    points: PointsService;
    invoices: InvoiceService;
    estimator: EstimatorService;
    authorizedPersons: AuthorizedPersonService;
    purchaseRequests: PurchaseRequestService;
    profile: ProfileService;
    companies: CompanyService;
    menus: MenuService;
    reference: ReferenceService;
    users: UserService;
  }
}

/** Paths the API owns: never answered with the PWA's index.html. */
const API_PREFIXES = ['/v1/', '/api/', '/dev/', '/docs'];

/** `logStream` lets tests read the structured log (and check that no secret is in it). */
export type AppOptions = { config: Config; db: Db; logStream?: NodeJS.WritableStream };

export async function buildApp({ config, db, logStream }: AppOptions): Promise<FastifyInstance> {
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
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('mailer', mailer);
  const throttle = createLoginThrottle({
    max: config.rateLimits.failedLoginsPerAccount,
    windowMs: 15 * 60_000,
  });
  app.decorate('authService', createAuthService({ db, signer, mailer, config, log: app.log, throttle }));
  const fileStore = createDiskFileStore(join(config.dataDir, 'files'));
  app.decorate('fileStore', fileStore);
  app.decorate(
    'packages',
    createPackageService({ db, store: fileStore, storageQuotaBytes: config.storageQuotaBytes }),
  );
  app.decorate('uploadQuota', createUploadQuota({ db, config }));
  app.decorate('idempotency', createIdempotency(db));
  const notifications = createNotificationService({ db, mailer, config, log: app.log });
  const points = createPointsService(db);
  app.decorate('notifications', notifications);
  app.decorate('points', points);
  app.decorate('invoices', createInvoiceService({ db, notifications, points, config }));
  app.decorate('estimator', createEstimatorService(db));
  app.decorate('authorizedPersons', createAuthorizedPersonService(db));
  app.decorate('purchaseRequests', createPurchaseRequestService({ db, notifications }));
  app.decorate('profile', createProfileService({ db, config }));
  app.decorate('companies', createCompanyService(db));
  app.decorate('menus', createMenuService(db));
  app.decorate('reference', createReferenceService(db));
  app.decorate('users', createUserService(db));
  app.addHook('onClose', async () => {
    await notifications.drain();
    mailer.close();
  });

  await app.register(envelopePlugin);
  app.addHook('onSend', async (request, reply) => {
    // Behind a TLS proxy (TRUST_PROXY, X-Forwarded-Proto: https) the site is https-only from then on.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
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
  await app.register(helmet, {
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
  await app.register(rateLimit, {
    global: false,
    // The real client (as the nearest trusted proxy saw it) on this company: other spellings of the host
    // (LOCALHOST, localhost., another port) resolve to the same company and share the limit.
    keyGenerator: (req) => `${req.ip}|${req.company?.id ?? req.site?.hostname ?? ''}`,
    errorResponseBuilder: (_req, ctx) => ({
      statusCode: 429,
      message: `Too many attempts; try again in ${Math.ceil(ctx.ttl / 1000)} s`,
    }),
  });
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
  await app.register(tenantPlugin, { db });
  await app.register(authPlugin, { db, signer });

  await app.register(swagger, {
    openapi: {
      info: {
        title: 'Forwarder portal API',
        version: '1',
        description: 'Every reply is the envelope `{ success, message, data, statusCode }`.',
      },
      components: { securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } } },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, {
    routePrefix: '/docs',
    staticCSP: true,
    // The docs are served over plain http on localhost too: never ask the browser to upgrade their requests.
    transformStaticCSP: (header) => header.replace(/upgrade-insecure-requests;?/, ''),
  });

  await app.register(authRoutes);
  await app.register(companyRoutes);
  await app.register(referenceRoutes);
  await app.register(menuRoutes);
  await app.register(userRoutes);
  await app.register(packageRoutes);
  await app.register(prealertRoutes);
  await app.register(receiptRoutes);
  await app.register(invoiceRoutes);
  await app.register(dutyRoutes);
  await app.register(pointsRoutes);
  await app.register(authorizedPersonRoutes);
  await app.register(purchaseRequestRoutes);
  await app.register(profileRoutes);
  await app.register(notificationRoutes);
  await app.register(devRoutes);
  await app.register(webManifestRoutes);

  const hasWeb = existsSync(join(config.webDir, 'index.html'));
  if (hasWeb) {
    await app.register(fastifyStatic, {
      root: config.webDir,
      // Looked up per request (not globbed once at start), so a rebuilt PWA is served without a restart.
      wildcard: true,
      index: false,
      setHeaders: (res, path) => {
        // Hashed build assets never change; everything else must be revalidated so a new build is picked up.
        res.header(
          'cache-control',
          path.includes('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
        );
      },
    });
  }

  if (hasWeb) {
    // "/" is a directory to the static plugin: answer it with the app itself.
    app.get('/', { schema: { hide: true } }, (_request, reply) =>
      reply.header('cache-control', 'no-cache').sendFile('index.html'),
    );
  }

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const isApi = API_PREFIXES.some((p) => path.startsWith(p) || `${path}/` === p);
    if (!isApi && hasWeb && (request.method === 'GET' || request.method === 'HEAD')) {
      // The PWA's router owns every other path (and shows its own 404 page).
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return sendNotFound(reply, `Route ${request.method} ${path} not found`);
  });

  return app;
}
