import {
  type Expectations,
  freshEmail,
  mine,
  no,
  type Op,
  ok,
  onHost,
  open,
  own,
  registerBody,
  victimRow,
} from './expectations';
import { CALLERS, uniq } from './fixture-types';

/** Rows of the access matrix: Sign-up, sign-in, sessions, email tokens. */
export const AUTH_OPS: Record<string, Op> = {
  'POST /v1/auth/register': {
    rule: 'public; on this host the probe uses the victim’s email (must not reveal the account)',
    req: (f, c) => ({
      url: '/v1/auth/register',
      payload: registerBody(onHost(c) ? f.victim.email : freshEmail()),
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, own(201)])),
      anonUnknown: no(404),
    } as Expectations,
    check: (res, _f, c) =>
      onHost(c) && res.statusCode === 201 && /access_token|refresh_token/.test(res.body)
        ? 'signing up with an existing email handed out tokens'
        : undefined,
  },
  'POST /v1/auth/login': {
    rule: 'public; the owner with their password; wrong password, or the right one on the other host: 401',
    req: (f, c) => ({
      url: '/v1/auth/login',
      payload: {
        email: f.victim.email,
        password: c === 'owner' || !onHost(c) ? 'demo-customer-1' : 'not-the-password-1',
      },
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, no(401)])),
      owner: ok(),
      anonUnknown: no(404),
    } as Expectations,
    shows: (f) => f.victim.id,
  },
  'POST /v1/auth/refresh': {
    rule: 'public; the holder of the refresh token on its company’s host; the victim’s token elsewhere: 401',
    req: (f, c) => ({
      url: '/v1/auth/refresh',
      payload: {
        refreshToken: c === 'owner' || !onHost(c) ? f.sessions.ownerRefresh.refresh : `bogus-${uniq()}-token`,
      },
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, no(401)])),
      owner: ok(),
      anonUnknown: no(404),
    } as Expectations,
    shows: (f) => f.victim.id,
  },
  'POST /v1/auth/logout': {
    rule: 'public; always 200, but the victim’s token presented on the other host must not be revoked',
    req: (f, c) =>
      c === 'owner' || !onHost(c)
        ? { url: '/v1/auth/logout', payload: { refreshToken: f.sessions.ownerLogout.refresh } }
        : { url: '/v1/auth/logout', payload: {} },
    expect: open(true, { owner: ok() }),
  },
  'POST /v1/auth/verification': {
    rule: 'public; a verification token works on its company’s host only (anonymous on this host uses it)',
    req: (f, c) => ({
      url: '/v1/auth/verification',
      payload: { token: c === 'anon' || !onHost(c) ? f.tokenUser.verifyToken : `bogus-${uniq()}-token` },
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, no(400)])),
      anon: ok(),
      anonUnknown: no(404),
    } as Expectations,
    shows: (f) => f.tokenUser.id,
  },
  'POST /v1/auth/passwordReset': {
    rule: 'public; the same reply for any email, on any company’s host',
    req: (f) => ({ url: '/v1/auth/passwordReset', payload: { email: f.victim.email } }),
    expect: open(true),
  },
  'POST /v1/auth/Resetpassword': {
    rule: 'public; a reset token works on its company’s host only (anonymous on this host uses it)',
    req: (f, c) => ({
      url: '/v1/auth/Resetpassword',
      payload: {
        token: c === 'anon' || !onHost(c) ? f.tokenUser.resetToken : `bogus-${uniq()}-token`,
        password: 'matrix-reset-pass-42',
      },
    }),
    expect: {
      ...Object.fromEntries(CALLERS.map((k) => [k, no(400)])),
      anon: ok(),
      anonUnknown: no(404),
    } as Expectations,
  },
  'GET /v1/auth/me': {
    rule: 'signed in (verified or not): the caller’s own record',
    req: () => ({ url: '/v1/auth/me' }),
    expect: mine(false, { unverified: own() }),
    shows: (f) => f.victim.email,
  },
  'POST /api/v1/emailtemplates/send-verification-email/{id}': {
    rule: 'signed in: for oneself, or staff for a user of their company; others: 404',
    req: (f) => ({ url: `/api/v1/emailtemplates/send-verification-email/${f.victim.id}` }),
    expect: victimRow(true, { unverified: no(404) }),
  },
};
