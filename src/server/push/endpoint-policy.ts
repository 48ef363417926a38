import { isIP } from 'node:net';
import { PUSH_ENDPOINT_MAX } from '../../contract/push';
import type { Config } from '../config';
import { mailboxServed } from '../mail/mailbox.routes';

/*
 * Which push endpoints the server posts to. A subscription's endpoint is a URL a user sends: unchecked, it would
 * make the server call any address they chose (an internal service, a cloud metadata address). So an endpoint must
 * be an https URL on the default port of a known push service's host (config.push.serviceHosts). Only a development
 * server (where the local mailbox is served: loopback, not production) also takes http and loopback endpoints, for
 * a local push service.
 */

const LOOPBACK_NAMES = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/** IPv4 and IPv6 addresses that are not on the public internet. */
function isPrivateAddress(host: string): boolean {
  const h = host.replace(/^\[|\]$/g, '').toLowerCase();
  const kind = isIP(h);
  if (kind === 4) {
    const [a = 0, b = 0] = h.split('.').map(Number);
    return (
      a === 0 ||
      a === 10 ||
      a === 127 ||
      (a === 100 && b >= 64 && b <= 127) ||
      (a === 169 && b === 254) ||
      (a === 172 && b >= 16 && b <= 31) ||
      (a === 192 && b === 168) ||
      a >= 224
    );
  }
  if (kind === 6) {
    return (
      h === '::' ||
      h === '::1' ||
      h.startsWith('fc') ||
      h.startsWith('fd') ||
      h.startsWith('fe8') ||
      h.startsWith('fe9') ||
      h.startsWith('fea') ||
      h.startsWith('feb') ||
      h.startsWith('::ffff:')
    );
  }
  return false;
}

/** `fcm.googleapis.com` matches itself; `*.push.apple.com` matches any name under push.apple.com. */
export function hostAllowed(host: string, patterns: readonly string[]): boolean {
  const h = host.toLowerCase();
  return patterns.some((p) =>
    p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p,
  );
}

/** Whether this server takes local (http, loopback) endpoints: a development server only. */
export function localEndpointsAllowed(config: Config): boolean {
  return mailboxServed(config, config.smtpUrl ? 'smtp' : 'local');
}

/** Why the server will not post to `endpoint` (the field error's words), or null when it may. */
export function endpointProblem(endpoint: string, config: Config): string | null {
  const refused =
    'Use the endpoint your browser’s push service gave (an https address of a known push service)';
  if (endpoint.length > PUSH_ENDPOINT_MAX) return 'This push endpoint is too long';
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return 'Not a valid push endpoint';
  }
  if (url.username || url.password) return 'A push endpoint cannot carry a user name or password';
  const host = url.hostname.toLowerCase();
  const local = localEndpointsAllowed(config);
  if (local && LOOPBACK_NAMES.has(host) && (url.protocol === 'http:' || url.protocol === 'https:'))
    return null;
  if (isIP(host.replace(/^\[|\]$/g, '')) !== 0) {
    return isPrivateAddress(host) ? 'A push endpoint cannot be a private or local address' : refused;
  }
  if (LOOPBACK_NAMES.has(host)) return 'A push endpoint cannot be a private or local address';
  if (url.protocol !== 'https:' && !(local && url.protocol === 'http:')) return refused;
  if (url.port !== '' && url.port !== '443') return 'A push endpoint must use the standard port';
  if (!hostAllowed(host, config.push.serviceHosts)) return refused;
  return null;
}
