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
  const key = new TextEncoder().encode(secret);
  return {
    ttlSeconds,
    sign: (claims) =>
      new SignJWT({ cid: claims.cid, role: claims.role, ver: claims.ver, ...(claims.sa ? { sa: true } : {}) })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
        .setSubject(claims.sub)
        .setIssuedAt()
        .setExpirationTime(Math.floor(Date.now() / 1000) + ttlSeconds)
        .sign(key),
    verify: async (token) => {
      try {
        const { payload } = await jwtVerify(token, key, { algorithms: ['HS256'] });
        const parsed = accessClaimsSchema.safeParse(payload);
        return parsed.success ? parsed.data : null;
      } catch {
        return null;
      }
    },
  };
}
