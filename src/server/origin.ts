import type { FastifyRequest } from 'fastify';
import type { Config } from './config';
import { normaliseHost } from './plugins/tenant';

/**
 * The origin for links in mail. Links must lead back to the company's own host (each tenant is its own site), so
 * PUBLIC_URL (e.g. the https address behind a proxy) is used when it names the request's host; otherwise the
 * request's own scheme and host.
 */
export function linkOrigin(request: FastifyRequest, config: Config): string {
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    if (normaliseHost(url.hostname) === normaliseHost(request.hostname)) return url.origin;
  }
  return `${request.protocol}://${request.host}`;
}
