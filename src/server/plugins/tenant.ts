import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../db';
import { companies, companyHosts } from '../db/schema';
import { ApiError } from '../errors';

export type CompanyRow = typeof companies.$inferSelect;

declare module 'fastify' {
  interface FastifyRequest {
    /** The company of the request's host, or null for an unknown or inactive host. */
    company: CompanyRow | null;
  }
  interface FastifyInstance {
    tenants: { invalidate: () => void };
  }
}

/** Host name without port, lower-case, no trailing dot. Fastify already applied TRUST_PROXY to `hostname`. */
export function normaliseHost(hostname: string): string {
  const h = hostname.trim().toLowerCase().replace(/\.$/, '');
  // IPv6 literals come bracketed: keep the brackets off and the address whole.
  if (h.startsWith('[')) return h.slice(1, h.indexOf(']'));
  return h.replace(/:\d+$/, '');
}

/**
 * Resolves the company from the host on every request. A short-lived cache keeps it off the database on the hot
 * path; after a company changes, other instances see it within the TTL.
 */
export const tenantPlugin = fp(async (app: FastifyInstance, opts: { db: Db; ttlMs?: number }) => {
  const ttl = opts.ttlMs ?? 10_000;
  const cache = new Map<string, { company: CompanyRow | null; at: number }>();

  async function lookup(host: string): Promise<CompanyRow | null> {
    const hit = cache.get(host);
    if (hit && Date.now() - hit.at < ttl) return hit.company;
    const [row] = await opts.db
      .select({ company: companies })
      .from(companyHosts)
      .innerJoin(companies, eq(companies.id, companyHosts.companyId))
      .where(eq(companyHosts.hostname, host))
      .limit(1);
    const company = row?.company.isActive ? row.company : null;
    if (cache.size > 1000) cache.clear(); // unknown hosts are attacker-chosen: never let the map grow unbounded
    cache.set(host, { company, at: Date.now() });
    return company;
  }

  app.decorateRequest('company', null);
  app.decorate('tenants', { invalidate: () => cache.clear() });
  app.addHook('onRequest', async (request) => {
    request.company = await lookup(normaliseHost(request.hostname));
  });
});

/** The company of the request, or a 404 envelope: tenant-scoped calls on an unknown host are refused. */
export function requireCompany(request: FastifyRequest): CompanyRow {
  if (!request.company) throw new ApiError(404, 'No company is served on this host');
  return request.company;
}
