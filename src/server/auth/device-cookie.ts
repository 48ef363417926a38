import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"): a browser that signed in to an
 * account before carries a signed token naming that account. Failed sign-ins are then counted per device for it,
 * while browsers without one (anyone else) share the account's allowance for unknown devices. So a stranger who
 * guesses ten times locks out only unknown devices: the owner's usual browser still signs in at once.
 *
 * The cookie holds the tokens of the last few accounts signed in from this browser (a shared counter PC), newest
 * first. A token is `base64url(JSON {c: company, e: email, n: nonce, t: issued}).base64url(HMAC-SHA256)`; it proves
 * nothing but "this browser signed in to this account once", and a new one (new nonce) replaces it at each sign-in.
 */
export const DEVICE_COOKIE = 'portalDevice';
/** A year: a device that signs in at least once a year stays known. */
export const DEVICE_MAX_AGE_S = 365 * 24 * 60 * 60;
/** Accounts remembered per browser. */
const MAX_TOKENS = 5;

type Payload = { c: string; e: string; n: string; t: number };

const normalise = (email: string) => email.trim().toLowerCase();
const b64 = (data: Buffer | string) => Buffer.from(data).toString('base64url');

export type DeviceKeys = { sign: (text: string) => Buffer };

/** The cookies' signing key, derived from the server's secret (never the secret itself). */
export function deviceKeys(secret: string): DeviceKeys {
  const key = createHmac('sha256', secret).update('portal device cookie v1').digest();
  return { sign: (text) => createHmac('sha256', key).update(text).digest() };
}

function parse(keys: DeviceKeys, token: string): Payload | null {
  const [body, sig] = token.split('.');
  if (!body || !sig) return null;
  const expected = keys.sign(body);
  const given = Buffer.from(sig, 'base64url');
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  try {
    const p = JSON.parse(Buffer.from(body, 'base64url').toString('utf8')) as Partial<Payload>;
    if (
      typeof p.c !== 'string' ||
      typeof p.e !== 'string' ||
      typeof p.n !== 'string' ||
      typeof p.t !== 'number'
    )
      return null;
    if (Date.now() - p.t > DEVICE_MAX_AGE_S * 1000) return null;
    return p as Payload;
  } catch {
    return null;
  }
}

const tokensOf = (cookie: string | undefined) =>
  cookie ? cookie.split('~').filter(Boolean).slice(0, 10) : [];

/** The nonce of this browser's token for the account, when the cookie carries a valid one. */
export function knownDevice(
  keys: DeviceKeys,
  cookie: string | undefined,
  companyId: string,
  email: string,
): string | null {
  const e = normalise(email);
  for (const token of tokensOf(cookie)) {
    const p = parse(keys, token);
    if (p && p.c === companyId && p.e === e) return p.n;
  }
  return null;
}

/** The cookie's new value after a sign-in to the account: a fresh token for it first, the others kept. */
export function rememberDevice(
  keys: DeviceKeys,
  cookie: string | undefined,
  companyId: string,
  email: string,
): string {
  const e = normalise(email);
  const body = b64(JSON.stringify({ c: companyId, e, n: randomBytes(16).toString('hex'), t: Date.now() }));
  const fresh = `${body}.${b64(keys.sign(body))}`;
  const others = tokensOf(cookie).filter((token) => {
    const p = parse(keys, token);
    return p !== null && !(p.c === companyId && p.e === e);
  });
  return [fresh, ...others].slice(0, MAX_TOKENS).join('~');
}

/** The throttle's key for one device's failures at one account (the account's own key is its email). */
export const deviceThrottleKey = (nonce: string) => `device:${nonce}`;

/** After a sign-in (the login, an accepted invitation): this browser is a known device of the account from now on. */
export function setDeviceCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  keys: DeviceKeys,
  companyId: string,
  email: string,
): void {
  reply.setCookie(DEVICE_COOKIE, rememberDevice(keys, request.cookies[DEVICE_COOKIE], companyId, email), {
    path: '/v1/auth',
    httpOnly: true,
    sameSite: 'strict',
    secure: request.protocol === 'https',
    maxAge: DEVICE_MAX_AGE_S,
  });
}
