import type { authSchemas } from './auth';
import { callsFor } from './endpoint';

const limited = 'Rate limited per client and company (429 with Retry-After).';

/** Sign-up, sign-in, sessions and email verification. */
export const authCalls = callsFor<typeof authSchemas>()({
  register: {
    method: 'POST',
    path: '/v1/auth/register',
    access: 'public',
    tags: ['auth'],
    status: 201,
    description: `The reply is the same whether or not the email already has an account (its owner is mailed instead), so it tells nobody which addresses have accounts. Sign in with the same email and password to continue. ${limited}`,
  },
  login: { method: 'POST', path: '/v1/auth/login', access: 'public', tags: ['auth'], description: limited },
  refresh: { method: 'POST', path: '/v1/auth/refresh', access: 'public', tags: ['auth'] },
  logout: { method: 'POST', path: '/v1/auth/logout', access: 'public', tags: ['auth'] },
  verification: {
    method: 'POST',
    path: '/v1/auth/verification',
    access: 'public',
    tags: ['auth'],
    description: limited,
  },
  passwordReset: {
    method: 'POST',
    path: '/v1/auth/passwordReset',
    access: 'public',
    tags: ['auth'],
    description: limited,
  },
  resetPassword: {
    method: 'POST',
    path: '/v1/auth/Resetpassword',
    access: 'public',
    tags: ['auth'],
    description: limited,
  },
  me: { method: 'GET', path: '/v1/auth/me', access: 'signed-in', tags: ['auth'] },
  resendVerification: {
    method: 'POST',
    path: '/api/v1/emailtemplates/send-verification-email/:id',
    access: 'signed-in',
    tags: ['auth'],
    description: limited,
  },
});
