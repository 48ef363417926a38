import { msg } from '@lingui/core/runtime-macro';
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { AccessClaims } from '../../contract/auth';
import type { Role } from '../../contract/users';
import type { Db } from '../db';
import { LookupCache } from '../db/lookup-cache';
import type { CompanyRow, UserRow } from '../db/rows';
import { users } from '../db/schema';
import { onWrite } from '../db/writes';
import { ApiError, forbidden, unauthorized } from '../errors';
import { requireCompany } from './tenant';

export type AuthContext = { user: UserRow; company: CompanyRow; claims: AccessClaims };

/** What the plugin needs of the access-token signer (auth/tokens.ts): only to read a token, never to issue one. */
export type AccessTokenReader = { verify: (token: string) => Promise<AccessClaims | null> };

declare module 'fastify' {
  interface FastifyRequest {
    /** Set by `authenticate` for routes that need a signed-in caller. */
    auth: AuthContext | null;
  }
  interface FastifyInstance {
    authenticate: (request: FastifyRequest) => Promise<AuthContext>;
  }
}

function bearer(request: FastifyRequest): string | null {
  const h = request.headers.authorization;
  if (!h) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(h);
  return m?.[1] ?? null;
}

/**
 * Verifies the bearer token, checks it was issued for this host's company, and loads the user, so a deactivated
 * user or a changed role takes effect at once rather than when the token expires. The user row is cached in memory
 * (it is read on every signed-in request): any write to users on this instance clears the cache at once, and the
 * short TTL bounds what another instance's change can leave stale.
 */
export const authPlugin = fp(
  async (app: FastifyInstance, opts: { db: Db; signer: AccessTokenReader; ttlMs?: number }) => {
    // Prepared once: this runs on every signed-in request.
    const userById = opts.db
      .select()
      .from(users)
      .where(and(eq(users.id, sql.placeholder('id')), eq(users.companyId, sql.placeholder('companyId'))))
      .limit(1)
      .prepare('auth_user_by_id');
    const cache = new LookupCache<string, UserRow | null>({ ttlMs: opts.ttlMs ?? 5_000, max: 10_000 });
    const stopWatching = onWrite(opts.db, ['users'], () => cache.clear());
    app.addHook('onClose', async () => stopWatching());
    app.decorateRequest('auth', null);
    app.decorate('authenticate', async (request: FastifyRequest): Promise<AuthContext> => {
      if (request.auth) return request.auth;
      const company = requireCompany(request);
      const token = bearer(request);
      if (!token) throw unauthorized();
      const claims = await opts.signer.verify(token);
      if (!claims) throw unauthorized(msg`Your session has expired; sign in again`);
      if (claims.cid !== company.id) throw unauthorized(msg`This session belongs to another company`);
      const user = await cache.get(`${company.id}/${claims.sub}`, async () => {
        const [row] = await userById.execute({ id: claims.sub, companyId: company.id });
        return row ?? null;
      });
      if (!user?.isActive) throw unauthorized(msg`Your session has expired; sign in again`);
      request.auth = { user, company, claims };
      return request.auth;
    });
  },
);

type GuardOptions = { verified?: boolean; roles?: Role[]; superadmin?: boolean };

/** The access guard of a route (its preValidation hook): signed in, and optionally verified, of some roles, or platform superadmin. */
export function guard(opts: GuardOptions = {}) {
  return async function guardHandler(this: FastifyInstance, request: FastifyRequest) {
    const { user } = await this.authenticate(request);
    if (opts.superadmin && !user.isSuperadmin) throw forbidden();
    if (opts.verified && !user.emailVerifiedAt) {
      throw new ApiError(403, msg`Verify your email address to continue`);
    }
    if (opts.roles && !opts.roles.includes(user.role) && !user.isSuperadmin) throw forbidden();
  };
}

/** The signed-in context inside a handler whose route has a guard. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw unauthorized();
  return request.auth;
}
