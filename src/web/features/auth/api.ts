import { queryOptions } from '@tanstack/react-query';
import type { LoginBody, RegisterBody, Tokens } from '../../../contract/auth';
import { authCalls } from '../../../contract/auth.calls';
import type { AcceptInvitationBody } from '../../../contract/staff';
import { staffCalls } from '../../../contract/staff.calls';
import { api, isApiError } from '../../lib/api';
import { queryRoots } from '../../lib/query-keys';
import {
  clearSession,
  getRefreshToken,
  readSession,
  setTokens,
  setVerifiedFlag,
} from '../../lib/session/session';

/** Auth endpoints answer 401 for bad credentials: never try a token refresh on them. */
const noRefresh = { skipAuthRefresh: true } as const;

export async function login(body: LoginBody): Promise<Tokens> {
  const tokens = await api.call(authCalls.login, { body, ...noRefresh });
  setTokens(tokens);
  return tokens;
}

/**
 * Sign-up answers the same whether or not the address already had an account (its owner gets a mail instead), so
 * it hands out no tokens: the new user is then signed in with the password they chose, unverified, and sent to
 * /verification. If that sign-in fails, the address had an account; the same screen tells them to read their mail.
 */
export async function register(body: RegisterBody): Promise<void> {
  await api.call(authCalls.register, { body, ...noRefresh });
  try {
    await login({ email: body.email, password: body.password });
  } catch (e) {
    if (!isApiError(e) || e.status !== 401) throw e;
  }
}

export async function logout(): Promise<void> {
  const refreshToken = getRefreshToken();
  try {
    if (refreshToken) await api.call(authCalls.logout, { body: { refreshToken }, ...noRefresh });
  } catch {
    /* the local session ends whatever the server says */
  } finally {
    clearSession();
  }
}

export const fetchMe = () => api.call(authCalls.me);

export const meQueryOptions = (userId: string | null) =>
  queryOptions({
    queryKey: ['me', userId],
    queryFn: fetchMe,
    enabled: Boolean(userId),
    staleTime: 60_000,
  });

export const requestPasswordReset = (email: string) =>
  api.call(authCalls.passwordReset, { body: { email }, ...noRefresh });

export const resetPassword = (token: string, password: string) =>
  api.call(authCalls.resetPassword, { body: { token, password }, ...noRefresh });

/** Consumes the emailed token; then refreshes so the access token says the email is verified. */
export async function verifyEmail(token: string): Promise<void> {
  await api.call(authCalls.verification, { body: { token }, ...noRefresh });
  if (readSession().authenticated && getRefreshToken()) {
    try {
      await api.refreshTokens();
    } catch {
      /* verified anyway; the next refresh will carry ver=true */
    }
    setVerifiedFlag(true);
  }
}

export const resendVerification = (userId: string) =>
  api.call(authCalls.resendVerification, { params: { id: userId } });

/** What an invitation link is (company, e-mail, role); an unusable one fails with the server's plain reason. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: [queryRoots.invitation, token],
    queryFn: () => api.call(staffCalls.invitation, { params: { token }, ...noRefresh }),
    retry: false,
    staleTime: 0,
  });

/** Accepting makes (or promotes) the account and signs in, as the login does. */
export async function acceptInvitation(body: AcceptInvitationBody): Promise<Tokens> {
  const tokens = await api.call(staffCalls.acceptInvitation, { body, ...noRefresh });
  setTokens(tokens);
  return tokens;
}
