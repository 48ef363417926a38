import { useQueryClient } from '@tanstack/react-query';
import type { AuthorizedPerson } from '../../../contract/authorized-persons';
import { useChange } from '../../lib/use-change';
import {
  type AuthorizedPersonBody,
  addAuthorizedPerson,
  authorizedPersonKeys,
  deleteAuthorizedPerson,
  updateAuthorizedPerson,
} from './api';

/** The list shows the change at once (the server's answer); the counter's list of who may collect refreshes. */
function useListChange<TVars, TResult>(
  mutationFn: (vars: TVars) => Promise<TResult>,
  apply: (list: AuthorizedPerson[], result: TResult, vars: TVars) => AuthorizedPerson[],
) {
  const client = useQueryClient();
  return useChange({
    mutationFn,
    changes: ['authorized-person'],
    refreshOnError: ['authorized-person'],
    onSuccess: (result, vars) =>
      client.setQueryData<AuthorizedPerson[]>(authorizedPersonKeys.list(), (old) =>
        old ? apply(old, result, vars) : old,
      ),
  });
}

/** The same body sent again with the same key (see lib/api's idempotencyKeys) never adds the person twice. */
export const useAddAuthorizedPerson = () =>
  useListChange(
    (v: { body: AuthorizedPersonBody; key: string }) => addAuthorizedPerson(v.body, v.key),
    (list, saved) => [...list, saved],
  );

export const useUpdateAuthorizedPerson = () =>
  useListChange(
    (v: { id: string; body: AuthorizedPersonBody }) => updateAuthorizedPerson(v.id, v.body),
    (list, saved) => list.map((o) => (o.id === saved.id ? saved : o)),
  );

export const useDeleteAuthorizedPerson = () =>
  useListChange(
    (p: AuthorizedPerson) => deleteAuthorizedPerson(p.id),
    (list, _r, p) => list.filter((o) => o.id !== p.id),
  );
