import type { AccessClaims } from '../../../contract/auth';
import { deleteCookie, getCookie, setCookie } from './cookies';

export const COOKIE = {
  access: 'accessToken',
  refresh: 'refreshToken',
  authenticated: 'isAuthenticated',
  verified: 'idVerified',
} as const;

/** Refresh tokens outlive access tokens; the cookies live as long as the longest of them may. */
const SESSION_MAX_AGE = 30 * 24 * 60 * 60;

export type Role = AccessClaims['role'];

/** What the guards need to know, read from local cookies only so it works offline. */
export interface Session {
  authenticated: boolean;
  verified: boolean;
  role: Role | null;
  userId: string | null;
  companyId: string | null;
  /** The platform's operator (the token's `sa`): the platform console is theirs. Absent means no. */
  platform?: boolean;
}

export const anonymous: Session = {
  authenticated: false,
  verified: false,
  role: null,
  userId: null,
  companyId: null,
};

/** Decodes a JWT payload without verifying it (the server is the authority; this is for offline guards). */
export function decodeJwt(token: string | undefined | null): AccessClaims | null {
  if (!token) return null;
  const part = token.split('.')[1];
  if (!part) return null;
  try {
    const base64 = part
      .replace(/-/g, '+')
      .replace(/_/g, '/')
      .padEnd(Math.ceil(part.length / 4) * 4, '=');
    const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
    const claims = JSON.parse(new TextDecoder().decode(bytes)) as Partial<AccessClaims>;
    if (typeof claims !== 'object' || claims === null || typeof claims.sub !== 'string') return null;
    return {
      sub: claims.sub,
      cid: String(claims.cid ?? ''),
      role: claims.role === 'admin' || claims.role === 'staff' ? claims.role : 'customer',
      ver: claims.ver === true,
      exp: typeof claims.exp === 'number' ? claims.exp : 0,
      ...(claims.sa === undefined ? {} : { sa: claims.sa }),
    };
  } catch {
    return null;
  }
}

export const getAccessToken = () => getCookie(COOKIE.access) || undefined;
export const getRefreshToken = () => getCookie(COOKIE.refresh) || undefined;

export function readSession(): Session {
  const access = getAccessToken();
  const refresh = getRefreshToken();
  const flagged = getCookie(COOKIE.authenticated) === 'true';
  if (!flagged || (!access && !refresh)) return anonymous;
  const claims = decodeJwt(access);
  return {
    authenticated: true,
    verified: claims ? claims.ver : getCookie(COOKIE.verified) === 'true',
    role: claims?.role ?? null,
    userId: claims?.sub ?? null,
    companyId: claims?.cid ?? null,
    platform: claims?.sa === true,
  };
}

/** Stores a token pair (login, register, refresh) and the flags derived from it. */
export function setTokens(tokens: { access_token: string; refresh_token: string }): void {
  const opts = { maxAgeSeconds: SESSION_MAX_AGE };
  setCookie(COOKIE.access, tokens.access_token, opts);
  setCookie(COOKIE.refresh, tokens.refresh_token, opts);
  setCookie(COOKIE.authenticated, 'true', opts);
  setCookie(COOKIE.verified, decodeJwt(tokens.access_token)?.ver ? 'true' : 'false', opts);
  notify();
}

export function setVerifiedFlag(verified: boolean): void {
  setCookie(COOKIE.verified, verified ? 'true' : 'false', { maxAgeSeconds: SESSION_MAX_AGE });
  notify();
}

export function clearSession(): void {
  for (const name of Object.values(COOKIE)) deleteCookie(name);
  notify();
}

type Listener = () => void;
const listeners = new Set<Listener>();
/** Lets the UI react to login/logout without polling cookies. */
export function onSessionChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
function notify() {
  for (const l of listeners) l();
}
