import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from '../config';

/**
 * Set when the server starts to stop (main.ts): /readyz answers 503 so a load balancer sends nothing new, and replies
 * ask the client to open its next request elsewhere.
 */
export type Shutdown = { draining: boolean };

/**
 * The Fastify instance with what must be set at its creation: the log (credentials redacted), the proxy trust, the
 * body and URL limits, and the envelope for errors raised before any route or hook runs.
 */
export function createServer(config: Config, logStream?: NodeJS.WritableStream) {
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

  return app;
}

export type Server = ReturnType<typeof createServer>;
