import { constants as zlibConstants } from 'node:zlib';
import compress from '@fastify/compress';
import cookie from '@fastify/cookie';
import cors from '@fastify/cors';
import helmet from '@fastify/helmet';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { msg } from '@lingui/core/runtime-macro';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { signInPaused } from '../auth/login-throttle';
import type { RedisLink } from '../cluster/redis';
import type { Config } from '../config';
import { t } from '../i18n';
import { envelopePlugin } from './envelope';
import type { Shutdown } from './server';
import { multipartLimits } from './uploads';

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
 * What every request and reply goes through before a route: the envelope, headers (security, caching, HSTS behind
 * TLS), compression, CORS, the device cookie, rate limits (shared through Redis when there is one) and multipart.
 */
export async function registerHttp(
  app: FastifyInstance,
  { config, redis, shutdown }: { config: Config; redis: RedisLink | null; shutdown: Shutdown },
): Promise<void> {
  await app.register(envelopePlugin);
  app.addHook('onSend', async (request, reply) => {
    // Behind a TLS proxy (TRUST_PROXY, X-Forwarded-Proto: https) the site is https-only from then on.
    if (request.protocol === 'https') {
      reply.header('strict-transport-security', 'max-age=31536000; includeSubDomains');
    }
    // Shutting down: the client (a load balancer's kept-alive connection) opens its next request elsewhere.
    if (shutdown.draining) reply.header('connection', 'close');
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
    errorResponseBuilder: (_req, ctx) => {
      const seconds = Math.ceil(ctx.ttl / 1000);
      return { statusCode: 429, message: t(msg`Too many attempts; try again in ${{ seconds }} s`) };
    },
  });
  await app.register(multipart, { limits: multipartLimits, throwFileSizeLimit: true });
}
