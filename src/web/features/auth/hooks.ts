import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { LoginBody, RegisterBody, Tokens } from '../../../contract/auth';
import type { AcceptInvitationBody } from '../../../contract/staff';
import { queryRoots } from '../../lib/query-keys';
import { clearSession } from '../../lib/session/session';
import {
  acceptInvitation,
  login,
  register,
  requestPasswordReset,
  resendVerification,
  resetPassword,
} from './api';

/** What a screen does once the call succeeded (navigate): the mutation stays pending until it is done. */
type Then<T> = { onSuccess?: (result: T) => unknown };

/**
 * Signing in: the previous user's profile and menus are dropped before anything shows them (a shared device, or
 * staff signing in as a customer to check a screen).
 */
export function useLogin({ onSuccess }: Then<Tokens> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: LoginBody) => login(body),
    onSuccess: async (tokens) => {
      client.removeQueries({ queryKey: [queryRoots.me] });
      client.removeQueries({ queryKey: [queryRoots.menus] });
      await onSuccess?.(tokens);
    },
  });
}

/** Signing up signs the new user in (unverified): the previous user's profile goes. */
export function useSignup({ onSuccess }: Then<RegisterBody> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: RegisterBody) => register(body).then(() => body),
    onSuccess: async (body) => {
      client.removeQueries({ queryKey: [queryRoots.me] });
      await onSuccess?.(body);
    },
  });
}

/** The mail with a reset link; the reply is the same whether or not the address has an account. */
export const useRequestPasswordReset = () =>
  useMutation({ mutationFn: (email: string) => requestPasswordReset(email) });

/** A new password ends every session, this device's too. */
export const useResetPassword = (token: string) =>
  useMutation({
    mutationFn: (password: string) => resetPassword(token, password),
    onSuccess: () => clearSession(),
  });

export const useResendVerification = (userId: string) =>
  useMutation({ mutationFn: () => resendVerification(userId) });

/** Accepting an invitation signs in: as at the login, the previous user's profile and menus go first. */
export function useAcceptInvitation({ onSuccess }: Then<Tokens> = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: AcceptInvitationBody) => acceptInvitation(body),
    onSuccess: async (tokens) => {
      client.removeQueries({ queryKey: [queryRoots.me] });
      client.removeQueries({ queryKey: [queryRoots.menus] });
      await onSuccess?.(tokens);
    },
  });
}
