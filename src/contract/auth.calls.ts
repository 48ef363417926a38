import type { authSchemas } from './auth';
import { callsFor } from './endpoint';

const limited = 'Rate limited per client and company (429 with Retry-After).';

/** Sign-up, sign-in, sessions and email verification. */
export const authCalls = callsFor<typeof authSchemas>()({
  register: {
    summary: 'Sign up',
    method: 'POST',
    path: '/v1/auth/register',
    access: 'public',
    tags: ['auth'],
    status: 201,
    description: `The reply is the same whether or not the email already has an account (its owner is mailed instead), so it tells nobody which addresses have accounts. Sign in with the same email and password to continue. ${limited}`,
  },
  login: {
    summary: 'Sign in',
    method: 'POST',
    path: '/v1/auth/login',
    access: 'public',
    tags: ['auth'],
    description: limited,
  },
  refresh: {
    summary: 'Renew the session',
    method: 'POST',
    path: '/v1/auth/refresh',
    access: 'public',
    tags: ['auth'],
  },
  logout: { summary: 'Sign out', method: 'POST', path: '/v1/auth/logout', access: 'public', tags: ['auth'] },
  verification: {
    summary: 'Verify an email address',
    method: 'POST',
    path: '/v1/auth/verification',
    access: 'public',
    tags: ['auth'],
    description: limited,
  },
  passwordReset: {
    summary: 'Ask for a password reset',
    method: 'POST',
    path: '/v1/auth/passwordReset',
    access: 'public',
    tags: ['auth'],
    description: limited,
  },
  resetPassword: {
    summary: 'Set a new password',
    method: 'POST',
    path: '/v1/auth/Resetpassword',
    access: 'public',
    tags: ['auth'],
    description: limited,
  },
  me: {
    summary: 'Get the signed-in user',
    method: 'GET',
    path: '/v1/auth/me',
    access: 'signed-in',
    tags: ['auth'],
  },
  resendVerification: {
    summary: 'Resend the verification email',
    method: 'POST',
    path: '/api/v1/emailtemplates/send-verification-email/:id',
    access: 'signed-in',
    tags: ['auth'],
    description: limited,
  },
});
