import { type UseMutationOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type AuditRef, type Changed, refreshAfter } from './refresh';

export type ChangeOptions<TResult, TVars, TContext = unknown> = Omit<
  UseMutationOptions<TResult, Error, TVars, TContext>,
  'mutationFn'
> & {
  mutationFn: (vars: TVars) => Promise<TResult>;
  /** What it changes: every screen showing that is refreshed once it succeeds (lib/refresh.ts). */
  changes: readonly Changed[] | ((result: TResult, vars: TVars) => readonly Changed[]);
  /** The records whose history it wrote to. */
  audit?: (result: TResult, vars: TVars) => readonly AuditRef[];
  /**
   * Refresh after a refusal too: a delete refused usually means the record changed meanwhile (deleted or moved on
   * elsewhere), and the screen should show how it is now.
   */
  refreshOnError?: readonly Changed[];
};

/**
 * A feature's mutation (used by its `hooks.ts`, never by a component directly): sent even when the browser says it
 * is offline (it then fails at once and says so, rather than waiting silently), and once it succeeds it refreshes
 * every query that shows what it changed. The refresh is not awaited: the screen reacts to the reply at once.
 */
export function useChange<TResult, TVars = void, TContext = unknown>({
  mutationFn,
  changes,
  audit,
  onSuccess,
  refreshOnError,
  onError,
  ...options
}: ChangeOptions<TResult, TVars, TContext>) {
  const client = useQueryClient();
  return useMutation<TResult, Error, TVars, TContext>({
    networkMode: 'always',
    ...options,
    // Only the variables: Query's second argument (its context) must never reach a call that takes options.
    mutationFn: (vars) => mutationFn(vars),
    onError: (error, vars, ...rest) => {
      if (refreshOnError) void refreshAfter(client, refreshOnError);
      return onError?.(error, vars, ...rest);
    },
    onSuccess: (result, vars, ...rest) => {
      void refreshAfter(
        client,
        typeof changes === 'function' ? changes(result, vars) : changes,
        audit?.(result, vars),
      );
      return onSuccess?.(result, vars, ...rest);
    },
  });
}

/**
 * Refreshes what a change made elsewhere touched: a route composing two features (the counter showing the invoices'
 * payment drawer) says what changed, and every screen showing it refetches.
 */
export function useRefresh() {
  const client = useQueryClient();
  return useCallback(
    (changes: readonly Changed[], audit?: readonly AuditRef[]) => refreshAfter(client, changes, audit),
    [client],
  );
}
