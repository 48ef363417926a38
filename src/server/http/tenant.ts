import { msg } from '@lingui/core/runtime-macro';
import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { LookupCache } from '../db/lookup-cache';
import type { CompanyRow } from '../db/rows';
import { companies, companyHosts } from '../db/schema';
import { onWrite } from '../db/writes';
import { ApiError } from '../errors';

declare module 'fastify' {
  interface FastifyRequest {
    /** The company of the request's host, or null for an unknown or inactive host. */
    company: CompanyRow | null;
    /** The request's host name (normalised) and port, checked well-formed. */
    site: { hostname: string; port: number | null };
  }
  interface FastifyInstance {
    tenants: { invalidate: () => void };
  }
}

/**
 * A Host header as browsers send it: a DNS name or IPv4 address, or a bracketed IPv6 address, with an optional port.
 * Anything else (user-info like `localhost:1@evil.example`, spaces, paths, several values) is refused before any
 * work, so no reply or mail link is ever built from a header an attacker shaped.
 */
const HOST_RE =
  /^(?:(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)(?:\.[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?)*\.?|\[[0-9a-f:.]+\])(?::(\d{1,5}))?$/i;

/** The request's host as sent (X-Forwarded-Host only behind a trusted proxy), or null when it is malformed. */
export function parseHost(raw: string | undefined): { hostname: string; port: number | null } | null {
  if (!raw || raw.length > 255) return null;
  const m = HOST_RE.exec(raw.trim());
  if (!m) return null;
  const port = m[1] === undefined ? null : Number(m[1]);
  if (port !== null && (port < 1 || port > 65535)) return null;
  const name = port === null ? raw.trim() : raw.trim().slice(0, raw.trim().lastIndexOf(':'));
  return { hostname: normaliseHost(name), port };
}

/** Host name without port, lower-case, no trailing dot. Fastify already applied TRUST_PROXY to `hostname`. */
export function normaliseHost(hostname: string): string {
  const h = hostname.trim().toLowerCase().replace(/\.$/, '');
  // IPv6 literals come bracketed: keep the brackets off and the address whole.
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  return h.replace(/:\d+$/, '');
}

/**
 * Resolves the company from the host on every request. An in-memory cache keeps it off the database on the hot
 * path: any write to companies or their hosts on this instance clears it at once; other instances see a change
 * within the TTL.
 */
export type TenantOptions = {
  db: Db;
  ttlMs?: number;
  /** Paths served to no company (a load balancer's probes, asked by IP): no host is read, no database asked. */
  hostless?: ReadonlySet<string>;
};

export const tenantPlugin = fp(async (app: FastifyInstance, opts: TenantOptions) => {
  const cache = new LookupCache<string, CompanyRow | null>({ ttlMs: opts.ttlMs ?? 10_000, max: 1000 });
  const stopWatching = onWrite(opts.db, ['companies', 'company_hosts'], () => cache.clear());
  app.addHook('onClose', async () => stopWatching());

  function lookup(host: string): Promise<CompanyRow | null> {
    return cache.get(host, async () => {
      const [row] = await opts.db
        .select({ company: companies })
        .from(companyHosts)
        .innerJoin(companies, eq(companies.id, companyHosts.companyId))
        .where(eq(companyHosts.hostname, host))
        .limit(1);
      return row?.company.isActive ? row.company : null;
    });
  }

  app.decorateRequest('company', null);
  app.decorateRequest('site', null as unknown as FastifyRequest['site']);
  app.decorate('tenants', { invalidate: () => cache.clear() });
  app.addHook('onRequest', async (request) => {
    // A load balancer's probe names no company and must not wait on the database to say the process is alive.
    if (opts.hostless?.has(request.url.split('?')[0] ?? '')) return;
    // `request.host` is the Host header, or X-Forwarded-Host when the proxy is trusted.
    const site = parseHost(request.host);
    if (!site) throw new ApiError(400, msg`Invalid Host header`);
    request.site = site;
    request.company = await lookup(site.hostname);
  });
});

/** The company of the request, or a 404 envelope: tenant-scoped calls on an unknown host are refused. */
export function requireCompany(request: FastifyRequest): CompanyRow {
  if (!request.company) throw new ApiError(404, msg`No company is served on this host`);
  return request.company;
}
