import { describe, expect, it } from 'vitest';
import { getCookie } from './cookies';
import { clearSession, decodeJwt, readSession, setTokens } from './session';

const b64url = (o: object) =>
  btoa(JSON.stringify(o)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const jwt = (claims: object) => `${b64url({ alg: 'HS256' })}.${b64url(claims)}.sig`;

describe('session cookies', () => {
  it('decodes the access token claims without verifying', () => {
    const token = jwt({ sub: 'user-1', cid: 'co-1', role: 'admin', ver: true, exp: 99 });
    expect(decodeJwt(token)).toEqual({ sub: 'user-1', cid: 'co-1', role: 'admin', ver: true, exp: 99 });
    expect(decodeJwt('garbage')).toBeNull();
  });

  it('stores tokens and flags, and clears them all', () => {
    setTokens({
      access_token: jwt({ sub: 'u', cid: 'c', role: 'customer', ver: false, exp: 1 }),
      refresh_token: 'r',
    });
    expect(getCookie('isAuthenticated')).toBe('true');
    expect(getCookie('idVerified')).toBe('false');
    expect(getCookie('refreshToken')).toBe('r');
    expect(readSession()).toMatchObject({
      authenticated: true,
      verified: false,
      role: 'customer',
      userId: 'u',
    });
    clearSession();
    expect(getCookie('accessToken')).toBeUndefined();
    expect(readSession().authenticated).toBe(false);
  });
});
