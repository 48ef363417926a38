import { createHash, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import { type AccessClaims, accessClaimsSchema } from '../../contract/auth';

/** Opaque tokens (refresh, email) are random; only their SHA-256 is stored, so a database leak yields no usable token. */
export function newOpaqueToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('base64url');
}

export type TokenSigner = {
  sign: (claims: Omit<AccessClaims, 'exp'>) => Promise<string>;
  verify: (token: string) => Promise<AccessClaims | null>;
  ttlSeconds: number;
};

export function createTokenSigner(secret: string, ttlSeconds: number): TokenSigner {
  // Imported once: handing jose raw bytes would re-import the HMAC key on every call.
  const key = crypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
  // A verified token stays valid until it expires (they are stateless), so a small cache spares the HMAC on every
  // request of a session. Bounded, and entries past their expiry are never returned.
  const verified = new Map<string, AccessClaims>();
  return {
    ttlSeconds,
    sign: async (claims) =>
      new SignJWT({ cid: claims.cid, role: claims.role, ver: claims.ver, ...(claims.sa ? { sa: true } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(await key),
    verify: async (token) => {
      const hit = verified.get(token);
      if (hit) {
        if (hit.exp * 1000 > Date.now()) return hit;
        verified.delete(token);
      }
      try {
        const { payload } = await jwtVerify(token, await key, { algorithms: ['HS256'] });
        const parsed = accessClaimsSchema.safeParse(payload);
        if (!parsed.success) return null;
        if (verified.size >= 5000) verified.clear();
        verified.set(token, parsed.data);
        return parsed.data;
      } catch {
        return null;
      }
    },
  };
}

/** How long each kind of token lives. */
export const REFRESH_TTL_MS = 30 * 24 * 3600_000;
export const VERIFY_TTL_MS = 24 * 3600_000;
export const RESET_TTL_MS = 3600_000;
export const RESEND_COOLDOWN_MS = 60_000;
/**
 * A spent refresh token presented again within this window gets the same new token back: tabs share the cookie and
 * may refresh at the same instant. Later, a spent token is a replay and revokes its family.
 */
export const REFRESH_GRACE_MS = 20_000;
