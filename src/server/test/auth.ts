import type { TestApp } from './harness';
import { expectOk, mailbox, tokenOf, waitForMail } from './helpers';

/** Helpers of the auth route tests (one file a flow). */

/** Plenty of room for the calls of one describe block; the limiter itself is tested on its own below. */
export const roomy = { config: { rateLimits: { auth: 1000, windowMs: 60_000 } } };

export type User = {
  id: string;
  email: string;
  email_verified: boolean;
  mailbox_number: string;
  role: string;
};
export type Tokens = {
  access_token: string;
  refresh_token: string;
  token_type: string;
  expires_in: number;
  user: User;
};

export function claimsOf(jwt: string): Record<string, unknown> {
  const part = jwt.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8'));
}

export const refresh = (t: TestApp, refreshToken: string, host = 'localhost') =>
  t.request({ method: 'POST', url: '/v1/auth/refresh', host, payload: { refreshToken } });
export const me = (t: TestApp, token: string, host = 'localhost') =>
  t.request({ method: 'GET', url: '/v1/auth/me', host, token });

/** Asks for a password reset and returns the token of the newest reset mail. */
export async function resetTokenOf(t: TestApp, email: string): Promise<string> {
  const before = (await mailbox(t)).filter((m) => m.to === email && m.subject.startsWith('Reset')).length;
  expectOk(await t.request({ method: 'POST', url: '/v1/auth/passwordReset', payload: { email } }));
  const mails = (await waitForMail(t, email, before + 2)).filter((m) => m.subject.startsWith('Reset'));
  const link = mails[0]?.links[0];
  if (!link || mails.length !== before + 1) throw new Error(`no new reset mail for ${email}`);
  return tokenOf(link);
}

/** A sign-in attempt as sent from `opts.ip` (default: inject's loopback client) to `opts.host`. */
export const login = (
  t: TestApp,
  email: string,
  password: string,
  opts: { host?: string; ip?: string } = {},
) =>
  t.request({
    method: 'POST',
    url: '/v1/auth/login',
    host: opts.host ?? 'localhost',
    payload: { email, password },
    ...(opts.ip ? { remoteAddress: opts.ip } : {}),
  });
