import type { FastifyRequest } from 'fastify';
import type { Config } from '../config';
import { requireCompany } from './tenant';

/**
 * The origin for links in mail. Links lead back to the company's own host (each tenant is its own site), and are
 * built only from what the server knows: the host name must be one of the company's configured host names (the
 * tenant plugin refused malformed Host headers and resolved this one to the company), the port is digits checked
 * by that plugin, and the scheme is http or https. PUBLIC_URL wins when it names the same host (e.g. the https
 * address behind a TLS proxy). Nothing of the raw header reaches a link.
 */
export function linkOrigin(request: FastifyRequest, config: Config): string {
  requireCompany(request);
  return hostOrigin(request, config, request.site.hostname);
}

/**
 * The origin of `hostname` (one of a company's configured host names, e.g. another company's first host when the
 * platform console invites its admin), reached the way this request came: same scheme and port.
 */
export function hostOrigin(request: FastifyRequest, config: Config, hostname: string): string {
  const { port } = request.site;
  if (config.publicUrl) {
    const url = new URL(config.publicUrl);
    if (url.hostname.toLowerCase().replace(/\.$/, '') === hostname) return url.origin;
  }
  const scheme = request.protocol === 'https' ? 'https' : 'http';
  const host = hostname.includes(':') ? `[${hostname}]` : hostname;
  const defaultPort = scheme === 'https' ? 443 : 80;
  return `${scheme}://${host}${port && port !== defaultPort ? `:${port}` : ''}`;
}
