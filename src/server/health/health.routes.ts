import type { FastifyPluginAsync, FastifyReply } from 'fastify';
import type { Shutdown } from '../http/server';
import type { Services } from '../services';

/** Paths a load balancer probes: answered without a company host (they are asked by IP) or a database lookup. */
export const HEALTH_PATHS = new Set(['/healthz', '/readyz']);

/** The spec's envelope: data on success, null on an error (the message names what failed). */
function send(reply: FastifyReply, statusCode: number, message: string, data?: Record<string, string>) {
  return reply
    .code(statusCode)
    .header('cache-control', 'no-store')
    .send({ success: statusCode < 400, message, data: data ?? null, statusCode });
}

/**
 * `/healthz`: the process is alive and its event loop answers (restart it if not). `/readyz`: it can serve (see
 * health.service.ts) and it is not shutting down; a load balancer sends traffic only while this answers 200.
 */
export const healthRoutes: FastifyPluginAsync<Pick<Services, 'readiness'> & { shutdown: Shutdown }> = async (
  app,
  { readiness, shutdown },
) => {
  app.get('/healthz', { schema: { hide: true } }, (_request, reply) =>
    send(reply, 200, 'alive', { status: 'ok' }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (request, reply) => {
    if (shutdown.draining) return send(reply, 503, 'Shutting down');
    const { parts, failed } = await readiness(request.log);
    if (failed.length > 0) return send(reply, 503, `Not ready: ${failed.join(', ')} unreachable`);
    return send(reply, 200, 'ready', { status: 'ok', ...parts });
  });
};
